export { createServer, DEFAULTS, VERSION } from './server.ts';
export type { PlodServer, RunningServer, ServerOptions } from './server.ts';
export { DocumentManager, SERVER_ORIGIN } from './docs/document-manager.ts';
export type { DocumentLease, StoredListener } from './docs/document-manager.ts';
export type { AuthorizeHook, SyncAccess } from './sync/sync-route.ts';
export { Relay } from './relay/relay.ts';
export type { RelayOptions } from './relay/relay.ts';
export type { ApplyVerdict, RelayHooks, SocketUpdate } from './relay/hooks.ts';
export { UpdateRefused } from './sync/grant.ts';
export type {
  DocumentStore,
  StoredDocument,
  StoredUpdate,
  AppendEntry,
} from './store/document-store.ts';
export { SqliteStore, DATABASE_FILE } from './store/sqlite-store.ts';
export { MemoryStore } from './store/memory-store.ts';
export { CloseCode } from './close-codes.ts';
export { createLogger } from './logger.ts';
export type { Logger, LogLevel } from './logger.ts';
