import { notifications } from '@mantine/notifications';
import { isModelError } from '@plod/model';

/** A success toast, as the other screens show them. */
export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message });
}

/** An error toast. */
export function notifyFailure(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message });
}

/** The model's own words for a refused change: a schema's first issue, or a ModelError's message. */
export function refusalOf(error: unknown): string | null {
  if (isModelError(error)) return error.message;
  if (typeof error === 'object' && error !== null && 'issues' in error) {
    const { issues } = error;
    if (Array.isArray(issues)) {
      const first: unknown = issues[0];
      if (typeof first === 'object' && first !== null && 'message' in first) {
        const { message } = first;
        if (typeof message === 'string' && message) return message;
      }
    }
  }
  return null;
}

/** The reason a change failed, for people: the model's words, an error's message, or the fallback. */
export function reasonOf(error: unknown, fallback: string): string {
  const refusal = refusalOf(error);
  if (refusal) return refusal;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Runs a change to the setup document and toasts the outcome; a refused model operation says why
 * in its own words. False when refused (the modal or inline form then keeps what was typed).
 */
export function applyChange(
  action: () => void,
  success: [title: string, message: string],
  failure: string,
): boolean {
  try {
    action();
    notifySuccess(...success);
    return true;
  } catch (error) {
    notifyFailure(refusalOf(error) ?? failure);
    return false;
  }
}
