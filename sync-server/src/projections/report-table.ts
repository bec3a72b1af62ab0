import type { AppSql, SqlStatement, SqlValue } from '../app-db/app-sql.ts';
import { parseStringList } from '../app-db/json-list.ts';
import { REPORT_DOC_PREFIX, drillerKey } from '@plod/model';
import type { GapPlod, PlodFilter, PlodKpiFacts, ReportId, ReportStatus } from '@plod/model';
import type { HoleEnd, ReportRow } from './report-row.ts';

const TABLE = 'report_projection';

/**
 * Each plod's deepest run of each hole it worked, with the plod's status and sort key: what adding
 * a run needs to continue a hole from earlier shifts, read by hole without opening every plod.
 */
const HOLE_TABLE = 'report_hole_projection';

/**
 * Each plod's KPI items (model plodKpiFacts): `downtime` (item: code name, group: code group,
 * amount: hours), `bit` (item: serial, amount: metres) and `hole` (item: hole, amount: core
 * recovered, amount2: metres drilled over the runs that recorded it). The KPI query sums them
 * over the plods its filter lets through, so it never opens a plod.
 */
const KPI_TABLE = 'report_kpi_item';

/**
 * Each plod's bit changes as the holes they were on: one row per plod, bit serial and hole. A bit's
 * life-to-date metres read the plods of its holes through it (by serial), not every plod.
 */
const BIT_TABLE = 'report_bit_hole';

/**
 * Empty; made with the tables once the projector prices plods (the KPIs' revenue). A projection
 * made before it holds rows with no revenue: every plod is projected once again to price it.
 */
const PRICED_MARK = 'report_projection_priced';

/**
 * What the reports index document reflects (SQLite): `generation` counts every row written to or
 * removed from the reports table, by any writer (triggers, so an older server's writes count too);
 * `reflects` is what a server recorded as the index's state when the index last matched the table,
 * valid while `generation` still equals `reflects_generation`; `epoch` is bumped by whatever
 * replaces the table without writing the index (a rebuild from the command line, which may run
 * beside the server), so a server running then records nothing at its stop.
 */
const INDEX_STATE = 'report_index_state';

const INDEX_STATE_SQLITE = `
CREATE TABLE IF NOT EXISTS ${INDEX_STATE} (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL,
  epoch INTEGER NOT NULL,
  reflects TEXT,
  reflects_generation INTEGER
);
INSERT OR IGNORE INTO ${INDEX_STATE} (id, generation, epoch) VALUES (1, 0, 0);
${['INSERT', 'UPDATE', 'DELETE']
  .map(
    (event) => `CREATE TRIGGER IF NOT EXISTS ${INDEX_STATE}_${event.toLowerCase()}
  AFTER ${event} ON ${TABLE}
  BEGIN UPDATE ${INDEX_STATE} SET generation = generation + 1 WHERE id = 1; END;`,
  )
  .join('\n')}`;

/** What the reports index was last recorded to reflect (ReportTable.indexState). */
export interface IndexState {
  /** What was recorded while the table has not changed since; null otherwise. */
  reflects: string | null;
  /** What `recordIndexReflects` is given back, so a rebuild run meanwhile voids the record. */
  epoch: number;
}

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
  // The KPI facts of the plod (model plodKpiFacts); revenue is its charges under the contract
  // version in force on its date (the projector prices it), null with none in force.
  ['drilling_hours', 'DOUBLE PRECISION NOT NULL DEFAULT 0'],
  ['shift_hours', 'DOUBLE PRECISION NOT NULL DEFAULT 0'],
  ['revenue_cents', 'DOUBLE PRECISION'],
  // When the plod was first submitted (ISO): what the missing-shifts list calls late.
  ['submitted_at', 'TEXT'],
];

/**
 * The table in either dialect: PostgreSQL's REAL is 4 bytes (SQLite's 8), its seqs are BIGINT, and
 * the columns compared and sorted as text compare byte by byte, as SQLite's do, whatever the
 * database's locale.
 */
