import type Database from 'better-sqlite3';
import { unpackEntries } from './document-store.ts';
import type { CompactRequest } from './sqlite-writer-protocol.ts';
import type {
  AppendEntry,
  PackedEntries,
  StoredDocument,
  UncompactedDocument,
} from './document-store.ts';

/**
 * The document store's tables. Updates go to one journal in the order they were committed
 * (`yjs_journal`, a rowid table keyed by seq), so a commit writes only the few pages at its end,
 * however many documents it touches. Which documents have journal rows their snapshot does not yet
 * hold is kept apart (`yjs_unfolded`: the first such seq per document), so a load reads the journal
 * only for those, from that seq on; and the journal is cut from its start, in seq order, up to the
 * oldest row any document still needs.
 *
 * The layout before this one kept the log clustered by document (`yjs_log`, WITHOUT ROWID on
 * (doc_name, seq)): each commit then dirtied one page per document it touched, which made the
 * writer thread's CPU per commit about 2.5 times this layout's with 100 documents a commit and 6
 * times with 1,000 (docs/benchmarks.md, "Round 7"). The first layout (`yjs_updates`, rowid with a
 * (doc_name, seq) index) wrote an index page per document. Both are moved over on open.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS yjs_snapshots (
  doc_name TEXT PRIMARY KEY,
  snapshot BLOB NOT NULL,
  snapshot_seq INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS yjs_journal (
  seq INTEGER PRIMARY KEY,
  doc_name TEXT NOT NULL,
  data BLOB NOT NULL
);
-- Documents with journal rows past their snapshot, and the first of those rows' seq.
CREATE TABLE IF NOT EXISTS yjs_unfolded (
  doc_name TEXT PRIMARY KEY,
  first_seq INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS yjs_unfolded_by_seq ON yjs_unfolded (first_seq);
-- The next seq to hand out (one row): seqs increase across the store and are never reused, even
-- after the journal was cut or a document deleted.
CREATE TABLE IF NOT EXISTS yjs_log_seq (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  next_seq INTEGER NOT NULL
);
`;

/** Earlier layouts of the log, oldest first: rowid with an index, then clustered by document. */
const OLD_LOGS = ['yjs_updates', 'yjs_log'] as const;

const tableExists = (db: Database.Database, name: string): boolean =>
  db
    .prepare<[string], number>(
      `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`,
    )
    .pluck()
    .get(name) === 1;

/** Moves the rows of an earlier log layout into the journal and drops it. */
function moveOldLog(db: Database.Database, table: (typeof OLD_LOGS)[number]): void {
  // Rows a snapshot already holds (a compaction deletes them, so there should be none) stay out.
  const past = `FROM ${table} l LEFT JOIN yjs_snapshots s ON s.doc_name = l.doc_name
                WHERE l.seq > coalesce(s.snapshot_seq, 0)`;
  db.exec(`INSERT INTO yjs_journal (seq, doc_name, data)
           SELECT l.seq, l.doc_name, l.data ${past} ORDER BY l.seq`);
  db.exec(`INSERT INTO yjs_unfolded (doc_name, first_seq)
           SELECT l.doc_name, min(l.seq) ${past} GROUP BY l.doc_name
           ON CONFLICT (doc_name) DO UPDATE SET first_seq = min(first_seq, excluded.first_seq)`);
  db.exec(`DROP TABLE ${table}`);
}

/**
 * Creates the tables and moves a log kept in an earlier layout into the journal, in one
 * transaction (a crash leaves either layout, whole). The next seq starts above every seq an
 * earlier layout ever handed out (AUTOINCREMENT's counter included), so none is reused.
 */
