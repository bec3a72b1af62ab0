import type Database from 'better-sqlite3';
import { REPORT_DOC_PREFIX, drillerKey } from '@plod/model';
import type { PlodFilter, ReportStatus } from '@plod/model';
import type { ReportRow } from './report-row.ts';

const TABLE = 'report_projection';

/**
 * Columns added after the table's first layout (the summary export and the driller filter): a
 * table without them gains them, and every row is marked behind (seq -1), so the next start
 * projects each report again and fills them.
 */
const ADDED_COLUMNS: readonly (readonly [string, string])[] = [
  // The operator as the driller filter compares it (drillerKey: spaces collapsed, lower case).
  ['driller_key', 'TEXT'],
  // JSON array of hole labels.
  ['holes', "TEXT NOT NULL DEFAULT '[]'"],
  ['approved_by', 'TEXT'],
];

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ${TABLE} (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  site_id TEXT, site_name TEXT, rig_id TEXT, rig_name TEXT,
  date TEXT, shift_type TEXT, operator TEXT,
  metres REAL NOT NULL, hours REAL NOT NULL,
  created_at TEXT, updated_at TEXT, completed_at TEXT, deleted_at TEXT,
  -- Newest first is shift date, then creation time, then id (a total order for stable paging).
  sort_key TEXT NOT NULL,
  bundle TEXT NOT NULL,
  -- Highest stored update seq this row reflects; a restart re-projects documents stored past it.
  seq INTEGER NOT NULL,
  ${ADDED_COLUMNS.map(([name, type]) => `${name} ${type}`).join(',\n  ')}
);
CREATE INDEX IF NOT EXISTS ${TABLE}_sort ON ${TABLE} (sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_status ON ${TABLE} (status, sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_site ON ${TABLE} (site_id, status, sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_rig ON ${TABLE} (rig_id, sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_driller ON ${TABLE} (driller_key, sort_key);
`;

interface DbRow {
  id: string;
  status: ReportStatus;
  site_id: string | null;
  site_name: string | null;
  rig_id: string | null;
  rig_name: string | null;
  date: string | null;
  shift_type: string | null;
  operator: string | null;
  metres: number;
  hours: number;
  created_at: string | null;
  updated_at: string | null;
  completed_at: string | null;
  deleted_at: string | null;
  bundle: string;
  holes: string;
  approved_by: string | null;
}

/** A plod filter (see model plod-filter), plus a single status for the older callers. */
export interface ReportFilter extends Omit<PlodFilter, 'statuses'> {
  status?: ReportStatus;
  statuses?: readonly ReportStatus[];
  /** Only these sites (a client account's); an empty list matches nothing. */
  siteIds?: readonly string[];
}

/** The plods of one status a filter lets through, and their metres and hours. */
export interface StatusTotals {
  status: ReportStatus;
  count: number;
  metres: number;
  hours: number;
}

export interface Page {
  limit: number;
  offset: number;
}

const sortKey = (row: ReportRow) => `${row.date ?? ''}|${row.createdAt ?? ''}|${row.id}`;

function fromDb(row: DbRow): ReportRow {
  return {
    id: row.id,
    status: row.status,
    siteId: row.site_id,
    siteName: row.site_name,
    rigId: row.rig_id,
    rigName: row.rig_name,
    date: row.date,
    shiftType: row.shift_type,
    operator: row.operator,
    metres: row.metres,
    hours: row.hours,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    deletedAt: row.deleted_at,
    bundle: row.bundle,
    holes: parseHoles(row.holes),
    approvedBy: row.approved_by,
  };
}

function parseHoles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function where(filter: ReportFilter): { sql: string; params: (string | number)[] } {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  const add = (clause: string, ...values: string[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (filter.status) add('status = ?', filter.status);
  if (filter.statuses && filter.statuses.length > 0) {
    add(`status IN (${filter.statuses.map(() => '?').join(', ')})`, ...filter.statuses);
  }
  if (filter.driller) add('driller_key = ?', drillerKey(filter.driller));
  if (filter.siteId) add('site_id = ?', filter.siteId);
  if (filter.siteIds) {
    if (filter.siteIds.length === 0) add('0');
    else add(`site_id IN (${filter.siteIds.map(() => '?').join(', ')})`, ...filter.siteIds);
  }
  if (filter.rigId) add('rig_id = ?', filter.rigId);
  if (filter.from) add('date >= ?', filter.from);
  if (filter.to) add('date <= ?', filter.to);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * Adds the columns an older table lacks and marks every row behind, so the start's catch-up
 * projects them again (`staleDocuments` and `behind` compare seqs).
 */
function addMissingColumns(db: Database.Database): void {
  const existing = db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${TABLE}')`)
    .all()
    .map((column) => column.name);
  if (existing.length === 0) return;
  const missing = ADDED_COLUMNS.filter(([name]) => !existing.includes(name));
  if (missing.length === 0) return;
  db.transaction(() => {
    for (const [name, type] of missing) db.exec(`ALTER TABLE ${TABLE} ADD COLUMN ${name} ${type}`);
    db.exec(`UPDATE ${TABLE} SET seq = -1`);
  })();
}

/**
 * Runs `write` with synchronous=NORMAL on this connection, then puts the setting back (also when it
 * throws). Inside a transaction the setting cannot change, so it runs as the transaction does.
 */
function withoutFsync<T>(db: Database.Database, write: () => T): T {
  if (db.inTransaction || db.pragma('synchronous', { simple: true }) !== SYNCHRONOUS_FULL) {
    return write();
  }
  db.pragma('synchronous = NORMAL');
  try {
    return write();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/** `PRAGMA synchronous` as SQLite reports it: 2 is FULL. */
const SYNCHRONOUS_FULL = 2;

/** The reports projection table in the store's SQLite file (or any better-sqlite3 database). */
export class ReportTable {
  private readonly upsertStmt: Database.Statement;
  private readonly deleteStmt: Database.Statement<[string]>;
  private readonly writeRows: Database.Transaction<
    (rows: readonly { row: ReportRow; seq: number }[]) => void
  >;

  constructor(readonly db: Database.Database) {
    addMissingColumns(db);
    db.exec(SCHEMA);
    this.upsertStmt = db.prepare(
      `INSERT INTO ${TABLE} (id, status, site_id, site_name, rig_id, rig_name, date, shift_type, operator,
         metres, hours, created_at, updated_at, completed_at, deleted_at, sort_key, bundle, seq,
         driller_key, holes, approved_by)
       VALUES (@id, @status, @siteId, @siteName, @rigId, @rigName, @date, @shiftType, @operator,
         @metres, @hours, @createdAt, @updatedAt, @completedAt, @deletedAt, @sortKey, @bundle, @seq,
         @drillerKey, @holesJson, @approvedBy)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, site_id = excluded.site_id,
         site_name = excluded.site_name, rig_id = excluded.rig_id, rig_name = excluded.rig_name,
         date = excluded.date, shift_type = excluded.shift_type, operator = excluded.operator,
         metres = excluded.metres, hours = excluded.hours, created_at = excluded.created_at,
         updated_at = excluded.updated_at, completed_at = excluded.completed_at,
         deleted_at = excluded.deleted_at, sort_key = excluded.sort_key, bundle = excluded.bundle,
         seq = MAX(seq, excluded.seq), driller_key = excluded.driller_key,
         holes = excluded.holes, approved_by = excluded.approved_by`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM ${TABLE} WHERE id = ?`);
    this.writeRows = db.transaction((rows) => {
      for (const { row, seq } of rows) {
        this.upsertStmt.run({
          ...row,
          sortKey: sortKey(row),
          seq,
          drillerKey: row.operator === null ? null : drillerKey(row.operator),
          holesJson: JSON.stringify(row.holes),
        });
      }
    });
  }

  /**
   * Writes rows (with the seq each reflects) in one transaction. The commit does not wait for an
   * fsync (synchronous=NORMAL for it alone): the table is derived, and a power loss that undid the
   * last commits leaves rows behind their documents' seqs, which the next start re-projects
   * (`behind`, from the store's `latestSeqs`). A projection pass runs on the relay's event loop about once a second while
   * reports are edited, and should not wait on the disk each time.
   */
  upsert(rows: readonly { row: ReportRow; seq: number }[]): void {
    withoutFsync(this.db, () => this.writeRows(rows));
  }

  /**
   * `upsert`, unless another connection holds the database's write lock (the store's writer thread
   * commits about ten times a second): then nothing is written and it answers false at once. The
   * blocking `upsert` would wait in SQLite's busy handler, which sleeps (1, 2, 5, 10 ms ...) on the
   * thread that called it: here, the relay's event loop.
   */
  tryUpsert(rows: readonly { row: ReportRow; seq: number }[]): boolean {
    const timeout = this.db.pragma('busy_timeout', { simple: true });
    this.db.pragma('busy_timeout = 0');
    try {
      withoutFsync(this.db, () => this.writeRows.immediate(rows));
      return true;
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY') return false;
      throw error;
    } finally {
      this.db.pragma(`busy_timeout = ${Number(timeout)}`);
    }
  }

  delete(ids: readonly string[]): void {
    this.db.transaction(() => {
      for (const id of ids) this.deleteStmt.run(id);
    })();
  }

  clear(): void {
    this.db.exec(`DELETE FROM ${TABLE}`);
  }

  /** Newest first, one page. */
  list(filter: ReportFilter, page: Page): ReportRow[] {
    const { sql, params } = where(filter);
    return this.db
      .prepare<(string | number)[], DbRow>(
        `SELECT * FROM ${TABLE} ${sql} ORDER BY sort_key DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, page.limit, page.offset)
      .map(fromDb);
  }

  count(filter: ReportFilter): number {
    const { sql, params } = where(filter);
    const row = this.db
      .prepare<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM ${TABLE} ${sql}`)
      .get(...params);
    return row?.n ?? 0;
  }

  /**
   * How many plods the filter lets through, with their metres and hours, per status: the lists'
   * totals and tab counts without their rows.
   */
  totals(filter: ReportFilter): StatusTotals[] {
    const { sql, params } = where(filter);
    return this.db
      .prepare<(string | number)[], StatusTotals>(
        `SELECT status, COUNT(*) AS count, TOTAL(metres) AS metres, TOTAL(hours) AS hours
         FROM ${TABLE} ${sql} GROUP BY status ORDER BY status`,
      )
      .all(...params);
  }

  /** Every matching row, newest first (CSV exports and cross-report entry lists). */
  all(filter: ReportFilter): ReportRow[] {
    const { sql, params } = where(filter);
    return this.db
      .prepare<(string | number)[], DbRow>(`SELECT * FROM ${TABLE} ${sql} ORDER BY sort_key DESC`)
      .all(...params)
      .map(fromDb);
  }

  /** Ids of deleted reports soft-deleted before `cutoff` (ISO), optionally of one site. */
  deletedBefore(cutoff: string, siteId?: string | null): string[] {
    const site =
      siteId === undefined ? '' : siteId === null ? 'AND site_id IS NULL' : 'AND site_id = ?';
    const params = siteId ? [cutoff, siteId] : [cutoff];
    return this.db
      .prepare<string[], { id: string }>(
        `SELECT id FROM ${TABLE} WHERE status = 'deleted' AND deleted_at < ? ${site}`,
      )
      .all(...params)
      .map((row) => row.id);
  }

  siteOf(id: string): string | null {
    const row = this.db
      .prepare<[string], { site_id: string | null }>(`SELECT site_id FROM ${TABLE} WHERE id = ?`)
      .get(id);
    return row?.site_id ?? null;
  }

  /** Every row by id, for comparing a kept-in-step table with a rebuilt one. */
  dump(): ReportRow[] {
    return this.db.prepare<[], DbRow>(`SELECT * FROM ${TABLE} ORDER BY id`).all().map(fromDb);
  }

  /**
   * Report documents stored past the seq their row reflects (or never projected), given each
   * report document's highest stored seq (DocumentStore.latestSeqs): updates committed just before
   * a crash are projected on the next start.
   */
  behind(latest: ReadonlyMap<string, number>): string[] {
    const projected = new Map(
      this.db
        .prepare<[], { id: string; seq: number }>(`SELECT id, seq FROM ${TABLE}`)
        .all()
        .map((row) => [`${REPORT_DOC_PREFIX}${row.id}`, row.seq]),
    );
    return [...latest]
      .filter(([name, seq]) => seq > (projected.get(name) ?? -1))
      .map(([name]) => name);
  }
}