const schema = (real: string, seq: string, bytewise: string) => `
CREATE TABLE IF NOT EXISTS ${TABLE} (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  site_id TEXT, site_name TEXT, rig_id TEXT, rig_name TEXT,
  date TEXT${bytewise}, shift_type TEXT, operator TEXT,
  metres ${real} NOT NULL, hours ${real} NOT NULL,
  created_at TEXT, updated_at TEXT, completed_at TEXT, deleted_at TEXT${bytewise},
  -- Newest first is shift date, then creation time, then id (a total order for stable paging).
  sort_key TEXT${bytewise} NOT NULL,
  bundle TEXT NOT NULL,
  -- Highest stored update seq this row reflects; a restart re-projects documents stored past it.
  seq ${seq} NOT NULL,
  ${ADDED_COLUMNS.map(([name, type]) => `${name} ${type}`).join(',\n  ')}
);
CREATE INDEX IF NOT EXISTS ${TABLE}_sort ON ${TABLE} (sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_status ON ${TABLE} (status, sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_site ON ${TABLE} (site_id, status, sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_rig ON ${TABLE} (rig_id, sort_key);
CREATE INDEX IF NOT EXISTS ${TABLE}_driller ON ${TABLE} (driller_key, sort_key);
CREATE TABLE IF NOT EXISTS ${HOLE_TABLE} (
  report_id TEXT NOT NULL,
  hole_id TEXT NOT NULL,
  status TEXT NOT NULL,
  sort_key TEXT${bytewise} NOT NULL,
  to_depth ${real} NOT NULL,
  run_number INTEGER NOT NULL,
  stick_up ${real} NOT NULL,
  -- As the report's row: the seq the plod's projection reflected.
  seq ${seq} NOT NULL,
  PRIMARY KEY (report_id, hole_id)
);
CREATE INDEX IF NOT EXISTS ${HOLE_TABLE}_hole ON ${HOLE_TABLE} (hole_id, sort_key);
CREATE TABLE IF NOT EXISTS ${KPI_TABLE} (
  report_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  item TEXT${bytewise} NOT NULL,
  item_group TEXT NOT NULL,
  amount ${real} NOT NULL,
  amount2 ${real} NOT NULL,
  seq ${seq} NOT NULL,
  PRIMARY KEY (report_id, kind, item, item_group)
);
CREATE TABLE IF NOT EXISTS ${BIT_TABLE} (
  report_id TEXT NOT NULL,
  bit_serial TEXT NOT NULL,
  hole_id TEXT NOT NULL,
  seq ${seq} NOT NULL,
  PRIMARY KEY (report_id, bit_serial, hole_id)
);
CREATE INDEX IF NOT EXISTS ${BIT_TABLE}_bit ON ${BIT_TABLE} (bit_serial, hole_id);
-- Covers the KPI and missing-shift queries: SQLite keeps the added KPI columns after the bundle,
-- whose overflow pages a read of them from the table would walk, row by row.
CREATE INDEX IF NOT EXISTS ${TABLE}_kpi_cover ON ${TABLE} (status, date, site_id, rig_id, rig_name,
  driller_key, metres, drilling_hours, shift_hours, revenue_cents, shift_type, submitted_at, id);
CREATE TABLE IF NOT EXISTS ${PRICED_MARK} (since TEXT);
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

/** A plod's deepest run of a hole (HoleEnd), with the plod's id. */
export interface PlodHoleEnd extends HoleEnd {
  reportId: string;
}

/** Shift dates from `from` (YYYY-MM-DD) and, when given, before `before`. */
export interface PlodDates {
  from: string;
  before?: string;
}

/** The KPI columns of the plods of one shift date and rig, summed. */
export interface KpiRigDay {
  date: string | null;
  rigId: string | null;
  rigName: string | null;
  shifts: number;
  metres: number;
  drillingHours: number;
  shiftHours: number;
  /** Summed over the priced plods alone; null when none is priced. */
  revenueCents: number | null;
  pricedShifts: number;
  pricedMetres: number;
}

export type KpiItemKind = 'downtime' | 'bit' | 'hole';

/** One KPI item (a downtime code, a bit, a hole) summed over plods. */
export interface KpiItemTotal {
  item: string;
  group: string;
  amount: number;
  amount2: number;
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
    holes: parseStringList(row.holes),
    approvedBy: row.approved_by,
  };
}

function where(filter: ReportFilter): { sql: string; params: SqlValue[] } {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
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
    if (filter.siteIds.length === 0) add('1 = 0');
    else add(`site_id IN (${filter.siteIds.map(() => '?').join(', ')})`, ...filter.siteIds);
  }
  if (filter.rigId) add('rig_id = ?', filter.rigId);
  if (filter.from) add('date >= ?', filter.from);
  if (filter.to) add('date <= ?', filter.to);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

async function tableExists(sql: AppSql, name: string): Promise<boolean> {
  const rows =
    sql.dialect === 'sqlite'
      ? await sql.all(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`, [name])
      : await sql.all(
          `SELECT CAST(to_regclass(?) AS TEXT) AS name WHERE to_regclass(?) IS NOT NULL`,
          [name, name],
        );
  return rows.length > 0;
}

/**
 * Adds the columns an older SQLite table lacks and marks every row behind, so the start's catch-up
 * projects them again (`staleDocuments` and `behind` compare seqs). PostgreSQL tables were made
 * with every column.
 */
