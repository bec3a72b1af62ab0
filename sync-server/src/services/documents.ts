import type * as Y from 'yjs';
import {
  APPROVED_READ_ONLY,
  HOLES_DOC_NAME,
  isLockedStatus,
  SETUP_DOC_NAME,
  docSchemaOf,
  isModelError,
  migrateHolesDoc,
  migrateReportDoc,
  isSubmittedStatus,
  migrateSetupDoc,
  newerDocumentError,
  schemaVersionOf,
  readReportMeta,
  recordReportChanges,
  reportDocName,
  reportIdSchema,
  systemActor,
  withActor,
} from '@plod/model';
import type { Actor as HistoryActor, MigrationResult, ReportId } from '@plod/model';
import type { Actor } from '../auth/principal.ts';
import { checkSiteAccess } from '../auth/site-scope.ts';
import type { DocumentManager } from '../docs/document-manager.ts';
import { noteLastSavedRead } from '../read-state.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../errors.ts';

type Migrate = (doc: Y.Doc) => MigrationResult;

/** The canonical id of a report, or not found when the text cannot be one. */
export function reportIdOf(text: string): ReportId {
  const parsed = reportIdSchema.safeParse(text);
  if (!parsed.success) throw NotFoundError.of('Shift summary', text);
  return parsed.data;
}

/** The report a report-scoped write names (body or query), or invalid input saying it is needed. */
export function requireReportId(...candidates: (string | undefined)[]): ReportId {
  const text = candidates.find((value) => value !== undefined && value !== '');
  if (text === undefined) {
    throw new InvalidInputError(
      'shiftSummaryId is required: name the shift report in the body or the query',
    );
  }
  return reportIdOf(text);
}

const exists = (doc: Y.Doc) => readReportMeta(doc).reportId !== null;

export const SUBMITTED_READ_ONLY =
  'This report has been submitted: it is read-only to crew devices';
export const SETUP_SUPERVISORS_ONLY =
  'Only a signed-in supervisor may change sites, rigs, crew and hire tools';

/**
 * REST answers show only what is committed (see DocumentManager.read); one read from the last saved
 * state (a commit that cannot happen yet) says so in its answer's header.
 */
const DURABLE = { durable: true, onLastSaved: noteLastSavedRead } as const;

/** True when a crew device asks (not a supervisor, not the server itself). */
const isDevice = (by: Actor) => by?.kind === 'device';

/**
 * Who a REST change is recorded as in the report's history: the authenticated principal (a
 * supervisor by username, a crew device by its id and name), or the server itself.
 */
export function historyActorOf(by: Actor): HistoryActor {
  if (by === null) return systemActor('Server');
  switch (by.kind) {
    case 'supervisor':
      return { kind: 'supervisor', name: by.username, deviceId: null, deviceName: null };
    case 'client':
      return { kind: 'client', name: by.username, deviceId: null, deviceName: null };
    case 'device':
      return {
        kind: 'crew',
        name: by.deviceName || by.deviceId,
        deviceId: by.deviceId,
        deviceName: by.deviceName,
      };
  }
}

/**
 * An approved plod is read-only to everyone (only a Reopen, `reopen`, changes it); a submitted one
 * to crew devices.
 */
function refuseWrite(doc: Y.Doc, device: boolean, reopen: boolean): void {
  const { status } = readReportMeta(doc);
  if (!reopen && isLockedStatus(status)) throw new ConflictError(APPROVED_READ_ONLY);
  if (device && isSubmittedStatus(status)) throw new ForbiddenError(SUBMITTED_READ_ONLY);
}

/** Runs a REST change to a report as its principal, recorded as one history record. */
function asPrincipal<T>(by: Actor, doc: Y.Doc, change: (doc: Y.Doc) => T): T {
  return withActor(doc, historyActorOf(by), () => recordReportChanges(doc, () => change(doc)));
}

/**
 * Reads and writes the live documents for REST. The relay migrates each document as it loads it; one
 * that gained old content since (made by an older app while it was loaded empty) is migrated on its
 * first REST access (idempotent, so racing a client is safe). A document saved by a newer version of
 * Plod is read as it is and never changed here: a write is refused (a model `unsupported-schema-version` error), checked on every write, since a
 * newer device's update can arrive at any time.
 */
export class DocumentService {
  private readonly migrated = new WeakSet<Y.Doc>();

  constructor(readonly manager: DocumentManager) {}

