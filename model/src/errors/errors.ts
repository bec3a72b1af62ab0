/** Why a model operation was refused; REST maps these to status codes in one place. */
export type ModelErrorReason =
  | 'not-found'
  | 'hole-complete'
  | 'run-not-allowed'
  | 'duplicate-crew-member'
  | 'shift-not-set-up'
  | 'not-a-driller'
  | 'invalid-status-transition'
  | 'invalid-input'
  | 'duplicate-hole'
  | 'duplicate-bit'
  | 'duplicate-site-name'
  | 'unsupported-schema-version';

/** A refused model operation with a machine-readable reason and the user-facing message. */
export class ModelError extends Error {
  constructor(
    readonly reason: ModelErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

/** True when the value is a ModelError (optionally of one reason). */
export function isModelError(value: unknown, reason?: ModelErrorReason): value is ModelError {
  return value instanceof ModelError && (reason === undefined || value.reason === reason);
}