async function addMissingColumns(sql: AppSql): Promise<void> {
  if (sql.dialect !== 'sqlite') return;
  const existing = (
    await sql.all<{ name: string }>(`SELECT name FROM pragma_table_info('${TABLE}')`)
  ).map((column) => column.name);
  if (existing.length === 0) return;
  const missing = ADDED_COLUMNS.filter(([name]) => !existing.includes(name));
  if (missing.length === 0) return;
  await sql.batch([
    ...missing.map(([name, type]) => ({ sql: `ALTER TABLE ${TABLE} ADD COLUMN ${name} ${type}` })),
    { sql: `UPDATE ${TABLE} SET seq = -1` },
  ]);
}

/** The columns of a row but its bundle, and its sort key. */
const SUMMARY_COLUMNS = `id, status, site_id, site_name, rig_id, rig_name, date, shift_type, operator,
  metres, hours, created_at, updated_at, completed_at, deleted_at, holes, approved_by, sort_key`;

const COLUMNS = [
  'id',
  'status',
  'site_id',
  'site_name',
  'rig_id',
  'rig_name',
  'date',
  'shift_type',
  'operator',
  'metres',
  'hours',
  'created_at',
  'updated_at',
  'completed_at',
  'deleted_at',
  'sort_key',
  'bundle',
  'seq',
  'driller_key',
  'holes',
  'approved_by',
  'drilling_hours',
  'shift_hours',
  'revenue_cents',
  'submitted_at',
] as const;

/** Rows per INSERT (25 values each: well under either database's limit on placeholders). */
const ROWS_PER_STATEMENT = 200;

/** Ids per DELETE. */
const IDS_PER_STATEMENT = 500;

/**
 * A row replaces the stored one only if it reflects at least the stored seq: of two writers (a
 * rebuild beside a running server, or two processes) the newest row stays, whichever commits last.
 * PostgreSQL locks the conflicting row for the check, so the guard holds between transactions too.
 */
const UPSERT_TAIL = `ON CONFLICT (id) DO UPDATE SET ${COLUMNS.filter((c) => c !== 'id')
  .map((c) => `${c} = excluded.${c}`)
  .join(', ')}
  WHERE ${TABLE}.seq <= excluded.seq`;

function valuesOf({ row, seq }: { row: ReportRow; seq: number }): SqlValue[] {
  return [
    row.id,
    row.status,
    row.siteId,
    row.siteName,
    row.rigId,
    row.rigName,
    row.date,
    row.shiftType,
    row.operator,
    row.metres,
    row.hours,
    row.createdAt,
    row.updatedAt,
    row.completedAt,
    row.deletedAt,
    sortKey(row),
    row.bundle,
    seq,
    row.operator === null ? null : drillerKey(row.operator),
    JSON.stringify(row.holes),
    row.approvedBy,
    row.kpi?.drillingHours ?? 0,
    row.kpi?.shiftHours ?? 0,
    row.kpi?.revenueCents ?? null,
    row.kpi?.submittedAt ?? null,
  ];
}

/** A plod's KPI items as rows of the KPI table: [kind, item, group, amount, amount2]. */
function kpiItems(kpi: PlodKpiFacts | undefined): [string, string, string, number, number][] {
  if (!kpi) return [];
  return [
    ...kpi.downtime.map((d): [string, string, string, number, number] => [
      'downtime',
      d.codeName,
      d.codeGroup,
      d.hours,
      0,
    ]),
    ...kpi.bits.map((b): [string, string, string, number, number] => [
      'bit',
      b.bitSerial,
      '',
      b.metres,
      0,
    ]),
    ...kpi.holes.map((h): [string, string, string, number, number] => [
      'hole',
      h.holeId,
      '',
      h.recovered,
      h.drilled,
    ]),
  ];
}

