import * as Y from 'yjs';
import {
  HOLES_DOC_NAME,
  REPORTS_INDEX_DOC_NAME,
  ReportIds,
  SETUP_DOC_NAME,
  addCrewMember,
  addHireTool,
  addHoleToReport,
  addRig,
  addRun,
  addSite,
  addTimesheetEntry,
  assignCrewMember,
  createReport,
  holeProgressMark,
  initHolesDoc,
  initSetupDoc,
  readReportHoles,
  recordReportChanges,
  registerHole,
  replaceReportsIndex,
  reportDocName,
  setStatus,
  systemActor,
  withActor,
} from '@plod/model';
import type { HoleId, ReportStatus, ReportsIndexRow, RigId, SiteId } from '@plod/model';
import type { DocumentStore } from '../store/document-store.ts';
import { projectReport } from '../projections/report-row.ts';
import type { ReportRow } from '../projections/report-row.ts';
import type { ReportTable } from '../projections/report-table.ts';
import { indexRowOf, indexStamp } from '../projections/reports-index-hook.ts';

export interface SeedOptions {
  /** How many plods (shift reports) to write. */
  plods: number;
  /** The last shift's date (ISO day); the plods run back from it, ten rigs on two shifts a day. */
  until?: string;
  /** Runs per plod (each plod drills one hole). */
  runsPerPlod?: number;
}

export interface SeedResult {
  plods: number;
  runs: number;
  holes: number;
  ms: number;
}

const SITES = ['North Pit', 'Eastern Ridge'];
const RIGS_PER_SITE = 5;
const CREW = [
  ['Alex Driller', 'driller'],
  ['Sam Driller', 'driller'],
  ['Jo Driller', 'driller'],
  ['Lee Driller', 'driller'],
  ['Jordan Offsider', 'offsider'],
  ['Casey Offsider', 'offsider'],
  ['Robin Offsider', 'offsider'],
  ['Kim Offsider', 'offsider'],
] as const;
/** Plods a rig spends on one hole before moving to the next. */
const PLODS_PER_HOLE = 24;
/** Plods stored per store transaction and projection batch. */
const BATCH = 250;

const SEED_ACTOR = systemActor('Seed');

