import { expect } from 'vitest';
import * as Y from 'yjs';
import type { ModelErrorReason } from '../errors/errors.ts';
import { isModelError } from '../errors/errors.ts';
import type { ReportId, RigId, SiteId } from '../ids/ids.ts';
import { ReportIds } from '../ids/ids.ts';
import type { RunInput } from '../run/run.ts';
import { createReport } from '../shift-summary/report-meta-doc.ts';
import { initHolesDoc } from '../holes-doc/holes-doc.ts';
import type { DowntimeCodeCopy } from '../downtime/downtime.ts';
import { DEFAULT_DOWNTIME_CODES, downtimeCodeCopy } from '../downtime/downtime.ts';
import { defaultDowntimeCodeId } from '../downtime/downtime-codes-doc.ts';
import { initSetupDoc } from '../kernel/setup-keys.ts';
import type { Fields } from '../docs/entries.ts';
import { insertEntry } from '../docs/entries.ts';
import type { ReportMapRoot } from '../kernel/report-keys.ts';
import { reportMap } from '../kernel/report-keys.ts';

/** Test helpers: replicas of one document and ways to sync them. Not part of the public API. */

export const TEST_SITE_ID = '0190a000-0000-7000-8000-0000000000a1' as SiteId;
export const TEST_RIG_ID = '0190a000-0000-7000-8000-0000000000b1' as RigId;

/** A report created on one device, with shift details set so crew can be assigned. */
export function newReportDoc(id: ReportId = ReportIds.create()): Y.Doc {
  const doc = new Y.Doc();
  createReport(doc, {
    id,
    shift: {
      date: '2025-07-14',
      shiftType: 'day',
      startTime: '06:00',
      endTime: '18:00',
      siteId: TEST_SITE_ID,
      rigId: TEST_RIG_ID,
      siteName: 'North Pit',
      rigName: 'Rig 7',
    },
  });
  return doc;
}

/**
 * A report holding one entry in a part's root as another (older, or odd) device stored it, fields
 * as given and nothing checked: for tests of reading stored entries leniently.
 */
export function reportWithStoredEntry(root: ReportMapRoot, fields: Fields): Y.Doc {
  const doc = newReportDoc();
  doc.transact(() =>
    insertEntry(reportMap(doc, root), '0190a000-0000-7000-8000-0000000000d1', fields),
  );
  return doc;
}

/** A new setup document (sites, rigs, crew, the sites' lists), as a deployment starts with. */
export function newSetupDoc(): Y.Doc {
  const doc = new Y.Doc();
  initSetupDoc(doc);
  return doc;
}

/** A new holes document (the hole and bit registers). */
export function newHolesDoc(): Y.Doc {
  const doc = new Y.Doc();
  initHolesDoc(doc);
  return doc;
}

/** The copy a downtime entry keeps of one of a site's default codes (by its key: 'waiting-water'). */
export function defaultCodeCopy(siteId: SiteId, key: string): DowntimeCodeCopy {
  const code = DEFAULT_DOWNTIME_CODES.find((c) => c.key === key);
  if (!code) throw new Error(`No default downtime code ${key}`);
  return downtimeCodeCopy({ ...code, id: defaultDowntimeCodeId(siteId, key) });
}

/** A run-sheet run with a rod, no stick-up, no ori tool and no notes, but for what is given. */
export function runInput(input: Partial<RunInput> = {}): RunInput {
  return {
    style: 'run-sheet',
    rodAdded: true,
    stickUp: 0,
    oriToolUsed: false,
    notes: null,
    recoveredLength: null,
    ...input,
  };
}

/** A run with a rod and this stick-up: the ordinary run of a merge test. */
export const rod = (stickUp: number): RunInput => runInput({ stickUp });

/** Copies of a document, as other devices that synced it once would hold. */
export function replicasOf(doc: Y.Doc, count: number): Y.Doc[] {
  const update = Y.encodeStateAsUpdate(doc);
  return Array.from({ length: count }, () => {
    const replica = new Y.Doc();
    Y.applyUpdate(replica, update);
    return replica;
  });
}

/** Send everything `from` has that `to` lacks (one direction of a sync). */
export function syncInto(from: Y.Doc, to: Y.Doc): void {
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
}

/** Two replicas of a document that each migrate it apart, then sync: they must end the same. */
export function migratedApart(doc: Y.Doc, migrate: (replica: Y.Doc) => unknown): [Y.Doc, Y.Doc] {
  const [a, b] = replicasOf(doc, 2) as [Y.Doc, Y.Doc];
  migrate(a);
  migrate(b);
  syncAll([a, b]);
  return [a, b];
}

/** Sync every pair, in the given order, until all hold the same state. */
export function syncAll(docs: readonly Y.Doc[]): void {
  for (const from of docs) for (const to of docs) if (from !== to) syncInto(from, to);
  for (const from of docs) for (const to of docs) if (from !== to) syncInto(from, to);
}

/** All orders of a list (for merging in every order). */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** A fresh document made by applying the given updates in order. */
export function mergeUpdates(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

/** Assert that fn throws a ModelError of this reason (and message, when given). */
export function expectModelError(
  fn: () => unknown,
  reason: ModelErrorReason,
  message?: string,
): void {
  try {
    fn();
  } catch (error) {
    expect(isModelError(error, reason)).toBe(true);
    if (message) expect((error as Error).message).toBe(message);
    return;
  }
  expect.unreachable('expected a ModelError');
}
