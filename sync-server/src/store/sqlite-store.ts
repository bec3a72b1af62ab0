import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {
  AppendEntry,
  DocumentStore,
  PackedEntries,
  StoredDocument,
  UncompactedDocument,
} from './document-store.ts';
import { sqliteProbe } from '../storage-status.ts';
import { boundPageCache } from './sqlite-cache.ts';
import { SqliteLog, prepareLogSchema } from './sqlite-log.ts';

export const DATABASE_FILE = 'plod.db';

/**
 * Each document's highest stored seq: journal rows past its snapshot (the journal from the oldest
 * row any document still needs, in seq order: CROSS JOIN keeps it the outer loop, each row's
 * document looked up once), and its snapshot.
 */
const LATEST_SEQS = `
SELECT doc_name, MAX(seq) AS seq FROM (
  SELECT j.doc_name, MAX(j.seq) AS seq
  FROM yjs_journal j CROSS JOIN yjs_unfolded u
    ON u.doc_name = j.doc_name AND j.seq >= u.first_seq
  WHERE j.seq >= (SELECT coalesce(MIN(first_seq), 0) FROM yjs_unfolded)
    AND j.doc_name LIKE ? ESCAPE '\\'
  GROUP BY j.doc_name
  UNION ALL
  SELECT doc_name, snapshot_seq AS seq FROM yjs_snapshots WHERE doc_name LIKE ? ESCAPE '\\'
) GROUP BY doc_name`;

export type SqliteSynchronous = 'FULL' | 'NORMAL';

export interface SqliteStoreOptions {
  /**
   * FULL (default) fsyncs every commit, so an acknowledged update survives power loss as well as a
   * killed process; NORMAL in WAL mode survives a killed process only.
   */
  synchronous?: SqliteSynchronous;
}

/** The DocumentStore on SQLite (better-sqlite3, WAL). Its calls are synchronous underneath. */
export class SqliteStore implements DocumentStore {
  readonly database: Database.Database;
  private readonly log: SqliteLog;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    createPrivately(file);
    const db = new Database(file);
    this.database = db;
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    db.pragma('busy_timeout = 5000');
    boundPageCache(db);
    prepareLogSchema(db);
    this.log = new SqliteLog(db);
  }

  async load(docName: string): Promise<StoredDocument | null> {
    return this.log.load(docName);
  }

  async append(entries: readonly AppendEntry[]): Promise<number[]> {
    return this.log.append(entries);
  }

  async appendPacked(packed: PackedEntries): Promise<number[]> {
    return this.log.appendPacked(packed);
  }

  async compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void> {
    this.log.compact(docName, snapshot, throughSeq);
  }

  async delete(docName: string): Promise<boolean> {
    return this.log.delete(docName);
  }

  async listDocuments(): Promise<string[]> {
    return this.log.listDocuments();
  }

  async oldestUncompacted(limit: number): Promise<UncompactedDocument[]> {
    return this.log.oldestUncompacted(limit);
  }

  async latestSeqs(prefix: string): Promise<Map<string, number>> {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = this.database
      .prepare<[string, string], { doc_name: string; seq: number }>(LATEST_SEQS)
      .all(pattern, pattern);
    return new Map(rows.map((row) => [row.doc_name, row.seq]));
  }

  probe(): void {
    sqliteProbe(this.database)();
  }

  /** Online backup of the whole database to `file` (safe while the server runs), mode 0600. */
  async backup(file: string): Promise<void> {
    await backupPrivately(this.database, file);
  }

  async close(): Promise<void> {
    if (!this.database.open) return;
    this.database.pragma('wal_checkpoint(TRUNCATE)');
    this.database.close();
  }
}

/**
 * Creates the database file (and its folder) readable by the server's user alone: the file holds
 * the crew code and password and token hashes. The folder is made 0700, the file 0600; SQLite
 * gives its WAL and shared-memory files the database file's mode. Files left 0644 by an earlier
 * version are tightened.
 */
export function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(part)) fs.chmodSync(part, 0o600);
  }
}

/** An online backup of `db` to `file`, which is created 0600 first (SQLite keeps that mode). */
export async function backupPrivately(db: Database.Database, file: string): Promise<void> {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  await db.backup(file);
}
