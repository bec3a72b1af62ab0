import type { LateEditDecision, LateEditsState } from '@plod/model/sync';
import type { AppSql } from '../app-db/app-sql.ts';
import { parseStringList } from '../app-db/json-list.ts';

const DECISIONS = 'late_edit_decisions';
/** How long a device is told of a decision (a phone may be away for a while before it syncs). */
export const DECISION_NOTICE_DAYS = 30;
/** At most this many decisions per device and document are sent. */
const DECISIONS_SENT = 20;

/** A held edit as far as the notices need it. */
export interface DecidedEdit {
  id: string;
  docName: string;
  deviceId: string;
  parts: string[];
}

const TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS ${DECISIONS} (
    id TEXT PRIMARY KEY,
    doc_name TEXT NOT NULL,
    device_id TEXT NOT NULL,
    decision TEXT NOT NULL,
    parts TEXT NOT NULL,
    decided_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS ${DECISIONS}_device ON ${DECISIONS} (doc_name, device_id);
`;

/**
 * What each crew device is told about its held edits on a document (message 101 in
 * docs/sync-protocol.md): how many wait for a supervisor, and what was decided. Decisions are kept in
 * a table of their own for DECISION_NOTICE_DAYS, so a phone that syncs days later still learns them.
 * The table is on the app database (PostgreSQL with PLOD_DATABASE_URL), beside the kept edits.
 */
export class LateEditNotices {
  private readonly listeners = new Map<string, Set<() => void>>();
  private table: Promise<void> | null = null;

  constructor(
    private readonly sql: AppSql,
    private readonly heldTable: string,
  ) {}

  /** Creates the table if it is missing (tried again by the next call after a failure). */
  private ready(): Promise<void> {
    this.table ??= this.sql.define(TABLE_SQL).catch((error: unknown) => {
      this.table = null;
      throw error;
    });
    return this.table;
  }

  /** The device's held edits on the document: waiting ones, and recent decisions newest first. */
  async state(docName: string, deviceId: string): Promise<LateEditsState> {
    await this.ready();
    const [count] = await this.sql.all<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM ${this.heldTable}
       WHERE doc_name = ? AND device_id = ? AND discarded_at IS NULL`,
      [docName, deviceId],
    );
    const since = new Date(Date.now() - DECISION_NOTICE_DAYS * 86_400_000).toISOString();
    const rows = await this.sql.all<{
      id: string;
      decision: string;
      parts: string;
      decided_at: string;
    }>(
      `SELECT id, decision, parts, decided_at FROM ${DECISIONS}
       WHERE doc_name = ? AND device_id = ? AND decided_at >= ?
       ORDER BY decided_at DESC, id DESC LIMIT ?`,
      [docName, deviceId, since, DECISIONS_SENT],
    );
    const decided = rows.map((row): LateEditDecision => ({
      id: row.id,
      decision: row.decision === 'merged' ? 'merged' : 'discarded',
      at: row.decided_at,
      parts: parseStringList(row.parts),
    }));
    return { waiting: Number(count?.n ?? 0), decided };
  }

  /** Records supervisors' decisions, forgets expired ones, and tells the devices' sockets. */
  async decided(
    edits: readonly DecidedEdit[],
    decision: LateEditDecision['decision'],
  ): Promise<void> {
    if (edits.length === 0) return;
    await this.ready();
    const now = new Date();
    const cutoff = new Date(now.getTime() - DECISION_NOTICE_DAYS * 86_400_000).toISOString();
    await this.sql.run(`DELETE FROM ${DECISIONS} WHERE decided_at < ?`, [cutoff]);
    for (const edit of edits) {
      await this.sql.run(
        `INSERT INTO ${DECISIONS} (id, doc_name, device_id, decision, parts, decided_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET decision = excluded.decision,
           decided_at = excluded.decided_at`,
        [
          edit.id,
          edit.docName,
          edit.deviceId,
          decision,
          JSON.stringify(edit.parts),
          now.toISOString(),
        ],
      );
    }
    for (const edit of edits) this.changed(edit.docName, edit.deviceId);
  }

  /** Tells the device's subscribed sockets on the document that its state changed. */
  changed(docName: string, deviceId: string): void {
    for (const listener of this.listeners.get(key(docName, deviceId)) ?? []) listener();
  }

  /** Calls `listener` whenever the device's state on the document changes; returns the stop. */
  watch(docName: string, deviceId: string, listener: () => void): () => void {
    const k = key(docName, deviceId);
    const set = this.listeners.get(k) ?? new Set<() => void>();
    set.add(listener);
    this.listeners.set(k, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(k);
    };
  }
}

function key(docName: string, deviceId: string): string {
  return `${docName}\u0001${deviceId}`;
}
