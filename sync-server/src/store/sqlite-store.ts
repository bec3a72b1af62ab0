import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { unpackEntries } from './document-store.ts';
import type {
  AppendEntry,
  DocumentStore,
  PackedEntries,
  StoredDocument,
} from './document-store.ts';

export const DATABASE_FILE = 'plod.db';

export type SqliteSynchronous = 'FULL' | 'NORMAL';

export interface SqliteStoreOptions {
  /**
   * FULL (default) fsyncs every commit, so an acknowledged update survives power loss as well as a
   * killed process; NORMAL in WAL mode survives a killed process only.
   */
  synchronous?: SqliteSynchronous;
}

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS yjs_snapshots (
  doc_name TEXT PRIMARY KEY,
  snapshot BLOB NOT NULL,
  snapshot_seq INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
-- AUTOINCREMENT: a seq is never reused after compaction deleted the highest rows.
CREATE TABLE IF NOT EXISTS yjs_updates (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  doc_name TEXT NOT NULL,
  data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS yjs_updates_doc_seq ON yjs_updates (doc_name, seq);
`;

interface SnapshotRow {
  snapshot: Uint8Array;
  snapshot_seq: number;
}
interface UpdateRow {
  seq: number;
  data: Uint8Array;
}

const bytes = (buffer: Uint8Array) =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** The DocumentStore on SQLite (better-sqlite3, WAL). Its calls are synchronous underneath. */
export class SqliteStore implements DocumentStore {
  readonly database: Database.Database;
  private readonly loadTx: (docName: string) => StoredDocument | null;
  private readonly appendTx: (entries: readonly AppendEntry[]) => number[];
  private readonly compactTx: (docName: string, snapshot: Uint8Array, throughSeq: number) => void;
  private readonly deleteTx: (docName: string) => boolean;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    this.database = db;
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    db.pragma('busy_timeout = 5000');
    db.exec(SCHEMA);

    const selectSnapshot = db.prepare<[string], SnapshotRow>(
      'SELECT snapshot, snapshot_seq FROM yjs_snapshots WHERE doc_name = ?',
    );
    const selectUpdates = db.prepare<[string], UpdateRow>(
      'SELECT seq, data FROM yjs_updates WHERE doc_name = ? ORDER BY seq',
    );
    const insertUpdate = db.prepare<[string, Uint8Array]>(
      'INSERT INTO yjs_updates (doc_name, data) VALUES (?, ?)',
    );
    const upsertSnapshot = db.prepare<[string, Uint8Array, number, number]>(
      `INSERT INTO yjs_snapshots (doc_name, snapshot, snapshot_seq, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (doc_name) DO UPDATE SET snapshot = excluded.snapshot,
         snapshot_seq = excluded.snapshot_seq, updated_at = excluded.updated_at`,
    );
    const deleteUpdates = db.prepare<[string, number]>(
      'DELETE FROM yjs_updates WHERE doc_name = ? AND seq <= ?',
    );

    this.loadTx = db.transaction((docName: string) => {
      const snapshot = selectSnapshot.get(docName);
      const updates = selectUpdates.all(docName);
      if (!snapshot && updates.length === 0) return null;
      return {
        snapshot: snapshot ? bytes(snapshot.snapshot) : null,
        snapshotSeq: snapshot?.snapshot_seq ?? 0,
        updates: updates.map((row) => ({ seq: row.seq, update: bytes(row.data) })),
      };
    });
    this.appendTx = db.transaction((entries: readonly AppendEntry[]) =>
      entries.map((entry) => Number(insertUpdate.run(entry.docName, entry.update).lastInsertRowid)),
    );
    this.compactTx = db.transaction((docName: string, snapshot: Uint8Array, throughSeq: number) => {
      const current = selectSnapshot.get(docName);
      if (current && current.snapshot_seq > throughSeq) return;
      upsertSnapshot.run(docName, snapshot, throughSeq, Date.now());
      deleteUpdates.run(docName, throughSeq);
    });
    const deleteSnapshot = db.prepare<[string]>('DELETE FROM yjs_snapshots WHERE doc_name = ?');
    const deleteLog = db.prepare<[string]>('DELETE FROM yjs_updates WHERE doc_name = ?');
    this.deleteTx = db.transaction(
      (docName: string) => deleteSnapshot.run(docName).changes + deleteLog.run(docName).changes > 0,
    );
  }

  async load(docName: string): Promise<StoredDocument | null> {
    return this.loadTx(docName);
  }

  async append(entries: readonly AppendEntry[]): Promise<number[]> {
    return this.appendTx(entries);
  }

  async appendPacked(packed: PackedEntries): Promise<number[]> {
    return this.appendTx(unpackEntries(packed));
  }

  async compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void> {
    this.compactTx(docName, snapshot, throughSeq);
  }

  async delete(docName: string): Promise<boolean> {
    return this.deleteTx(docName);
  }

  async listDocuments(): Promise<string[]> {
    const rows = this.database
      .prepare<[], { doc_name: string }>(
        `SELECT doc_name FROM yjs_snapshots UNION SELECT doc_name FROM yjs_updates ORDER BY doc_name`,
      )
      .all();
    return rows.map((row) => row.doc_name);
  }

  /** Online backup of the whole database to `file` (safe while the server runs). */
  async backup(file: string): Promise<void> {
    await this.database.backup(file);
  }

  async close(): Promise<void> {
    if (!this.database.open) return;
    this.database.pragma('wal_checkpoint(TRUNCATE)');
    this.database.close();
  }
}
