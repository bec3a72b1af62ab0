import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import * as Y from 'yjs';
import {
  classifyDocName,
  isSubmittedStatus,
  readReportMeta,
  recordReportChanges,
  withActor,
} from '@plod/model';
import type { Actor } from '../auth/principal.ts';
import type { DocumentManager } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { historyActorOf } from '../services/documents.ts';
import { CloseCode } from '../close-codes.ts';
import { UpdateRefused } from '../sync/grant.ts';
import { UnreadableUpdate, applyClientUpdate, checkUpdate } from '../sync/update-check.ts';
import { KeptSoFar } from './kept-so-far.ts';
import { META_ROOT, REPORT_PARTS, STATUS_KEY, additionOf, additionTo } from './parts.ts';
import type { ReportPart } from './parts.ts';

/** Where one crew device's socket's updates go when they must not reach the document. */
export interface UpdateHold {
  /** Asked before each update is applied; true keeps this update aside instead. */
  shouldHold(doc: Y.Doc): boolean;
  /**
   * Stores the update aside. It must be stored (committed) when this returns: the client's
   * durability barrier is answered after it, so the phone stops counting the edit as pending.
   * Throws UpdateRefused to close the socket with its code and reason (nothing was kept).
   */
  keep(docName: string, update: Uint8Array, doc: Y.Doc): void;
}

/** The crew device a late edit came from. */
export interface LateEditDevice {
  deviceId: string;
  deviceName: string;
}

/** A late edit as GET /api/late-edits lists it. */
export interface LateEdit {
  id: string;
  reportId: string | null;
  deviceId: string;
  deviceName: string;
  receivedAt: string;
  /** Size of the kept update. */
  bytes: number;
  /** What the edit changes, e.g. ["runs", "timesheets"]. */
  parts: ReportPart[];
}

interface Row {
  id: string;
  doc_name: string;
  report_id: string | null;
  device_id: string;
  device_name: string;
  received_at: string;
  update_blob: Uint8Array;
  parts: string;
}

const TABLE = 'late_edits';

/** Edits one device may have waiting for a supervisor on one report (PLOD_LATE_EDITS_PER_DEVICE). */
export const DEFAULT_LATE_EDITS_PER_DEVICE = 500;

/** The close reason a device gets at the cap (a close frame carries at most 123 bytes). */
export const LATE_EDITS_FULL_REASON =
  'Too many edits wait for a supervisor on this plod. Ask a supervisor to review them.';

export interface LateEditsOptions {
  /** Edits one device may have waiting on one report; beyond it its socket is closed (4429). */
  maxPerDevice?: number;
}

/**
 * Offline edits that reached the server after their report was submitted (status `sent`): kept aside
 * for a supervisor to merge or discard, never applied by themselves and never dropped.
 *
 * Rows are stored synchronously, so the socket's durability barrier answered right after `keep` is
 * honest. A discarded edit stays as a row marked discarded: a phone re-sends its edits on every
 * reconnect, and a discarded one must not come back.
 */
export class LateEdits {
  private readonly insert: Database.Statement<
    [string, string, string | null, string, string, string, Uint8Array, string]
  >;
  private readonly kept: KeptSoFar;
  private readonly maxPerDevice: number;

  constructor(
    private readonly db: Database.Database,
    private readonly manager: DocumentManager,
    private readonly logger: Logger,
    options: LateEditsOptions = {},
  ) {
    this.maxPerDevice = options.maxPerDevice ?? DEFAULT_LATE_EDITS_PER_DEVICE;
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        id TEXT PRIMARY KEY,
        doc_name TEXT NOT NULL,
        report_id TEXT,
        device_id TEXT NOT NULL,
        device_name TEXT NOT NULL,
        received_at TEXT NOT NULL,
        update_blob BLOB NOT NULL,
        parts TEXT NOT NULL,
        discarded_at TEXT
      );
      CREATE INDEX IF NOT EXISTS ${TABLE}_doc ON ${TABLE} (doc_name);
    `);
    this.insert = db.prepare(
      `INSERT INTO ${TABLE} (id, doc_name, report_id, device_id, device_name, received_at, update_blob, parts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.kept = new KeptSoFar((docName) => this.keptRows(docName), logger);
  }

  /**
   * The hold for one crew device's socket on a document: once the report is submitted, its updates
   * are kept here instead of reaching the document.
   */
  holdFor = (docName: string, device: LateEditDevice): UpdateHold => {
    const isReport = classifyDocName(docName).kind === 'report';
    return {
      shouldHold: (doc) => isReport && isSubmittedStatus(readReportMeta(doc).status),
      keep: (name, update, doc) => this.keep(name, update, device, doc),
    };
  };

  /** How many late edits wait for a supervisor (the metrics' gauge; reads no update bytes). */
  waitingCount(): number {
    return (
      this.db
        .prepare<[], number>(`SELECT count(*) FROM ${TABLE} WHERE discarded_at IS NULL`)
        .pluck()
        .get() ?? 0
    );
  }

  /** Late edits waiting for a supervisor, oldest first. */
  list(): LateEdit[] {
    return this.db
      .prepare<[], Row>(
        `SELECT * FROM ${TABLE} WHERE discarded_at IS NULL ORDER BY received_at, rowid`,
      )
      .all()
      .map(toLateEdit);
  }

