import type { AppSql, SqlValue } from '../app-db/app-sql.ts';

/** What the server keeps of one photo besides its bytes. */
export interface AttachmentMeta {
  id: string;
  reportId: string;
  holeId: string | null;
  fromDepth: number | null;
  toDepth: number | null;
  contentType: string;
  bytes: number;
  /** Hex SHA-256 of the bytes: a retried upload with the same id and bytes is the same upload. */
  sha256: string;
  createdAt: string;
  /** Who uploaded it (a device's name, a supervisor's username). */
  createdBy: string | null;
}

export interface StoredAttachment extends AttachmentMeta {
  data: Uint8Array<ArrayBuffer>;
}

/**
 * Where attachment bytes live, behind one interface. `put` is idempotent by id: a second put of an
 * id already stored changes nothing and answers the row stored first (the caller compares hashes).
 */
export interface AttachmentStore {
  put(attachment: StoredAttachment): Promise<AttachmentMeta>;
  get(id: string): Promise<StoredAttachment | null>;
  meta(id: string): Promise<AttachmentMeta | null>;
  list(reportId: string): Promise<AttachmentMeta[]>;
  remove(id: string): Promise<void>;
}

interface Row {
  id: string;
  report_id: string;
  hole_id: string | null;
  from_depth: number | null;
  to_depth: number | null;
  content_type: string;
  bytes: number;
  sha256: string;
  created_at: string;
  created_by: string | null;
}

const COLUMNS =
  'id, report_id, hole_id, from_depth, to_depth, content_type, bytes, sha256, created_at, created_by';

const metaOf = (row: Row): AttachmentMeta => ({
  id: row.id,
  reportId: row.report_id,
  holeId: row.hole_id,
  fromDepth: row.from_depth === null ? null : Number(row.from_depth),
  toDepth: row.to_depth === null ? null : Number(row.to_depth),
  contentType: row.content_type,
  bytes: Number(row.bytes),
  sha256: row.sha256,
  createdAt: row.created_at,
  createdBy: row.created_by,
});

/**
 * Attachments as rows of the app database (`AppSql`): in `plod.db` on SQLite, so the one backup of
 * the data folder holds photos with the plods that name them, and in PostgreSQL when several
 * processes serve (`PLOD_DATABASE_URL`), so every process serves every photo.
 */
export class SqlAttachmentStore implements AttachmentStore {
  private ready: Promise<void> | null = null;

  constructor(private readonly sql: AppSql) {}

  private define(): Promise<void> {
    const table = (blob: string, real: string) => `
      CREATE TABLE IF NOT EXISTS attachment (
        id TEXT PRIMARY KEY,
        report_id TEXT NOT NULL,
        hole_id TEXT,
        from_depth ${real},
        to_depth ${real},
        content_type TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT,
        data ${blob} NOT NULL
      );
      CREATE INDEX IF NOT EXISTS attachment_report ON attachment (report_id);`;
    this.ready ??= this.sql.define(table('BLOB', 'REAL'), table('BYTEA', 'DOUBLE PRECISION'));
    return this.ready;
  }

  async put(a: StoredAttachment): Promise<AttachmentMeta> {
    await this.define();
    const params: SqlValue[] = [
      a.id,
      a.reportId,
      a.holeId,
      a.fromDepth,
      a.toDepth,
      a.contentType,
      a.bytes,
      a.sha256,
      a.createdAt,
      a.createdBy,
      a.data,
    ];
    await this.sql.run(
      `INSERT INTO attachment (${COLUMNS}, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
      params,
    );
    const stored = await this.meta(a.id);
    if (!stored) throw new Error(`attachment ${a.id} was not stored`);
    return stored;
  }

  async get(id: string): Promise<StoredAttachment | null> {
    await this.define();
    const [row] = await this.sql.all<Row & { data: Uint8Array }>(
      `SELECT ${COLUMNS}, data FROM attachment WHERE id = ?`,
      [id],
    );
    return row ? { ...metaOf(row), data: new Uint8Array(row.data) } : null;
  }

  async meta(id: string): Promise<AttachmentMeta | null> {
    await this.define();
    const [row] = await this.sql.all<Row>(`SELECT ${COLUMNS} FROM attachment WHERE id = ?`, [id]);
    return row ? metaOf(row) : null;
  }

  async list(reportId: string): Promise<AttachmentMeta[]> {
    await this.define();
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM attachment WHERE report_id = ? ORDER BY created_at, id`,
      [reportId],
    );
    return rows.map(metaOf);
  }

  async remove(id: string): Promise<void> {
    await this.define();
    await this.sql.run('DELETE FROM attachment WHERE id = ?', [id]);
  }
}
