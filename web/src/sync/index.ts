// The only door from screens to documents: Yjs itself never leaves this folder (ESLint enforces it).
export { SyncProvider } from './SyncProvider';
export { useSyncRuntime } from './context';
export {
  useChangedAfterCompletion,
  useConnection,
  useDocMutator,
  useDocReady,
  useDocSnapshot,
  useDocSnapshots,
  useDocument,
  useDownloaded,
  useLaterDocSnapshot,
  useOptionalDocSnapshot,
  usePlodLateEdits,
  useUnseenLateEditDecisions,
  useMutation,
  usePendingCount,
  useSyncStatus,
  useUnreadDocs,
  useUnsentDocNames,
  type ConnectionControls,
  type LaterSnapshot,
  type Mutation,
  type PlodLateEdits,
} from './hooks';
export {
  createSyncRuntime,
  syncUrlFor,
  type SyncRuntime,
  type SyncRuntimeOptions,
} from './runtime';
export { deriveSyncStatus, type ConnectionState, type SyncStatus } from './connection';
export type { DocInfo, DocStatus } from './entry';
export type { AttachPending, PendingTracker } from './pending';
export { createDurablePending, pendingKey } from './pending';
export {
  useUndoHistory,
  type UndoControls,
  type UndoHistory,
  type UndoHistoryFactory,
} from './undo';
export { downloadDocuments, type DownloadProgress, type DownloadResult } from './download';
export { REFERENCE_DOC_NAMES } from './reference';