function isoDay(from: string, daysBack: number): string {
  const day = new Date(`${from}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysBack);
  return day.toISOString().slice(0, 10);
}

/** Closed plods are approved, the last two days' are still being filled in or reviewed. */
function statusFor(daysBack: number, i: number): ReportStatus {
  if (daysBack === 0) return i % 2 ? 'active' : 'completed';
  if (daysBack === 1) return i % 3 === 0 ? 'sent' : 'completed';
  return 'approved';
}

const CLOSING: readonly ReportStatus[] = ['completed', 'sent', 'approved'];

/**
 * Writes a year's worth of data into an empty store: a setup (two sites, ten rigs, crew, hire
 * tools), a hole register, and `plods` shift reports, ten rigs on day and night shifts back from
 * `until`, each with its crew, a hole continued from that rig's last shift, runs and time entries,
 * every one made through the model's own mutations. Documents go to the store as one update each,
 * in batches, their report rows into the projection table and the reports index of those rows, so
 * a server started on the store lists them at once.
 */
export async function seedYear(
  store: DocumentStore,
  table: ReportTable,
  options: SeedOptions,
): Promise<SeedResult> {
  const started = performance.now();
  if ((await store.listDocuments()).length > 0) {
    throw new Error('seeding writes into an empty store: this one already holds documents');
  }
  const until = options.until ?? new Date().toISOString().slice(0, 10);
  const runsPerPlod = options.runsPerPlod ?? 10;

  const setup = new Y.Doc();
  initSetupDoc(setup);
  const sites: SiteId[] = SITES.map((siteName) => addSite(setup, { siteName }));
  const rigs: { id: RigId; name: string; siteId: SiteId; siteName: string }[] = [];
  sites.forEach((siteId, s) => {
    for (let r = 0; r < RIGS_PER_SITE; r += 1) {
      const rigName = `Rig ${s * RIGS_PER_SITE + r + 1}`;
      const id = addRig(setup, { rigName, rigNumber: `R-${s}${r}`, siteId });
      rigs.push({ id, name: rigName, siteId, siteName: SITES[s] ?? '' });
    }
    for (const [memberName, role] of CREW) addCrewMember(setup, { memberName, role, siteId });
    addHireTool(setup, { toolName: 'Core barrel (spare)', ratePerHour: 12.5, siteId });
  });

  const holes = new Y.Doc();
  initHolesDoc(holes);
  const year = until.slice(0, 4);
  let holeCount = 0;
  /** Where each rig's current hole was left. */
  const rigHoles = new Map<
    RigId,
    { holeId: HoleId; plods: number; start: ReturnType<typeof holeProgressMark> | null }
  >();
  const nextHole = (rig: (typeof rigs)[number]) => {
    holeCount += 1;
    const holeId = registerHole(holes, rig.siteId, {
      holeId: `DH-${year}-${String(holeCount).padStart(4, '0')}`,
      targetDepth: 2_000,
      dip: -60,
      azimuth: 90,
      constantStickUp: 0.5,
    });
    const current = { holeId, plods: 0, start: null };
    rigHoles.set(rig.id, current);
    return current;
  };

  await store.append([{ docName: SETUP_DOC_NAME, update: Y.encodeStateAsUpdate(setup) }]);

  let runs = 0;
  const shiftsPerDay = rigs.length * 2;
  for (let from = 0; from < options.plods; from += BATCH) {
    const names: string[] = [];
    const updates: Uint8Array[] = [];
    const rows: (ReportRow | null)[] = [];
    // Oldest first, so a rig's later shift continues the hole its earlier one left; `i` counts back
    // from the newest plod (0: the last shift of the last day).
    for (let k = from; k < Math.min(options.plods, from + BATCH); k += 1) {
      const i = options.plods - 1 - k;
      const daysBack = Math.floor(i / shiftsPerDay);
      const rig = rigs[k % rigs.length];
      if (!rig) continue;
      const night = Math.floor(k / rigs.length) % 2 === 1;
      const doc = new Y.Doc();
      const id = ReportIds.create();
      const status = statusFor(daysBack, i);
      // One transaction and one history record per plod: a crew's phone makes many, but what is
      // stored and listed is the same, and a year of plods is written in seconds.
      withActor(doc, SEED_ACTOR, () =>
        doc.transact(() =>
          recordReportChanges(doc, () => {
            createReport(doc, {
              id,
              shift: {
                date: isoDay(until, daysBack),
                shiftType: night ? 'night' : 'day',
                startTime: night ? '18:00' : '06:00',
                endTime: night ? '06:00' : '18:00',
                siteId: rig.siteId,
                rigId: rig.id,
                siteName: rig.siteName,
                rigName: rig.name,
              },
            });
            const crew = [CREW[(i + 0) % 4], CREW[4 + (i % 4)], CREW[4 + ((i + 1) % 4)]];
            crew.forEach((member, n) => {
              if (member)
                assignCrewMember(doc, {
                  crewMemberName: member[0],
                  role: member[1],
                  isPrimary: n === 0,
                });
            });
            let hole = rigHoles.get(rig.id) ?? nextHole(rig);
            if (hole.plods >= PLODS_PER_HOLE) hole = nextHole(rig);
            hole.plods += 1;
            addHoleToReport(
              doc,
              {
                holeId: hole.holeId,
                targetDepth: 2_000,
                dip: -60,
                azimuth: 90,
                constantStickUp: 0.5,
              },
              hole.start
                ? {
                    startDepth: hole.start.endDepth,
                    startRunNumber: hole.start.nextRunNumber,
                    startStickUp: hole.start.lastStickUp,
                  }
                : {},
            );
            for (let r = 0; r < runsPerPlod; r += 1) {
              addRun(doc, hole.holeId, {
                rodAdded: true,
                stickUp: 0.2 + ((i + r) % 5) * 0.1,
                oriToolUsed: r % 7 === 6,
              });
            }
            runs += runsPerPlod;
            const worked = readReportHoles(doc).find((h) => h.holeId === hole.holeId);
            if (worked) hole.start = holeProgressMark(worked, id, []);
            const times = night
              ? [
                  ['18:00', '19:00', 'setup'],
                  ['19:00', '05:00', 'drilling'],
                  ['05:00', '06:00', 'maintenance'],
                ]
              : [
                  ['06:00', '07:00', 'setup'],
                  ['07:00', '17:00', 'drilling'],
                  ['17:00', '18:00', 'maintenance'],
                ];
            for (const [startTime = '', endTime = '', activity] of times) {
              addTimesheetEntry(doc, {
                holeId: hole.holeId,
                activity: activity as 'drilling',
                startTime,
                endTime,
                notes: null,
              });
            }
            for (const next of CLOSING) {
              if (CLOSING.indexOf(next) > CLOSING.indexOf(status) || status === 'active') break;
              setStatus(doc, next, undefined, next === 'approved' ? 'Site supervisor' : null);
            }
          }),
        ),
      );
      names.push(reportDocName(id));
      updates.push(Y.encodeStateAsUpdate(doc));
      rows.push(projectReport(doc));
      doc.destroy();
    }
    const seqs = await store.append(
      names.map((docName, n) => ({ docName, update: updates[n] ?? new Uint8Array() })),
    );
    await table.upsert(rows.flatMap((row, n) => (row ? [{ row, seq: seqs[n] ?? 0 }] : [])));
  }
  await store.append([{ docName: HOLES_DOC_NAME, update: Y.encodeStateAsUpdate(holes) }]);
  await writeReportsIndex(store, table);
  return { plods: options.plods, runs, holes: holeCount, ms: performance.now() - started };
}

/**
 * The reports index of the table's rows (as a server's start would reconcile it), stored as one
 * update and recorded beside the table as matching it, so a server started on the store finds its
 * index written, as after a clean stop, and need not read a row per plod to build it.
 */
async function writeReportsIndex(store: DocumentStore, table: ReportTable): Promise<void> {
  const rows: ReportsIndexRow[] = [];
  for await (const page of table.summaryPages({}, 1_000)) rows.push(...page.map(indexRowOf));
  const index = new Y.Doc();
  replaceReportsIndex(index, rows);
  const [seq] = await store.append([
    { docName: REPORTS_INDEX_DOC_NAME, update: Y.encodeStateAsUpdate(index) },
  ]);
  index.destroy();
  const state = await table.indexState();
  if (state && seq !== undefined) await table.recordIndexReflects(indexStamp(seq), state.epoch);
}
