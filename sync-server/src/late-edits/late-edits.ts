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
import type { LiveDocument } from '../docs/live-document.ts';
import type { Logger } from '../logger.ts';
import { historyActorOf } from '../rest/documents.ts';
import { HttpError, notFound } from '../rest/errors.ts';
import type { UpdateHold } from '../sync/grant.ts';
import { UnreadableUpdate, applyClientUpdate, checkUpdate } from '../sync/update-check.ts';
import { META_ROOT, REPORT_PARTS, STATUS_KEY, additionOf } from './parts.ts';
import type { ReportPart } from './parts.ts';

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

  constructor(
    private readonly db: Database.Database,
    private readonly manager: DocumentManager,
    private readonly logger: Logger,
  ) {
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
  }

  /**
   * The hold for one crew device's socket on a document: once the report is submitted, its updates
   * are kept here instead of reaching the document.
   */
  holdFor = (docName: string, device: LateEditDevice): UpdateHold => {
    const isReport = classifyDocName(docName).kind === 'report';
    let live: LiveDocument | null = null;
    return {
      shouldHold: (document) => {
        if (!isReport) return false;
        live = document;
        return isSubmittedStatus(readReportMeta(document.doc).status);
      },
      keep: (name, update) => this.keep(name, update, device, live?.doc ?? null),
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
        throw new HttpError(
          409,
          `The report of late edit ${id} no longer exists; discard the edit`,
        );
      }
      // Read through and applied as the relay applies a socket's update: the report may have gained
      // some of its clocks since it was kept, and bytes Yjs would apply only in part never go in.
      let repeats: boolean;
      try {
        repeats = checkUpdate(row.update_blob, (client) => Y.getState(doc.store, client));
      } catch (error) {
        if (!(error instanceof UnreadableUpdate)) throw error;
        throw new HttpError(
          409,
          `Late edit ${id} cannot be applied (${error.message}); discard it`,
        );
      }
      const check = additionOf([Y.encodeStateAsUpdate(doc)], row.update_blob);
      if (check.incomplete) {
        throw new HttpError(
          409,
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
    this.logger.info('late edit merged', { id, doc: row.doc_name });
    return { id, merged: true };
  }

  /** Discards a late edit: it leaves the list and the same content is not kept again. */
  discard(id: string): void {
    this.pending(id);
    this.db
      .prepare(`UPDATE ${TABLE} SET discarded_at = ? WHERE id = ?`)
      .run(new Date().toISOString(), id);
    this.logger.info('late edit discarded', { id });
  }

  /**
   * Stores an update unless it adds nothing beyond the document plus every edit already kept for it
   * (a reconnecting phone re-sends the same missing edits each time). Only the new content is kept.
   */
  private keep(
    docName: string,
    update: Uint8Array,
    device: LateEditDevice,
    doc: Y.Doc | null,
  ): void {
    const held = this.db
      .prepare<[string], { update_blob: Uint8Array }>(
        `SELECT update_blob FROM ${TABLE} WHERE doc_name = ? ORDER BY rowid`,
      )
      .all(docName)
      .map((row) => row.update_blob);
    const base = doc ? [Y.encodeStateAsUpdate(doc), ...held] : held;
    const addition = additionOf(base, update);
    if (addition.update === null) return;
    const classified = classifyDocName(docName);
    const id = randomUUID();
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
    this.logger.info('late edit kept aside', {
      id,
      doc: docName,
      device: device.deviceId,
      parts: addition.parts,
    });
  }

  private pending(id: string): Row {
    const row = this.db
      .prepare<[string], Row>(`SELECT * FROM ${TABLE} WHERE id = ? AND discarded_at IS NULL`)
      .get(id);
    if (!row) throw notFound('Late edit', id);
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
