import type Database from 'better-sqlite3';
import { unpackEntries } from './document-store.ts';
import type { AppendEntry, PackedEntries, StoredDocument } from './document-store.ts';

/**
 * The document store's tables. The log is clustered by document (WITHOUT ROWID, keyed by
 * (doc_name, seq)): a document's rows sit together on a few pages, so a commit dirties about one
 * page per document it touches, and a compaction deletes a document's rows from those few pages.
 * In a rowid table ordered by seq, a document's rows were spread over every page written while it
 * was edited (a page holds rows of every document committed together), so each compaction rewrote
 * hundreds of pages, and every commit also wrote a (doc_name, seq) index page per document. At the
 * relay benchmark's load that made the writer thread's CPU per commit about twice what it is now
 * (docs/benchmarks.md, "Round 6").
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS yjs_snapshots (
  doc_name TEXT PRIMARY KEY,
  snapshot BLOB NOT NULL,
  snapshot_seq INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS yjs_log (
  doc_name TEXT NOT NULL,
  seq INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (doc_name, seq)
) WITHOUT ROWID;
-- The next seq to hand out (one row): seqs increase across the store and are never reused, even
-- after a compaction or a delete removed the highest rows.
CREATE TABLE IF NOT EXISTS yjs_log_seq (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  next_seq INTEGER NOT NULL
);
`;

/** The log's first layout: a rowid table (AUTOINCREMENT seq) with a (doc_name, seq) index. */
const OLD_LOG = 'yjs_updates';

const tableExists = (db: Database.Database, name: string): boolean =>
  db
    .prepare<[string], number>(
      `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`,
    )
    .pluck()
    .get(name) === 1;

/**
 * Creates the tables and moves a log kept in the first layout into the clustered one, in one
 * transaction (a crash leaves either layout, whole). The next seq starts above every seq that
 * layout ever handed out (AUTOINCREMENT's counter included), so none is reused.
 */
export function prepareLogSchema(db: Database.Database): void {
  db.transaction(() => {
    db.exec(SCHEMA);
    const current = db
      .prepare<[], number>('SELECT next_seq FROM yjs_log_seq WHERE id = 1')
      .pluck()
      .get();
    const migrating = tableExists(db, OLD_LOG);
    if (current !== undefined && !migrating) return;
    let counted = 0;
    if (migrating) {
      db.exec(`INSERT INTO yjs_log (doc_name, seq, data)
               SELECT doc_name, seq, data FROM ${OLD_LOG} ORDER BY doc_name, seq`);
      if (tableExists(db, 'sqlite_sequence')) {
        counted =
          db
            .prepare<[string], number>('SELECT seq FROM sqlite_sequence WHERE name = ?')
            .pluck()
            .get(OLD_LOG) ?? 0;
      }
      db.exec(`DROP TABLE ${OLD_LOG}`);
    }
    const stored = db
      .prepare<[], number>(
        `SELECT max(coalesce((SELECT max(seq) FROM yjs_log), 0),
                    coalesce((SELECT max(snapshot_seq) FROM yjs_snapshots), 0))`,
      )
      .pluck()
      .get();
    const next = Math.max(counted, stored ?? 0, (current ?? 1) - 1) + 1;
    db.prepare('INSERT OR REPLACE INTO yjs_log_seq (id, next_seq) VALUES (1, ?)').run(next);
  }).immediate();
}

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

/**
 * The store's reads and writes on one connection, as transactions: SqliteStore runs them on its
 * own connection, WorkerSqliteStore's writer thread runs the writes on its connection. The
 * tables must exist (`prepareLogSchema`).
 */
export class SqliteLog {
  /** One consistent view of a document (a compaction can never be half-seen). */
  readonly load: (docName: string) => StoredDocument | null;
  /** Appends in one transaction; returns each entry's seq, in order. */
  readonly append: (entries: readonly AppendEntry[]) => number[];
  readonly compact: (docName: string, snapshot: Uint8Array, throughSeq: number) => void;
  /** Removes a document's snapshot and log; true when anything was stored. */
  readonly delete: (docName: string) => boolean;
  readonly listDocuments: () => string[];

