import { randomUUID } from 'node:crypto';
import type { AppSql } from '../app-db/app-sql.ts';
import type * as Y from 'yjs';
import { classifyDocName, isSubmittedStatus, readReportMeta } from '@plod/model';
import type { DocumentManager } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import { NotFoundError } from '../errors.ts';
import { CloseCode } from '../close-codes.ts';
import { UpdateRefused } from '../sync/grant.ts';
import type { LateEditsState } from '@plod/model/sync';
import { KeptSoFar } from './kept-so-far.ts';
import { LateEditNotices } from './notices.ts';
import { REPORT_PARTS, additionTo } from './parts.ts';
import type { ReportPart } from './parts.ts';
import type { PlannedEdit } from './plan.ts';
import { ALREADY_DECIDED } from './session-view.ts';
import type { EditSession } from './sessions.ts';
import { groupSessions } from './sessions.ts';

/** Where one crew device's socket's updates go when they must not reach the document. */
export interface UpdateHold {
  /** Asked before each update is applied; true keeps this update aside instead. */
  shouldHold(doc: Y.Doc): boolean;
  /**
   * Stores the update aside; it is stored (committed) when the promise resolves: the socket's
   * later durability barriers are answered after it, so the phone stops counting the edit as
   * pending. Rejects with UpdateRefused to close the socket with its code and reason (nothing was
   * kept).
   */
  keep(docName: string, update: Uint8Array, doc: Y.Doc): Promise<void>;
  /**
   * What the socket's device is told of its held updates (message 101, for clients that subscribe):
   * how many wait, and what was decided.
   */
  state?(): Promise<LateEditsState>;
  /** Calls `listener` when that state changes; returns the stop. */
  watch?(listener: () => void): () => void;
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
 * The table is on the app database's asynchronous side (PostgreSQL with PLOD_DATABASE_URL): a
 * socket's barrier is answered only once its kept edit is committed (the relay's `{ held }`), and one
 * report's edits are kept one after another, in the order they arrived. A supervisor decides per session (sessions.ts), in any order (decisions.ts). A discarded
 * row stays, marked, until absorbed and after.
 */
export class LateEdits {
  private readonly kept: KeptSoFar;
  private readonly maxPerDevice: number;
  /** What each crew device is told of its kept edits (message 101). */
  private readonly notices: LateEditNotices;
  private table: Promise<void> | null = null;
  /** Per report, the edit being kept (the next one waits for it). */
  private readonly keeping = new Map<string, Promise<void>>();
  /** The order rows arrived in: SQLite's rowid, PostgreSQL's `seq` column. */
  private readonly arrival: string;
  private readonly arrivalSeq: string;

  constructor(
    private readonly sql: AppSql,
    private readonly manager: DocumentManager,
    private readonly logger: Logger,
    options: LateEditsOptions = {},
  ) {
    this.maxPerDevice = options.maxPerDevice ?? DEFAULT_LATE_EDITS_PER_DEVICE;
    const postgres = sql.dialect === 'postgres';
    this.arrival = postgres ? 'seq' : 'rowid';
    this.arrivalSeq = postgres ? 'CAST(seq AS INTEGER)' : 'rowid';
    void this.ready().catch(() => undefined);
    this.kept = new KeptSoFar((docName) => this.keptRows(docName), logger);
    this.notices = new LateEditNotices(sql, TABLE);
  }

  /** Creates the table if it is missing (tried again by the next call after a failure). */
  private ready(): Promise<void> {
    this.table ??= this.prepareTable().catch((error: unknown) => {
      this.logger.error('late edits table not ready', { error });
      this.table = null;
      throw error;
    });
    return this.table;
  }

  private async prepareTable(): Promise<void> {
    await this.sql.define(tableSql('BLOB', ''), tableSql('BYTEA', 'seq BIGSERIAL,'));
    if (this.sql.dialect !== 'sqlite') return;
    const columns = (
      await this.sql.all<{ name: string }>(`SELECT name FROM pragma_table_info('${TABLE}')`)
    ).map((column) => column.name);
    // Discarded before edits were absorbed: absorbed at the plod's next decision.
    if (!columns.includes('absorbed_at'))
      await this.sql.exec(`ALTER TABLE ${TABLE} ADD COLUMN absorbed_at TEXT`);
  }

  /**
   * The hold for one crew device's socket on a document: once the report is submitted, its updates
   * are kept here instead of reaching the document.
   */
  holdFor = (docName: string, device: LateEditDevice): UpdateHold => {
    const isReport = classifyDocName(docName).kind === 'report';
    return {
      shouldHold: (doc) => isReport && isSubmittedStatus(readReportMeta(doc).status),
      keep: (name, update, doc) => this.keepInTurn(name, update, device, doc),
      state: async () => {
        await this.ready();
        return this.notices.state(docName, device.deviceId);
      },
      watch: (listener) => this.notices.watch(docName, device.deviceId, listener),
    };
  };