/** As holeEndStatements: a plod's KPI items, written only by a projection at least as new. */
function kpiStatements({ row, seq }: { row: ReportRow; seq: number }): SqlStatement[] {
  return [
    ...kpiItems(row.kpi).map(([kind, item, group, amount, amount2]) => ({
      sql: `INSERT INTO ${KPI_TABLE} (report_id, kind, item, item_group, amount, amount2, seq)
        SELECT ?, ?, ?, ?, ?, ?, ?
        WHERE NOT EXISTS (SELECT 1 FROM ${TABLE} WHERE id = ? AND seq > ?)
        ON CONFLICT (report_id, kind, item, item_group) DO UPDATE SET amount = excluded.amount,
          amount2 = excluded.amount2, seq = excluded.seq
        WHERE ${KPI_TABLE}.seq <= excluded.seq`,
      params: [row.id, kind, item, group, amount, amount2, seq, row.id, seq],
    })),
    { sql: `DELETE FROM ${KPI_TABLE} WHERE report_id = ? AND seq < ?`, params: [row.id, seq] },
  ];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function upserts(rows: readonly { row: ReportRow; seq: number }[]): SqlStatement[] {
  const placeholders = `(${COLUMNS.map(() => '?').join(', ')})`;
  return [
    ...chunks(rows, ROWS_PER_STATEMENT).map((chunk) => ({
      sql: `INSERT INTO ${TABLE} (${COLUMNS.join(', ')})
      VALUES ${chunk.map(() => placeholders).join(', ')} ${UPSERT_TAIL}`,
      params: chunk.flatMap(valuesOf),
    })),
    ...rows.flatMap(holeEndStatements),
    ...rows.flatMap(kpiStatements),
    ...rows.flatMap(bitHoleStatements),
  ];
}

/** As holeEndStatements: the (bit, hole) pairs of a plod's bit changes. */
function bitHoleStatements({ row, seq }: { row: ReportRow; seq: number }): SqlStatement[] {
  return [
    ...(row.bitHoles ?? []).map((pair) => ({
      sql: `INSERT INTO ${BIT_TABLE} (report_id, bit_serial, hole_id, seq)
        SELECT ?, ?, ?, ?
        WHERE NOT EXISTS (SELECT 1 FROM ${TABLE} WHERE id = ? AND seq > ?)
        ON CONFLICT (report_id, bit_serial, hole_id) DO UPDATE SET seq = excluded.seq
        WHERE ${BIT_TABLE}.seq <= excluded.seq`,
      params: [row.id, pair.bitSerial, pair.holeId, seq, row.id, seq],
    })),
    { sql: `DELETE FROM ${BIT_TABLE} WHERE report_id = ? AND seq < ?`, params: [row.id, seq] },
  ];
}

/**
 * A plod's hole rows, after its report row in the same transaction. As with the report row, only a
 * projection at least as new as the stored one writes: a hole row is written unless the report row
 * now reflects a later seq, and replaces a hole row of an earlier or the same seq; then the plod's
 * hole rows older than this projection (holes whose runs are gone) are deleted.
 */
function holeEndStatements({ row, seq }: { row: ReportRow; seq: number }): SqlStatement[] {
  const key = sortKey(row);
  return [
    ...(row.holeEnds ?? []).map((end) => ({
      sql: `INSERT INTO ${HOLE_TABLE}
          (report_id, hole_id, status, sort_key, to_depth, run_number, stick_up, seq)
        SELECT ?, ?, ?, ?, ?, ?, ?, ?
        WHERE NOT EXISTS (SELECT 1 FROM ${TABLE} WHERE id = ? AND seq > ?)
        ON CONFLICT (report_id, hole_id) DO UPDATE SET status = excluded.status,
          sort_key = excluded.sort_key, to_depth = excluded.to_depth,
          run_number = excluded.run_number, stick_up = excluded.stick_up, seq = excluded.seq
        WHERE ${HOLE_TABLE}.seq <= excluded.seq`,
      params: [
        row.id,
        end.holeId,
        row.status,
        key,
        end.toDepth,
        end.runNumber,
        end.stickUp,
        seq,
        row.id,
        seq,
      ],
    })),
    { sql: `DELETE FROM ${HOLE_TABLE} WHERE report_id = ? AND seq < ?`, params: [row.id, seq] },
  ];
}

/**
 * The reports projection table, on the app database (PostgreSQL with PLOD_DATABASE_URL): every
 * call waits for the table to exist first.
 */
export class ReportTable {
  private table: Promise<void> | null = null;

  constructor(readonly sql: AppSql) {
    void this.ready().catch(() => undefined);
  }

  /** Creates the table if it is missing (tried again by the next call after a failure). */
  ready(): Promise<void> {
    this.table ??= (async () => {
      await addMissingColumns(this.sql);
      const rowsBehind = (await tableExists(this.sql, TABLE))
        ? !(await tableExists(this.sql, HOLE_TABLE)) ||
          !(await tableExists(this.sql, KPI_TABLE)) ||
          !(await tableExists(this.sql, BIT_TABLE)) ||
          !(await tableExists(this.sql, PRICED_MARK))
        : false;
      await this.sql.define(
        schema('REAL', 'INTEGER', ''),
        schema('DOUBLE PRECISION', 'BIGINT', ' COLLATE "C"'),
      );
      // The hole, KPI or bit rows or the prices are new beside an existing table: every plod is
      // projected again to fill them.
      if (rowsBehind) await this.sql.run(`UPDATE ${TABLE} SET seq = -1`);
      if (this.sql.dialect === 'sqlite') await this.sql.define(INDEX_STATE_SQLITE);
    })().catch((error: unknown) => {
      this.table = null;
      throw error;
    });
    return this.table;
  }

  /**
   * Writes rows (with the seq each reflects) in one transaction. The commit does not wait for an
   * fsync (`relaxed`): the table is derived, and a power loss that undid the last commits leaves
   * rows behind their documents' seqs, which the next start re-projects (`behind`, from the store's
   * `latestSeqs`). A projection pass runs about once a second while reports are edited, and should
   * not wait on the disk each time.
   */
  async upsert(rows: readonly { row: ReportRow; seq: number }[]): Promise<void> {
    await this.ready();
    await this.sql.batch(upserts(rows), { relaxed: true });
  }

  /**
   * `upsert`, unless (SQLite) another connection holds the database's write lock (the store's
   * writer thread commits about ten times a second): then nothing is written and it answers false
   * at once. Waiting would sleep in SQLite's busy handler on the relay's event loop. PostgreSQL
   * waits without holding the event loop: it always writes.
   */
  async tryUpsert(rows: readonly { row: ReportRow; seq: number }[]): Promise<boolean> {
    await this.ready();
    return this.sql.batch(upserts(rows), { relaxed: true, ifUnlocked: true });
  }

  /** The table holds exactly these rows, in one transaction (a rebuild). */
  async replaceAll(rows: readonly { row: ReportRow; seq: number }[]): Promise<void> {
    await this.ready();
    await this.sql.batch(
      [
        { sql: `DELETE FROM ${TABLE}` },
        { sql: `DELETE FROM ${HOLE_TABLE}` },
        { sql: `DELETE FROM ${KPI_TABLE}` },
        { sql: `DELETE FROM ${BIT_TABLE}` },
        ...upserts(rows),
      ],
      { relaxed: true },
    );
  }

  async delete(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ready();
    await this.sql.batch(
      chunks(ids, IDS_PER_STATEMENT).flatMap((chunk) => [
        {
          sql: `DELETE FROM ${TABLE} WHERE id IN (${chunk.map(() => '?').join(', ')})`,
          params: chunk,
        },
        {
          sql: `DELETE FROM ${HOLE_TABLE} WHERE report_id IN (${chunk.map(() => '?').join(', ')})`,
          params: chunk,
        },
        {
          sql: `DELETE FROM ${KPI_TABLE} WHERE report_id IN (${chunk.map(() => '?').join(', ')})`,
          params: chunk,
        },
        {
          sql: `DELETE FROM ${BIT_TABLE} WHERE report_id IN (${chunk.map(() => '?').join(', ')})`,
          params: chunk,
        },
      ]),
    );
  }

  /**
   * Newest first, one page. The page's ids are chosen first, then their rows read: sorting whole rows
   * (bundles and all) for a filter that no index keeps in order took 43 ms at 10,000 plods, the ids
   * alone 6.
   */
  async list(filter: ReportFilter, page: Page): Promise<ReportRow[]> {
    await this.ready();
    const { sql, params } = where(filter);
    const rows = await this.sql.all<DbRow>(
      `SELECT * FROM ${TABLE} WHERE id IN (
         SELECT id FROM ${TABLE} ${sql} ORDER BY sort_key DESC LIMIT ? OFFSET ?
       ) ORDER BY sort_key DESC`,
      [...params, page.limit, page.offset],
    );
    return rows.map(fromDb);
  }

  async count(filter: ReportFilter): Promise<number> {
    await this.ready();
    const { sql, params } = where(filter);
    const [row] = await this.sql.all<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM ${TABLE} ${sql}`,
      params,
    );
    return row?.n ?? 0;
  }

  /**
   * How many plods the filter lets through, with their metres and hours, per status: the lists'
   * totals and tab counts without their rows.
   */
  async totals(filter: ReportFilter): Promise<StatusTotals[]> {
    await this.ready();
    const { sql, params } = where(filter);
    // A group is never empty, so SUM is never null; COALESCE keeps it a number on both anyway.
    return this.sql.all<StatusTotals>(
      `SELECT status, CAST(COUNT(*) AS INTEGER) AS count, COALESCE(SUM(metres), 0) AS metres,
         COALESCE(SUM(hours), 0) AS hours
       FROM ${TABLE} ${sql} GROUP BY status ORDER BY status`,
      params,
    );
  }

  /** Every matching row, newest first (CSV exports and cross-report entry lists). */
  async all(filter: ReportFilter): Promise<ReportRow[]> {
    await this.ready();
    const { sql, params } = where(filter);
    const rows = await this.sql.all<DbRow>(
      `SELECT * FROM ${TABLE} ${sql} ORDER BY sort_key DESC`,
      params,
    );
    return rows.map(fromDb);
  }

  /**
   * Every matching row without its bundle (what the summary export needs), newest first, `size` at
   * a time: each page is one query after the last row's sort key, so an export of any length holds
   * one page in memory.
   */
  async *summaryPages(filter: ReportFilter, size = 500): AsyncGenerator<ReportRow[]> {
    for await (const rows of this.keysetPages(filter, size, SUMMARY_COLUMNS)) {
      yield rows.map((row) => fromDb({ ...row, bundle: '' }));
    }
  }

  /**
   * Every matching row with its bundle, newest first, `size` at a time (the invoice-line export):
   * keyset pages as `summaryPages`, so an export of any length holds one page of bundles.
   */
  async *bundlePages(filter: ReportFilter, size = 200): AsyncGenerator<ReportRow[]> {
    for await (const rows of this.keysetPages(filter, size, '*')) yield rows.map(fromDb);
  }

  /** The matching rows' `columns`, newest first, one query per page after the last row's sort key. */
  private async *keysetPages(
    filter: ReportFilter,
    size: number,
    columns: string,
  ): AsyncGenerator<(DbRow & { sort_key: string })[]> {
    await this.ready();
    const { sql, params } = where(filter);
    let after: string | null = null;
    for (;;) {
      const keyset: string = after === null ? '' : `${sql ? 'AND' : 'WHERE'} sort_key < ?`;
      const rows: (DbRow & { sort_key: string })[] = await this.sql.all<
        DbRow & { sort_key: string }
      >(`SELECT ${columns} FROM ${TABLE} ${sql} ${keyset} ORDER BY sort_key DESC LIMIT ?`, [
        ...params,
        ...(after === null ? [] : [after]),
        size,
      ]);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < size) return;
      after = rows[rows.length - 1]?.sort_key ?? null;
    }
  }

  /** Ids of deleted reports soft-deleted before `cutoff` (ISO), optionally of one site. */
  async deletedBefore(cutoff: string, siteId?: string | null): Promise<string[]> {
    await this.ready();
    const site =
      siteId === undefined ? '' : siteId === null ? 'AND site_id IS NULL' : 'AND site_id = ?';
    const params = siteId ? [cutoff, siteId] : [cutoff];
    const rows = await this.sql.all<{ id: string }>(
      `SELECT id FROM ${TABLE} WHERE status = 'deleted' AND deleted_at < ? ${site}`,
      params,
    );
    return rows.map((row) => row.id);
  }

  async siteOf(id: string): Promise<string | null> {
    await this.ready();
    const [row] = await this.sql.all<{ site_id: string | null }>(
      `SELECT site_id FROM ${TABLE} WHERE id = ?`,
      [id],
    );
    return row?.site_id ?? null;
  }

  /**
   * The deepest run of a hole in each plod not deleted that worked it (but `exceptReportId`), newest
   * plod first: read through the hole's index, whatever the number of plods.
   */
  async holeEnds(holeId: string, exceptReportId?: string): Promise<PlodHoleEnd[]> {
    await this.ready();
    return this.sql.all<PlodHoleEnd>(
      `SELECT report_id AS "reportId", hole_id AS "holeId", to_depth AS "toDepth",
         CAST(run_number AS INTEGER) AS "runNumber", stick_up AS "stickUp"
       FROM ${HOLE_TABLE} WHERE hole_id = ? AND status <> 'deleted' AND report_id <> ?
       ORDER BY sort_key DESC`,
      [holeId, exceptReportId ?? ''],
    );
  }

  /**
   * The holes a bit was ever changed on (by any plod, whatever its status), and the rows the filter
   * lets through of the plods that touch them: with runs on one of them (the hole rows) or a change
   * of the bit. Newest first, as `all`; read through the bit's and the holes' indexes, whatever the
   * number of plods.
   */
  async bitPlods(
    bitSerial: string,
    filter: ReportFilter,
  ): Promise<{ holeIds: string[]; rows: ReportRow[] }> {
    await this.ready();
    const holes = await this.sql.all<{ holeId: string }>(
      `SELECT DISTINCT hole_id AS "holeId" FROM ${BIT_TABLE} WHERE bit_serial = ? ORDER BY hole_id`,
      [bitSerial],
    );
    const holeIds = holes.map((hole) => hole.holeId);
    if (holeIds.length === 0) return { holeIds, rows: [] };
    const { sql, params } = where(filter);
    const rows = await this.sql.all<DbRow>(
      `SELECT * FROM ${TABLE} ${sql} ${sql ? 'AND' : 'WHERE'} id IN (
         SELECT report_id FROM ${HOLE_TABLE} WHERE hole_id IN (
           SELECT hole_id FROM ${BIT_TABLE} WHERE bit_serial = ?)
         UNION SELECT report_id FROM ${BIT_TABLE} WHERE bit_serial = ?
       ) ORDER BY sort_key DESC`,
      [...params, bitSerial, bitSerial],
    );
    return { holeIds, rows: rows.map(fromDb) };
  }

  /** Each hole's deepest run over the plods not deleted, by hole id. */
  async holeDepths(): Promise<Map<string, number>> {
    await this.ready();
    const rows = await this.sql.all<{ holeId: string; depth: number }>(
      `SELECT hole_id AS "holeId", MAX(to_depth) AS depth FROM ${HOLE_TABLE}
       WHERE status <> 'deleted' GROUP BY hole_id`,
    );
    return new Map(rows.map((row) => [row.holeId, row.depth]));
  }

  /**
   * The table as the KPI queries read it: on SQLite through the covering index (its planner would
   * otherwise take the site index and read each row past its bundle).
   */
  private kpiSource(): string {
    return this.sql.dialect === 'sqlite' ? `${TABLE} INDEXED BY ${TABLE}_kpi_cover` : TABLE;
  }

  /**
   * The KPI columns of the plods the filter lets through, summed per shift date and rig (one
   * query over the date index; the service sums these groups further).
   */
  async kpiRigDays(filter: ReportFilter): Promise<KpiRigDay[]> {
    await this.ready();
    const { sql, params } = where(filter);
    return this.sql.all<KpiRigDay>(
      `SELECT date, rig_id AS "rigId", MAX(rig_name) AS "rigName",
         CAST(COUNT(*) AS INTEGER) AS shifts, COALESCE(SUM(metres), 0) AS metres,
         COALESCE(SUM(drilling_hours), 0) AS "drillingHours",
         COALESCE(SUM(shift_hours), 0) AS "shiftHours",
         SUM(revenue_cents) AS "revenueCents",
         CAST(COUNT(revenue_cents) AS INTEGER) AS "pricedShifts",
         COALESCE(SUM(CASE WHEN revenue_cents IS NULL THEN 0 ELSE metres END), 0) AS "pricedMetres"
       FROM ${this.kpiSource()} ${sql} GROUP BY date, rig_id ORDER BY date, MAX(rig_name), rig_id`,
      params,
    );
  }

  /** One kind of KPI item summed per item and group over the plods the filter lets through. */
  async kpiItemTotals(filter: ReportFilter, kind: KpiItemKind): Promise<KpiItemTotal[]> {
    await this.ready();
    const { sql, params } = where(filter);
    return this.sql.all<KpiItemTotal>(
      `SELECT item, item_group AS "group", SUM(amount) AS amount, SUM(amount2) AS amount2
       FROM ${KPI_TABLE}
       WHERE kind = ? AND report_id IN (SELECT id FROM ${this.kpiSource()} ${sql})
       GROUP BY item, item_group ORDER BY item, item_group`,
      [kind, ...params],
    );
  }

  /** Site, rig, date, shift and first submission of the plods the filter lets through. */
  async gapPlods(filter: ReportFilter): Promise<GapPlod[]> {
    await this.ready();
    const { sql, params } = where(filter);
    const rows = await this.sql.all<{
      id: string;
      siteId: string | null;
      rigId: string | null;
      date: string | null;
      shiftType: string | null;
      submittedAt: string | null;
    }>(
      `SELECT id, site_id AS "siteId", rig_id AS "rigId", date, shift_type AS "shiftType",
         submitted_at AS "submittedAt"
       FROM ${this.kpiSource()} ${sql} ORDER BY date, id`,
      params,
    );
    return rows.flatMap((row) =>
      row.siteId !== null &&
      row.rigId !== null &&
      row.date !== null &&
      (row.shiftType === 'day' || row.shiftType === 'night')
        ? [
            {
              ...row,
              siteId: row.siteId,
              rigId: row.rigId,
              date: row.date,
              shiftType: row.shiftType,
            },
          ]
        : [],
    );
  }

  /** Every KPI item row, for comparing a kept-in-step table with a rebuilt one. */
  async dumpKpiItems(): Promise<Record<string, unknown>[]> {
    await this.ready();
    return this.sql.all(
      `SELECT report_id, kind, item, item_group, amount, amount2 FROM ${KPI_TABLE}
       ORDER BY report_id, kind, item, item_group`,
    );
  }

  /** Every bit row, by plod, bit and hole, for comparing a kept-in-step table with a rebuilt one. */
  async dumpBitHoles(): Promise<Record<string, unknown>[]> {
    await this.ready();
    return this.sql.all(
      `SELECT report_id, bit_serial, hole_id FROM ${BIT_TABLE}
       ORDER BY report_id, bit_serial, hole_id`,
    );
  }

  /** Every hole row, by plod and hole, for comparing a kept-in-step table with a rebuilt one. */
  async dumpHoleEnds(): Promise<PlodHoleEnd[]> {
    await this.ready();
    return this.sql.all<PlodHoleEnd>(
      `SELECT report_id AS "reportId", hole_id AS "holeId", to_depth AS "toDepth",
         CAST(run_number AS INTEGER) AS "runNumber", stick_up AS "stickUp"
       FROM ${HOLE_TABLE} ORDER BY report_id, hole_id`,
    );
  }

  /** Every row by id, for comparing a kept-in-step table with a rebuilt one. */
  async dump(): Promise<ReportRow[]> {
    await this.ready();
    return (await this.sql.all<DbRow>(`SELECT * FROM ${TABLE} ORDER BY id`)).map(fromDb);
  }

  /** The seq each row reflects, by report id (PostgreSQL's BIGINT arrives as text). */
  async seqs(): Promise<Map<string, number>> {
    await this.ready();
    const rows = await this.sql.all<{ id: string; seq: number | string }>(
      `SELECT id, seq FROM ${TABLE}`,
    );
    return new Map(rows.map((row) => [row.id, Number(row.seq)]));
  }

  /**
   * The seq each plod of a site (not deleted) reflects, by report id: what re-pricing marks. With
   * `dates`, only plods of shift dates from `from` and before `before` (when given).
   */
  async siteSeqs(siteId: string, dates?: PlodDates): Promise<Map<ReportId, number>> {
    await this.ready();
    let sql = `SELECT id, seq FROM ${TABLE} WHERE site_id = ? AND status <> 'deleted'`;
    const params: SqlValue[] = [siteId];
    if (dates) {
      sql += ' AND date >= ?';
      params.push(dates.from);
      if (dates.before !== undefined) {
        sql += ' AND date < ?';
        params.push(dates.before);
      }
    }
    const rows = await this.sql.all<{ id: ReportId; seq: number | string }>(sql, params);
    return new Map(rows.map((row) => [row.id, Number(row.seq)]));
  }

  /**
   * What the reports index was recorded to reflect, while no row of the table was written or
   * removed since. Null on PostgreSQL, where several processes may write the table and the index
   * at once: there the index is always reconciled at start.
   */
  async indexState(): Promise<IndexState | null> {
    await this.ready();
    if (this.sql.dialect !== 'sqlite') return null;
    const [state] = await this.sql.all<{
      generation: number;
      epoch: number;
      reflects: string | null;
      reflects_generation: number | null;
    }>(`SELECT generation, epoch, reflects, reflects_generation FROM ${INDEX_STATE} WHERE id = 1`);
    if (!state) return null;
    return {
      reflects: state.reflects_generation === state.generation ? state.reflects : null,
      epoch: state.epoch,
    };
  }

  /**
   * Records that the reports index reflects the table as it is now (`reflects` says what the
   * index is: its format and stored seq), unless the table was replaced outside the server since
   * `epoch` was read (`indexState`). False when nothing was recorded.
   */
  async recordIndexReflects(reflects: string, epoch: number): Promise<boolean> {
    await this.ready();
    if (this.sql.dialect !== 'sqlite') return false;
    await this.sql.run(
      `UPDATE ${INDEX_STATE} SET reflects = ?, reflects_generation = generation
        WHERE id = 1 AND epoch = ?`,
      [reflects, epoch],
    );
    const state = await this.indexState();
    return state?.epoch === epoch && state.reflects === reflects;
  }

  /**
   * The table was (or is being) replaced without the reports index: whatever was recorded about
   * the index is void, and so is what a server running now would record at its stop.
   */
  async forgetIndex(): Promise<void> {
    await this.ready();
    if (this.sql.dialect !== 'sqlite') return;
    await this.sql.run(
      `UPDATE ${INDEX_STATE} SET epoch = epoch + 1, reflects = NULL, reflects_generation = NULL
        WHERE id = 1`,
    );
  }

  /**
   * Report documents stored past the seq their row reflects (or never projected), with that
   * highest stored seq, given each report document's (DocumentStore.latestSeqs): updates committed
   * just before a crash are projected on the next start.
   */
  async behind(latest: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const projected = await this.seqs();
    return new Map(
      [...latest].filter(
        ([name, seq]) => seq > (projected.get(name.slice(REPORT_DOC_PREFIX.length)) ?? -1),
      ),
    );
  }
}
