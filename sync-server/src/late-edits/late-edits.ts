import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type * as Y from 'yjs';
import { classifyDocName, isSubmittedStatus, readReportMeta } from '@plod/model';
import type { DocumentManager } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import { NotFoundError } from '../errors.ts';
import { CloseCode } from '../close-codes.ts';
import { UpdateRefused } from '../sync/grant.ts';
import { KeptSoFar } from './kept-so-far.ts';
import { REPORT_PARTS, additionTo } from './parts.ts';
import type { ReportPart } from './parts.ts';
import type { PlannedEdit } from './plan.ts';
import { ALREADY_DECIDED } from './review.ts';
import type { EditSession } from './sessions.ts';
import { groupSessions } from './sessions.ts';

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

/** A waiting edit with its document's name (sessions group by it). */
export type KeptEdit = LateEdit & { docName: string };

interface Row {
  id: string;
  doc_name: string;
  report_id: string | null;
  device_id: string;
  device_name: string;
  received_at: string;
  update_blob: Uint8Array;
  parts: string;
  discarded_at: string | null;
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
 * Offline edits that reached the server after their report was submitted (sent or approved): kept
 * aside for a supervisor to merge or discard, never applied by themselves and never dropped.
 *
 * Rows are stored synchronously, so the socket's durability barrier answered right after `keep` is
 * honest. A supervisor decides per session (sessions.ts), in any order (decisions.ts). A discarded
 * row stays, marked, until absorbed and after.
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
        discarded_at TEXT,
        absorbed_at TEXT
      );
      CREATE INDEX IF NOT EXISTS ${TABLE}_doc ON ${TABLE} (doc_name);
    `);
    const columns = db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${TABLE}')`)
      .all()
      .map((column) => column.name);
    // Discarded before edits were absorbed: absorbed at the plod's next decision.
    if (!columns.includes('absorbed_at'))
      db.exec(`ALTER TABLE ${TABLE} ADD COLUMN absorbed_at TEXT`);
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
    return this.waitingRows().map(toLateEdit);
  }

  /** Waiting edits grouped into sessions (one phone, one plod, close together), oldest first. */
  sessions(): EditSession<KeptEdit>[] {
    return groupSessions(
      this.waitingRows().map((row) => ({ ...toLateEdit(row), docName: row.doc_name })),
    );
  }

  /** Marks edits discarded (they stay, for their content, until absorbed). */
  markDiscarded(ids: readonly string[]): void {
    const at = new Date().toISOString();
    const update = this.db.prepare<[string, string], Pick<Row, 'doc_name' | 'device_id'>>(
      `UPDATE ${TABLE} SET discarded_at = ? WHERE id = ? AND discarded_at IS NULL
       RETURNING doc_name, device_id`,
    );
    const settled = this.db.transaction(() => ids.flatMap((id) => update.all(at, id)))();
    // A decided edit no longer counts against its device's cap.
    for (const row of settled) this.kept.settled(row.doc_name, row.device_id);
    this.logger.info('late edits discarded', { ids });
  }

  /** Marks discarded edits absorbed: their content is in the plod, undone. */
  markAbsorbed(ids: readonly string[]): void {
    const at = new Date().toISOString();
    const update = this.db.prepare(`UPDATE ${TABLE} SET absorbed_at = ? WHERE id = ?`);
    for (const id of ids) update.run(at, id);
  }

  /** Waiting and discarded-but-not-absorbed edits of a plod, in the order they arrived. */
  keptOf(docName: string): PlannedEdit[] {
    return this.db
      .prepare<[string], Row & { seq: number }>(
        `SELECT rowid AS seq, * FROM ${TABLE}
         WHERE doc_name = ? AND absorbed_at IS NULL ORDER BY rowid`,
      )
      .all(docName)
      .map((row) => ({
        id: row.id,
        deviceId: row.device_id,
        deviceName: row.device_name || row.device_id,
        seq: row.seq,
        update: row.update_blob,
        state: row.discarded_at === null ? ('waiting' as const) : ('discarded' as const),
      }));
  }

  /** Waiting sessions of one plod, or all. */
  sessionsOf(reportId?: string): EditSession<KeptEdit>[] {
    return this.sessions().filter(
      (session) => reportId === undefined || session.edits[0]?.reportId === reportId,
    );
  }

  /** A waiting session; 404 in words once it is decided. */
  sessionOf(id: string): EditSession<KeptEdit> {
    const session = this.sessions().find((s) => s.id === id);
    if (!session) throw new NotFoundError(ALREADY_DECIDED);
    return session;
  }

  isWaiting(id: string): boolean {
    return (
      this.db
        .prepare<[string], number>(
          `SELECT count(*) FROM ${TABLE} WHERE id = ? AND discarded_at IS NULL`,
        )
        .pluck()
        .get(id) === 1
    );
  }

  private waitingRows(): Row[] {
    return this.db
      .prepare<[], Row>(
        `SELECT * FROM ${TABLE} WHERE discarded_at IS NULL ORDER BY received_at, rowid`,
      )
      .all();
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

  /** A waiting edit's plod; 404 in words once it is decided. */
  docOfWaiting(id: string): string {
    return this.pending(id).doc_name;
  }

  /** Removes merged edits: their content is in the plod. */
  removeMerged(ids: readonly string[]): void {
    const remove = this.db.prepare<[string], Pick<Row, 'doc_name' | 'device_id' | 'discarded_at'>>(
      `DELETE FROM ${TABLE} WHERE id = ? RETURNING doc_name, device_id, discarded_at`,
    );
    const removed = this.db.transaction(() => ids.flatMap((id) => remove.all(id)))();
    for (const row of removed) {
      if (row.discarded_at === null) this.kept.settled(row.doc_name, row.device_id);
    }
  }

  private pending(id: string): Row {
    const row = this.db
      .prepare<[string], Row>(`SELECT * FROM ${TABLE} WHERE id = ? AND discarded_at IS NULL`)
      .get(id);
    if (!row) throw new NotFoundError(ALREADY_DECIDED);
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