  /**
   * Applies a late edit to its report as a server write (stored, sent to connected clients and
   * projected like any other update), then removes it. The report stays submitted: an edit made
   * before the phone learnt of the submission cannot reopen it.
   */
  async merge(id: string, by: Actor): Promise<{ id: string; merged: true }> {
    const row = this.pending(id);
    await this.manager.transact(row.doc_name, (doc) => {
      const meta = readReportMeta(doc);
      if (meta.reportId === null) {
        throw new ConflictError(`The report of late edit ${id} no longer exists; discard the edit`);
      }
      // Read through and applied as the relay applies a socket's update: the report may have gained
      // some of its clocks since it was kept, and bytes Yjs would apply only in part never go in.
      let repeats: boolean;
      try {
        repeats = checkUpdate(row.update_blob, (client) => Y.getState(doc.store, client));
      } catch (error) {
        if (!(error instanceof UnreadableUpdate)) throw error;
        throw new ConflictError(`Late edit ${id} cannot be applied (${error.message}); discard it`);
      }
      const check = additionOf([Y.encodeStateAsUpdate(doc)], row.update_blob);
      if (check.incomplete) {
        throw new ConflictError(
          `Late edit ${id} builds on an earlier late edit of the same report; merge that one first`,
        );
      }
      // Recorded in the history as the supervisor's merge (the phone's own records come with it).
      const note = `Merged a late edit from ${row.device_name || row.device_id}`;
      withActor(doc, historyActorOf(by), () =>
        recordReportChanges(
          doc,
          () => {
            applyClientUpdate(doc, row.update_blob, repeats, null);
            // The edit was made before the phone learnt of the submission: it cannot change the status.
            if (readReportMeta(doc).status !== meta.status) {
              doc.getMap(META_ROOT).set(STATUS_KEY, meta.status);
            }
          },
          { note },
        ),
      );
    });
    this.db.prepare(`DELETE FROM ${TABLE} WHERE id = ?`).run(id);
    this.kept.settled(row.doc_name, row.device_id);
    this.logger.info('late edit merged', { id, doc: row.doc_name });
    return { id, merged: true };
  }

  /** Discards a late edit: it leaves the list and the same content is not kept again. */
  discard(id: string): void {
    const row = this.pending(id);
    this.db
      .prepare(`UPDATE ${TABLE} SET discarded_at = ? WHERE id = ?`)
      .run(new Date().toISOString(), id);
    this.kept.settled(row.doc_name, row.device_id);
    this.logger.info('late edit discarded', { id });
  }

  /**
   * Stores an update unless it adds nothing beyond the document plus every edit already kept for it
   * (a reconnecting phone re-sends the same missing edits each time). Only the new content is kept.
   * The report's kept edits are held in memory (KeptSoFar), so this costs the same for the
   * thousandth edit as for the first. A device with `maxPerDevice` edits waiting on the report is
   * refused (UpdateRefused, close code 4429): its edits stay on the phone.
   */
  private keep(
    docName: string,
    update: Uint8Array,
    device: LateEditDevice,
    doc: Y.Doc | null,
  ): void {
    const kept = this.kept.of(docName, doc);
    let addition: ReturnType<typeof additionTo>;
    try {
      addition = additionTo(kept.doc, update);
    } catch (error) {
      this.kept.forget(docName);
      throw error;
    }
    if (addition.update === null) return;
    const waiting = kept.waitingByDevice.get(device.deviceId) ?? 0;
    if (waiting >= this.maxPerDevice) {
      // The copy now holds content that is not kept: read it again next time.
      this.kept.forget(docName);
      this.logger.warn('late edit refused: device at its cap', {
        doc: docName,
        device: device.deviceId,
        deviceName: device.deviceName,
        waiting,
      });
      throw new UpdateRefused(CloseCode.TooManyLateEdits, LATE_EDITS_FULL_REASON);
    }
    const classified = classifyDocName(docName);
    const id = randomUUID();
    try {
      this.insert.run(
        id,
        docName,
        classified.kind === 'report' ? classified.reportId : null,
        device.deviceId,
        device.deviceName,
        new Date().toISOString(),
        addition.update,
        JSON.stringify(addition.parts),
      );
    } catch (error) {
      this.kept.forget(docName);
      throw error;
    }
    kept.waitingByDevice.set(device.deviceId, waiting + 1);
    this.logger.info('late edit kept aside', {
      id,
      doc: docName,
      device: device.deviceId,
      parts: addition.parts,
    });
  }

  /** A report's kept updates (discarded ones too) and its waiting edits per device. */
  private keptRows(docName: string) {
    const updates = this.db
      .prepare<[string], { update_blob: Uint8Array }>(
        `SELECT update_blob FROM ${TABLE} WHERE doc_name = ? ORDER BY rowid`,
      )
      .all(docName)
      .map((row) => row.update_blob);
    const counts = this.db
      .prepare<[string], { device_id: string; n: number }>(
        `SELECT device_id, count(*) AS n FROM ${TABLE}
         WHERE doc_name = ? AND discarded_at IS NULL GROUP BY device_id`,
      )
      .all(docName);
    return { updates, waitingByDevice: new Map(counts.map((row) => [row.device_id, row.n])) };
  }

  private pending(id: string): Row {
    const row = this.db
      .prepare<[string], Row>(`SELECT * FROM ${TABLE} WHERE id = ? AND discarded_at IS NULL`)
      .get(id);
    if (!row) throw NotFoundError.of('Late edit', id);
    return row;
  }
}

function toLateEdit(row: Row): LateEdit {
  return {
    id: row.id,
    reportId: row.report_id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    receivedAt: row.received_at,
    bytes: row.update_blob.byteLength,
    parts: parseParts(row.parts),
  };
}

function parseParts(text: string): ReportPart[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) return [];
  return value.filter((part): part is ReportPart =>
    (REPORT_PARTS as readonly unknown[]).includes(part),
  );
}
