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
import { SqliteLog, prepareLogSchema } from './sqlite-log.ts';

export const DATABASE_FILE = 'plod.db';

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