export function prepareLogSchema(db: Database.Database): void {
  db.transaction(() => {
    db.exec(SCHEMA);
    const current = db
      .prepare<[], number>('SELECT next_seq FROM yjs_log_seq WHERE id = 1')
      .pluck()
      .get();
    const old = OLD_LOGS.filter((table) => tableExists(db, table));
    if (current !== undefined && old.length === 0) return;
    let counted = 0;
    if (old.includes('yjs_updates') && tableExists(db, 'sqlite_sequence')) {
      counted =
        db
          .prepare<[string], number>('SELECT seq FROM sqlite_sequence WHERE name = ?')
          .pluck()
          .get('yjs_updates') ?? 0;
    }
    for (const table of old) moveOldLog(db, table);
    const stored = db
      .prepare<[], number>(
        `SELECT max(coalesce((SELECT max(seq) FROM yjs_journal), 0),
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
interface UnfoldedRow {
  doc_name: string;
  first_seq: number;
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
  /** See DocumentStore.oldestUncompacted. */
  readonly oldestUncompacted: (limit: number) => UncompactedDocument[];

  private readonly batch: Database.Transaction<
    (
      compactions: readonly CompactRequest[],
      packed: PackedEntries | null,
    ) => { seqs: number[]; compactionErrors: (string | null)[] }
  >;

  constructor(db: Database.Database) {
    const selectSnapshot = db.prepare<[string], SnapshotRow>(
      'SELECT snapshot, snapshot_seq FROM yjs_snapshots WHERE doc_name = ?',
    );
    const selectFirstUnfolded = db
      .prepare<[string], number>('SELECT first_seq FROM yjs_unfolded WHERE doc_name = ?')
      .pluck();
    // A range of the journal in seq order, filtered by name: only the rows from `seq` on are read.
    const selectUpdates = db.prepare<[number, string], UpdateRow>(
      'SELECT seq, data FROM yjs_journal WHERE seq >= ? AND doc_name = ? ORDER BY seq',
    );
    const selectNextRow = db
      .prepare<[number, string], number>(
        'SELECT seq FROM yjs_journal WHERE seq > ? AND doc_name = ? ORDER BY seq LIMIT 1',
      )
      .pluck();
    const selectNextSeq = db
      .prepare<[], number>('SELECT next_seq FROM yjs_log_seq WHERE id = 1')
      .pluck();
    const updateNextSeq = db.prepare<[number]>('UPDATE yjs_log_seq SET next_seq = ? WHERE id = 1');
    const insertUpdate = db.prepare<[number, string, Uint8Array]>(
      'INSERT INTO yjs_journal (seq, doc_name, data) VALUES (?, ?, ?)',
    );
    const markUnfolded = db.prepare<[string, number]>(
      `INSERT INTO yjs_unfolded (doc_name, first_seq) VALUES (?, ?)
       ON CONFLICT (doc_name) DO NOTHING`,
    );
    const moveUnfolded = db.prepare<[number, string]>(
      'UPDATE yjs_unfolded SET first_seq = ? WHERE doc_name = ?',
    );
    const deleteUnfolded = db.prepare<[string]>('DELETE FROM yjs_unfolded WHERE doc_name = ?');
    const selectOldestNeeded = db
      .prepare<[], number | null>('SELECT min(first_seq) FROM yjs_unfolded')
      .pluck();
    const cutJournal = db.prepare<[number]>('DELETE FROM yjs_journal WHERE seq < ?');
    const upsertSnapshot = db.prepare<[string, Uint8Array, number, number]>(
      `INSERT INTO yjs_snapshots (doc_name, snapshot, snapshot_seq, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (doc_name) DO UPDATE SET snapshot = excluded.snapshot,
         snapshot_seq = excluded.snapshot_seq, updated_at = excluded.updated_at`,
    );
    const deleteSnapshot = db.prepare<[string]>('DELETE FROM yjs_snapshots WHERE doc_name = ?');
    const selectNames = db
      .prepare<[], string>(
        'SELECT doc_name FROM yjs_snapshots UNION SELECT doc_name FROM yjs_unfolded ORDER BY doc_name',
      )
      .pluck();
    const selectOldestUnfolded = db.prepare<[number], UnfoldedRow>(
      'SELECT doc_name, first_seq FROM yjs_unfolded ORDER BY first_seq LIMIT ?',
    );

    const nextSeq = (): number => {
      const next = selectNextSeq.get();
      if (next === undefined) throw new Error('yjs_log_seq has no row: prepareLogSchema first');
      return next;
    };
    /** Deletes the journal's rows that no document needs any more: those before the oldest needed. */
    const cut = () => cutJournal.run(selectOldestNeeded.get() ?? nextSeq());

    this.load = db.transaction((docName: string) => {
      const snapshot = selectSnapshot.get(docName);
      const first = selectFirstUnfolded.get(docName);
      const from = Math.max(first ?? 0, (snapshot?.snapshot_seq ?? 0) + 1);
      const updates = first === undefined ? [] : selectUpdates.all(from, docName);
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
      let next = nextSeq();
      const marked = new Set<string>();
      const seqs = entries.map((entry) => {
        const seq = next++;
        insertUpdate.run(seq, entry.docName, entry.update);
        if (!marked.has(entry.docName)) {
          marked.add(entry.docName);
          markUnfolded.run(entry.docName, seq);
        }
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
      const first = selectFirstUnfolded.get(docName);
      if (first === undefined || first > throughSeq) return;
      // Rows committed after the snapshot was taken stay unfolded: the first of them is near the
      // journal's end, so this reads only the rows since `throughSeq`.
      const after = selectNextRow.get(throughSeq, docName);
      if (after === undefined) deleteUnfolded.run(docName);
      else moveUnfolded.run(after, docName);
      cut();
    });
    this.delete = db.transaction((docName: string) => {
      const deleted = deleteSnapshot.run(docName).changes + deleteUnfolded.run(docName).changes > 0;
      // Its journal rows are never read again (a document stored anew is unfolded from a later seq).
      if (deleted) cut();
      return deleted;
    });
    this.listDocuments = () => selectNames.all();
    this.batch = db.transaction((compactions, packed) => {
      const compactionErrors = compactions.map((compaction) => {
        try {
          this.compact(compaction.name, compaction.snapshot, compaction.throughSeq);
          return null;
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      });
      return { seqs: packed ? this.appendPacked(packed) : [], compactionErrors };
    });
    this.oldestUncompacted = (limit) => {
      const next = nextSeq();
      return selectOldestUnfolded
        .all(limit)
        .map((row) => ({ docName: row.doc_name, appendedSince: next - row.first_seq }));
    };
  }

  /** `append` for a packed batch (each update bound as a view into its buffer, not copied). */
  appendPacked(packed: PackedEntries): number[] {
    return this.append(unpackEntries(packed));
  }

  /**
   * Compactions, then an append (if any), as one transaction: one commit and one fsync for all.
   * Each compaction runs in its own savepoint, so one that fails is undone alone and its message
   * returned in its place (null for one done); the append fails or commits as a whole, and then
   * with every compaction that did not fail.
   */
  compactAndAppend(
    compactions: readonly CompactRequest[],
    packed: PackedEntries | null,
  ): { seqs: number[]; compactionErrors: (string | null)[] } {
    return this.batch.immediate(compactions, packed);
  }
}