  /** How many late edits wait for a supervisor (the metrics' gauge; reads no update bytes). */
  async waitingCount(): Promise<number> {
    await this.ready();
    const [row] = await this.sql.all<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM ${TABLE} WHERE discarded_at IS NULL`,
    );
    return row?.n ?? 0;
  }

  /** Late edits waiting for a supervisor, oldest first. */
  async list(): Promise<LateEdit[]> {
    return (await this.waitingRows()).map(toLateEdit);
  }

  /** Waiting edits grouped into sessions (one phone, one plod, close together), oldest first. */
  async sessions(): Promise<EditSession<KeptEdit>[]> {
    return groupSessions(
      (await this.waitingRows()).map((row) => ({ ...toLateEdit(row), docName: row.doc_name })),
    );
  }

  /** Marks edits discarded (they stay, for their content, until absorbed). */
  async markDiscarded(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ready();
    const settled = await this.sql.all<Pick<Row, 'doc_name' | 'device_id'>>(
      `UPDATE ${TABLE} SET discarded_at = ? WHERE id IN (${marks(ids)}) AND discarded_at IS NULL
       RETURNING doc_name, device_id`,
      [new Date().toISOString(), ...ids],
    );
    // A decided edit no longer counts against its device's cap, nor as waiting on its phone. The
    // phone is told of the discard once the edit is absorbed (markAbsorbed): only then does it leave.
    for (const row of settled) {
      this.kept.settled(row.doc_name, row.device_id);
      this.notices.changed(row.doc_name, row.device_id);
    }
    this.logger.info('late edits discarded', { ids });
  }

  /** Marks discarded edits absorbed: their content is in the plod, undone; their phones are told. */
  async markAbsorbed(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ready();
    const absorbed = await this.sql.all<Pick<Row, 'id' | 'doc_name' | 'device_id' | 'parts'>>(
      `UPDATE ${TABLE} SET absorbed_at = ? WHERE id IN (${marks(ids)}) AND absorbed_at IS NULL
       RETURNING id, doc_name, device_id, parts`,
      [new Date().toISOString(), ...ids],
    );
    await this.notices.decided(absorbed.map(decidedEdit), 'discarded');
  }

  /** Waiting and discarded-but-not-absorbed edits of a plod, in the order they arrived. */
  async keptOf(docName: string): Promise<PlannedEdit[]> {
    await this.ready();
    const rows = await this.sql.all<Row & { arrival: number }>(
      `SELECT ${this.arrivalSeq} AS arrival, * FROM ${TABLE}
       WHERE doc_name = ? AND absorbed_at IS NULL ORDER BY ${this.arrival}`,
      [docName],
    );
    return rows.map((row) => ({
      id: row.id,
      deviceId: row.device_id,
      deviceName: row.device_name || row.device_id,
      seq: row.arrival,
      update: row.update_blob,
      state: row.discarded_at === null ? ('waiting' as const) : ('discarded' as const),
    }));
  }

  /** Waiting sessions of one plod, or all. */
  async sessionsOf(reportId?: string): Promise<EditSession<KeptEdit>[]> {
    return (await this.sessions()).filter(
      (session) => reportId === undefined || session.edits[0]?.reportId === reportId,
    );
  }

  /** A waiting session; 404 in words once it is decided. */
  async sessionOf(id: string): Promise<EditSession<KeptEdit>> {
    const session = (await this.sessions()).find((s) => s.id === id);
    if (!session) throw new NotFoundError(ALREADY_DECIDED);
    return session;
  }

  async isWaiting(id: string): Promise<boolean> {
    await this.ready();
    const [row] = await this.sql.all<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM ${TABLE} WHERE id = ? AND discarded_at IS NULL`,
      [id],
    );
    return row?.n === 1;
  }

  private async waitingRows(): Promise<Row[]> {
    await this.ready();
    return this.sql.all<Row>(
      `SELECT * FROM ${TABLE} WHERE discarded_at IS NULL ORDER BY received_at, ${this.arrival}`,
    );
  }

  /** One report's edits are kept one after another, each once the one before it is settled. */
  private keepInTurn(
    docName: string,
    update: Uint8Array,
    device: LateEditDevice,
    doc: Y.Doc,
  ): Promise<void> {
    const previous = this.keeping.get(docName) ?? Promise.resolve();
    const mine = previous.then(() => this.keep(docName, update, device, doc));
    const settled = mine.catch(() => undefined);
    this.keeping.set(docName, settled);
    void settled.then(() => {
      if (this.keeping.get(docName) === settled) this.keeping.delete(docName);
    });
    return mine;
  }

  /**
   * Stores an update unless it adds nothing beyond the document plus every edit already kept for it
   * (a reconnecting phone re-sends the same missing edits each time). Only the new content is kept.
   * The report's kept edits are held in memory (KeptSoFar), so this costs the same for the
   * thousandth edit as for the first. A device with `maxPerDevice` edits waiting on the report is
   * refused (UpdateRefused, close code 4429): its edits stay on the phone.
   */
  private async keep(
    docName: string,
    update: Uint8Array,
    device: LateEditDevice,
    doc: Y.Doc | null,
  ): Promise<void> {
    await this.ready();
    const kept = await this.kept.of(docName, doc);
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
      await this.sql.run(
        `INSERT INTO ${TABLE} (id, doc_name, report_id, device_id, device_name, received_at, update_blob, parts)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          docName,
          classified.kind === 'report' ? classified.reportId : null,
          device.deviceId,
          device.deviceName,
          new Date().toISOString(),
          Buffer.from(addition.update),
          JSON.stringify(addition.parts),
        ],
      );
    } catch (error) {
      this.kept.forget(docName);
      throw error;
    }
    kept.waitingByDevice.set(device.deviceId, waiting + 1);
    this.notices.changed(docName, device.deviceId);
    this.logger.info('late edit kept aside', {
      id,
      doc: docName,
      device: device.deviceId,
      parts: addition.parts,
    });
  }

  /** A report's kept updates (discarded ones too) and its waiting edits per device. */
  private async keptRows(docName: string) {
    const updates = (
      await this.sql.all<{ update_blob: Uint8Array }>(
        `SELECT update_blob FROM ${TABLE} WHERE doc_name = ? ORDER BY ${this.arrival}`,
        [docName],
      )
    ).map((row) => row.update_blob);
    const counts = await this.sql.all<{ device_id: string; n: number }>(
      `SELECT device_id, CAST(count(*) AS INTEGER) AS n FROM ${TABLE}
       WHERE doc_name = ? AND discarded_at IS NULL GROUP BY device_id`,
      [docName],
    );
    return { updates, waitingByDevice: new Map(counts.map((row) => [row.device_id, row.n])) };
  }

  /** A waiting edit's plod; 404 in words once it is decided. */
  async docOfWaiting(id: string): Promise<string> {
    return (await this.pending(id)).doc_name;
  }

  /** Removes merged edits: their content is in the plod. */
  async removeMerged(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ready();
    const removed = await this.sql.all<
      Pick<Row, 'id' | 'doc_name' | 'device_id' | 'discarded_at' | 'parts'>
    >(
      `DELETE FROM ${TABLE} WHERE id IN (${marks(ids)})
       RETURNING id, doc_name, device_id, discarded_at, parts`,
      ids,
    );
    const merged = removed.filter((row) => row.discarded_at === null);
    for (const row of merged) this.kept.settled(row.doc_name, row.device_id);
    // Their phones are told: the changes stay.
    await this.notices.decided(merged.map(decidedEdit), 'merged');
  }

  private async pending(id: string): Promise<Row> {
    await this.ready();
    const [row] = await this.sql.all<Row>(
      `SELECT * FROM ${TABLE} WHERE id = ? AND discarded_at IS NULL`,
      [id],
    );
    if (!row) throw new NotFoundError(ALREADY_DECIDED);
    return row;
  }
}

/** A decided edit, as its phone's notice needs it. */
function decidedEdit(row: Pick<Row, 'id' | 'doc_name' | 'device_id' | 'parts'>) {
  return {
    id: row.id,
    docName: row.doc_name,
    deviceId: row.device_id,
    parts: parseParts(row.parts),
  };
}

/** `?, ?, ...`, one per value. */
const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** The table; PostgreSQL numbers its rows in arrival order (`seq`), SQLite has its rowid. */
function tableSql(blob: string, arrival: string): string {
  return `
    CREATE TABLE IF NOT EXISTS ${TABLE} (
      ${arrival}
      id TEXT PRIMARY KEY,
      doc_name TEXT NOT NULL,
      report_id TEXT,
      device_id TEXT NOT NULL,
      device_name TEXT NOT NULL,
      received_at TEXT NOT NULL,
      update_blob ${blob} NOT NULL,
      parts TEXT NOT NULL,
      discarded_at TEXT,
      absorbed_at TEXT
    );
    CREATE INDEX IF NOT EXISTS ${TABLE}_doc ON ${TABLE} (doc_name);`;
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