  /** Reads a report; NotFoundError when it does not exist. */
  readReport<T>(id: ReportId, read: (doc: Y.Doc) => T): Promise<T> {
    return this.manager.read(
      reportDocName(id),
      (doc) => {
        this.prepare(doc, migrateReportDoc);
        if (!exists(doc)) throw NotFoundError.of('Shift summary', id);
        return read(doc);
      },
      DURABLE,
    );
  }

  /**
   * Changes a report in one transaction and resolves once durable; NotFoundError when it does not exist. Every
   * REST change to a report comes through here, so this is where another site's plod is refused to
   * a client account or a site's crew device (ForbiddenError, `checkSiteAccess`), a submitted report
   * stays read-only to crew devices (ForbiddenError) and an approved one to everyone (ConflictError),
   * whichever route asked.
   */
  writeReport<T>(
    by: Actor,
    id: ReportId,
    change: (doc: Y.Doc) => T,
    options: { reopen?: boolean } = {},
  ): Promise<T> {
    const device = isDevice(by);
    return this.manager.transact(reportDocName(id), (doc) => {
      this.prepareWrite(reportDocName(id), doc, migrateReportDoc);
      if (!exists(doc)) throw NotFoundError.of('Shift summary', id);
      checkSiteAccess(by, doc);
      refuseWrite(doc, device, options.reopen === true);
      return asPrincipal(by, doc, change);
    });
  }

  /**
   * Resolves when `by` may change the report now (as `writeReport` decides), without changing it:
   * for what a plod names but keeps outside its document (attachments' bytes).
   */
  checkWritable(by: Actor, id: ReportId): Promise<void> {
    return this.readReport(id, (doc) => {
      checkSiteAccess(by, doc);
      refuseWrite(doc, isDevice(by), false);
    });
  }

  /** Creates a report document; ConflictError when the id is taken. */
  createReport<T>(by: Actor, id: ReportId, create: (doc: Y.Doc) => T): Promise<T> {
    return this.manager.transact(reportDocName(id), (doc) => {
      if (exists(doc)) throw new ConflictError(`Shift summary ${id} already exists`);
      return asPrincipal(by, doc, create);
    });
  }

  readSetup<T>(read: (doc: Y.Doc) => T): Promise<T> {
    return this.readShared(SETUP_DOC_NAME, migrateSetupDoc, read);
  }

  /** Changes the setup document; refused (ForbiddenError) to crew devices, as their sockets are. */
  writeSetup<T>(by: Actor, change: (doc: Y.Doc) => T): Promise<T> {
    if (isDevice(by)) return Promise.reject(new ForbiddenError(SETUP_SUPERVISORS_ONLY));
    return this.manager.transact(SETUP_DOC_NAME, (doc) => {
      this.prepareWrite(SETUP_DOC_NAME, doc, migrateSetupDoc);
      return change(doc);
    });
  }

  readHoles<T>(read: (doc: Y.Doc) => T): Promise<T> {
    return this.readShared(HOLES_DOC_NAME, migrateHolesDoc, read);
  }

  /** Reads a shared document (setup, hole register), migrated first. */
  private readShared<T>(name: string, migrate: Migrate, read: (doc: Y.Doc) => T): Promise<T> {
    return this.manager.read(
      name,
      (doc) => {
        this.prepare(doc, migrate);
        return read(doc);
      },
      DURABLE,
    );
  }

  writeHoles<T>(change: (doc: Y.Doc) => T): Promise<T> {
    return this.manager.transact(HOLES_DOC_NAME, (doc) => {
      this.prepareWrite(HOLES_DOC_NAME, doc, migrateHolesDoc);
      return change(doc);
    });
  }

  private prepare(doc: Y.Doc, migrate: Migrate): void {
    if (this.migrated.has(doc)) return;
    try {
      // An empty document (not created yet) has nothing to migrate; check again once it has content.
      if (migrate(doc).to !== 0) this.migrated.add(doc);
    } catch (error) {
      // A newer document is read as it is.
      if (!isModelError(error, 'unsupported-schema-version')) throw error;
    }
  }

  /** `prepare`, then a refusal for a document newer than this server understands. */
  private prepareWrite(name: string, doc: Y.Doc, migrate: Migrate): void {
    this.prepare(doc, migrate);
    const schema = docSchemaOf(name);
    const version = schema ? schemaVersionOf(schema, doc) : 0;
    if (schema && version > schema.current) throw newerDocumentError(schema, version, 'server');
  }
}