  constructor(db: Database.Database) {
    const selectSnapshot = db.prepare<[string], SnapshotRow>(
      'SELECT snapshot, snapshot_seq FROM yjs_snapshots WHERE doc_name = ?',
    );
    const selectUpdates = db.prepare<[string], UpdateRow>(
      'SELECT seq, data FROM yjs_log WHERE doc_name = ? ORDER BY seq',
    );
    const selectNextSeq = db
      .prepare<[], number>('SELECT next_seq FROM yjs_log_seq WHERE id = 1')
      .pluck();
    const updateNextSeq = db.prepare<[number]>('UPDATE yjs_log_seq SET next_seq = ? WHERE id = 1');
    const insertUpdate = db.prepare<[string, number, Uint8Array]>(
      'INSERT INTO yjs_log (doc_name, seq, data) VALUES (?, ?, ?)',
    );
    const upsertSnapshot = db.prepare<[string, Uint8Array, number, number]>(
      `INSERT INTO yjs_snapshots (doc_name, snapshot, snapshot_seq, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (doc_name) DO UPDATE SET snapshot = excluded.snapshot,
         snapshot_seq = excluded.snapshot_seq, updated_at = excluded.updated_at`,
    );
    const deleteUpdates = db.prepare<[string, number]>(
      'DELETE FROM yjs_log WHERE doc_name = ? AND seq <= ?',
    );
    const deleteSnapshot = db.prepare<[string]>('DELETE FROM yjs_snapshots WHERE doc_name = ?');
    const deleteLog = db.prepare<[string]>('DELETE FROM yjs_log WHERE doc_name = ?');
    const selectNames = db
      .prepare<[], string>(
        'SELECT doc_name FROM yjs_snapshots UNION SELECT doc_name FROM yjs_log ORDER BY doc_name',
      )
      .pluck();

    this.load = db.transaction((docName: string) => {
      const snapshot = selectSnapshot.get(docName);
      const updates = selectUpdates.all(docName);
      if (!snapshot && updates.length === 0) return null;
      return {
        snapshot: snapshot ? bytes(snapshot.snapshot) : null,
        snapshotSeq: snapshot?.snapshot_seq ?? 0,
        updates: updates.map((row) => ({ seq: row.seq, update: bytes(row.data) })),
      };
    });
    // IMMEDIATE: the seq counter is read and written in one write transaction, whichever
    // connection appends.
    const appendTx = db.transaction((entries: readonly AppendEntry[]) => {
      const first = selectNextSeq.get();
      if (first === undefined) throw new Error('yjs_log_seq has no row: prepareLogSchema first');
      let next = first;
      const seqs = entries.map((entry) => {
        const seq = next++;
        insertUpdate.run(entry.docName, seq, entry.update);
        return seq;
      });
      updateNextSeq.run(next);
      return seqs;
    });
    this.append = (entries) => appendTx.immediate(entries);
    this.compact = db.transaction((docName: string, snapshot: Uint8Array, throughSeq: number) => {
      const current = selectSnapshot.get(docName);
      if (current && current.snapshot_seq > throughSeq) return;
      upsertSnapshot.run(docName, snapshot, throughSeq, Date.now());
      deleteUpdates.run(docName, throughSeq);
    });
    this.delete = db.transaction(
      (docName: string) => deleteSnapshot.run(docName).changes + deleteLog.run(docName).changes > 0,
    );
    this.listDocuments = () => selectNames.all();
  }

  /** `append` for a packed batch (each update bound as a view into its buffer, not copied). */
  appendPacked(packed: PackedEntries): number[] {
    return this.append(unpackEntries(packed));
  }
}
