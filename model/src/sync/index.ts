export {
  MESSAGE_SYNC,
  MESSAGE_AWARENESS,
  MESSAGE_AUTH,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_DURABILITY,
  DurabilityKind,
  MAX_DOC_NAME_LENGTH,
  isValidDocName,
  encodeBarrier,
  encodeDurable,
  readDurabilityBody,
  decodeDurability,
} from './protocol.ts';
export type { DurabilityMessage } from './protocol.ts';
export { trackDurability } from './durability.ts';
export type { DurabilityProviderLike, DurabilityOptions, DurabilityTracker } from './durability.ts';
export {
  SYNC_SUBPROTOCOL,
  TOKEN_SUBPROTOCOL_PREFIX,
  syncSubprotocols,
  tokenFromSubprotocols,
} from './socket-auth.ts';
export {
  MESSAGE_LATE_EDITS,
  LateEditsKind,
  NO_LATE_EDITS,
  encodeLateEditsSubscribe,
  encodeLateEditsState,
  parseLateEditsState,
  readLateEditsBody,
  trackLateEdits,
} from './late-edits.ts';
export type {
  LateEditDecision,
  LateEditsState,
  LateEditsMessage,
  LateEditsProviderLike,
  LateEditsTracker,
} from './late-edits.ts';
