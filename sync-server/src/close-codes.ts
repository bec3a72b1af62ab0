/**
 * WebSocket close codes the relay sends. The stock y-websocket client does not reconnect after a
 * code in 4400-4499 (a deliberate, permanent refusal) and reconnects after any other code, so
 * transient conditions use 4500-4599 or the standard codes.
 */
export const CloseCode = {
  /** RFC 6455: the server is restarting or shutting down; reconnect later. */
  ServiceRestart: 1012,
  /** RFC 6455: a message exceeded the size limit (sent by `ws` before reading the payload). */
  MessageTooBig: 1009,
  /** RFC 6455: unexpected server error while handling a message; reconnecting may help. */
  InternalError: 1011,
  /** The socket's credentials were revoked or expired (device revoked, signed out); do not retry. */
  Unauthorized: 4401,
  /** A frame that is not a well-formed y-websocket or Plod message (text, garbage, truncated). */
  BadFrame: 4400,
  /**
   * A crew device has as many edits waiting for a supervisor on this plod as it may (the late-edit
   * cap): nothing more of it is kept until a supervisor merges or discards some. Its edits stay on
   * the device; the reason says so in words the app can show.
   */
  TooManyLateEdits: 4429,
  /**
   * A supervisor's update the plod's lifecycle refuses: a change to an approved (locked) plod, or a
   * status, return comment or sign-off change its rules do not allow (the reason says which).
   * Nothing of that update is kept.
   */
  LifecycleRefused: 4409,
  /** A presence (awareness) state over PLOD_MAX_PRESENCE_BYTES: it is not relayed. */
  PresenceTooLarge: 4413,
  /**
   * A device sent more updates to one plod in an hour, or more bytes in a day, than the server takes
   * (PLOD_UPDATES_PER_DEVICE_HOUR, PLOD_BYTES_PER_DEVICE_DAY): nothing of that update is kept; its
   * edits stay on the device. The reason says which.
   */
  QuotaExceeded: 4430,
  /** The client did not read what it was sent fast enough (send buffer over the bound). */
  SlowConsumer: 4508,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];
