// @plod/model/history: what the sync layer needs to record who changes a report. No zod schema is
// built here, so the app's first bundle can load it before the screens (and their schemas) load.
export type { Actor } from './actor.ts';
export { currentActor, setDocActor, withActor } from './actor.ts';
export { HISTORY_ORIGIN, recordReportChanges } from './record.ts';
export { isReportDocName } from '../docs/doc-names.ts';
