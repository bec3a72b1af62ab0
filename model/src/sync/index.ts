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
