/**
 * The report projection alone, in this process: what one pass over many edited reports costs the
 * event loop, and how much of its garbage ends up in V8's old generation (which the relay then pays
 * for in full collections during broadcasts). Two kinds of document: one holding no report (the
 * latency bench's documents: every field missing) and a new report as the app creates it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import Database from 'better-sqlite3';
import * as Y from 'yjs';
import { ReportIds, createReport } from '@plod/model';
import { projectReport } from '../src/projections/report-row.ts';
import type { ReportRow } from '../src/projections/report-row.ts';
import { ReportTable } from '../src/projections/report-table.ts';
import { SqliteSql } from '../src/app-db/app-sql.ts';
import type { BatchOptions, SqlStatement } from '../src/app-db/app-sql.ts';

/** The same connection, every commit fsynced (the table's writes are `relaxed`). */
class FsyncEveryCommit extends SqliteSql {
  override batch(statements: readonly SqlStatement[], options: BatchOptions = {}) {
    return super.batch(statements, { ...options, relaxed: false });
  }
}

const oldSpaceBytes = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ??
  0;

/** Short-lived garbage between passes, as the relay makes between projection passes. */
let sink = 0;
function churn(): void {
  for (let i = 0; i < 200_000; i++) {
    const value = { i, pair: [i, i + 1] };
    sink += value.pair.length;
  }
}

function measure(label: string, docs: Y.Doc[], passes: number) {
  for (let pass = 0; pass < 10; pass++) for (const doc of docs) projectReport(doc); // warm-up
  let projectMs = 0;
  let oldGrowth = 0;
  for (let pass = 0; pass < passes; pass++) {
    const before = oldSpaceBytes();
    const started = performance.now();
    for (const doc of docs) projectReport(doc);
    projectMs += performance.now() - started;
    churn();
    churn();
    // A full collection in between shows up as a drop; count growth only.
    oldGrowth += Math.max(0, oldSpaceBytes() - before);
  }
  return {
    documents: label,
    usPerReport: Math.round((projectMs * 1000 * 10) / (passes * docs.length)) / 10,
    passMs: Math.round((projectMs / passes) * 100) / 100,
    oldGenKbPerPass: Math.round(oldGrowth / passes / 1024),
  };
}

export async function projectionBench(docCount: number, passes = 30): Promise<void> {
  console.log(
    `\n## Report projection: ${docCount} documents per pass, ${passes} passes (in process)`,
  );
  const empty = Array.from({ length: docCount }, (_, i) => {
    const doc = new Y.Doc();
    doc.getMap('m').set(`c${i % 3}`, i);
    return doc;
  });
  const reports = Array.from({ length: docCount }, () => {
    const doc = new Y.Doc();
    createReport(doc, {
      id: ReportIds.create(),
      shift: { date: '2025-07-04', shiftType: 'day', siteName: 'North Pit', rigName: 'Rig 7' },
    });
    return doc;
  });
  console.table([
    measure('no report (bench documents)', empty, passes),
    measure('new report', reports, passes),
  ]);
  if (sink < 0) console.log(sink);
  const rows = reports.map(projectReport).filter((row): row is ReportRow => row !== null);
  console.table([await writeRows(rows, passes)]);
}

/**
 * A pass's write of its rows into the projection table (a WAL database file at synchronous=FULL,
 * as the server's connection is): as the table writes them (no fsync), and with an fsync per pass.
 */
async function writeRows(rows: ReportRow[], passes: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-projection-bench-'));
  const db = new Database(path.join(dir, 'plod.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const table = new ReportTable(new SqliteSql(db));
    const fsynced = new ReportTable(new FsyncEveryCommit(db));
    await table.ready();
    let seq = 0;
    const timed = async (write: (batch: { row: ReportRow; seq: number }[]) => Promise<void>) => {
      const started = performance.now();
      for (let pass = 1; pass <= passes; pass++) {
        seq += 1;
        await write(rows.map((row) => ({ row, seq })));
      }
      return Math.round(((performance.now() - started) / passes) * 100) / 100;
    };
    const withFsync = await timed((batch) => fsynced.upsert(batch));
    return {
      rows: rows.length,
      tableUpsertMs: await timed((batch) => table.upsert(batch)),
      sameRowsWithFsyncMs: withFsync,
    };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
