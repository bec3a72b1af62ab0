import type { Actor } from '../auth/principal.ts';
import {
  addHoleToReport,
  addRun,
  bitChangesPart,
  bitDownAfter,
  holeNumberOwner,
  holeStatus,
  readHoleRegister,
  readRegisterWrites,
  reserveHoleNumbers,
  readReportHoles,
  readSetup,
  registerHole,
  removeRun,
  updateRegisteredHole,
  updateRun,
} from '@plod/model';
import type {
  BundleRunSheetEntry,
  HoleConfigDraft,
  HoleId,
  RegisteredHole,
  ReportId,
  RunDraft,
  RunId,
  RunPatch,
  SiteId,
} from '@plod/model';
import type * as Y from 'yjs';
import type { DocumentService } from './documents.ts';
import { filterFor } from './supervisor-desk.ts';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../errors.ts';
import { LIVE_STATUSES, type ReportService } from './reports.ts';
import type { PlodHoleEnd } from '../projections/report-table.ts';

type RunRow = BundleRunSheetEntry & { shiftSummaryId: string };

/** The bit a plod left down a hole (the rule of the phones' progress marks), or null. */
function bitLeftDown(doc: Y.Doc, holeId: HoleId): string | null {
  const hole = readReportHoles(doc).find((h) => h.holeId === holeId);
  if (!hole) return null;
  const changes = bitChangesPart.read(doc).filter((change) => change.holeId === holeId);
  return bitDownAfter(hole.startBit, changes);
}

/** Hole register (the 'holes' document) and runs (rows of report documents). */
export class HoleService {
  constructor(
    private readonly docs: DocumentService,
    private readonly reports: ReportService,
  ) {}

  /**
   * Runs of one report, or of every report not deleted (only its sites' for a client or a site's
   * crew device), optionally of one hole.
   */
  async runs(by: Actor, filter: { reportId?: ReportId; holeId?: string }): Promise<RunRow[]> {
    const bundles = filter.reportId
      ? [await this.reports.bundle(by, filter.reportId)]
      : await this.reports.bundles(filterFor(by, { statuses: LIVE_STATUSES }));
    return bundles
      .flatMap((b) =>
        b.runSheetEntries.map((run) => ({ ...run, shiftSummaryId: b.shiftSummary.id })),
      )
      .filter((run) => !filter.holeId || run.holeId === filter.holeId);
  }

  /**
   * Adds a run to a report. A hole not yet worked in the report joins it first, configured from the
   * register and continuing from the deepest run other reports recorded.
   */
  async addRun(by: Actor, reportId: ReportId, holeId: HoleId, input: RunDraft): Promise<RunRow> {
    const registered = await this.registered(holeId);
    // The register's setup writes come along, so settings still to be chosen stay so in the report.
    const setups = await this.docs.readHoles((doc) =>
      readRegisterWrites(doc).filter((write) => write.holeId === holeId),
    );
    // Each other plod's deepest run of the hole (newest plod first), from the projection's hole
    // rows: the plods that worked this hole, not every plod.
    const deepest = (await this.reports.holeEnds(holeId, reportId)).reduce<PlodHoleEnd | null>(
      (best, end) => (best === null || end.toDepth > best.toDepth ? end : best),
      null,
    );
    // The bit that plod left down the hole goes on down it here, as a phone's progress mark says.
    const startBit = deepest
      ? await this.docs.readReport(deepest.reportId as ReportId, (doc) => bitLeftDown(doc, holeId))
      : null;
    const id = await this.docs.writeReport(by, reportId, (doc) => {
      if (!readReportHoles(doc).some((hole) => hole.holeId === holeId)) {
        addHoleToReport(
          doc,
          registered ?? { holeId },
          {
            startDepth: deepest?.toDepth ?? 0,
            startRunNumber: deepest ? deepest.runNumber + 1 : 1,
            startStickUp: deepest?.stickUp ?? 0,
            startBit,
          },
          setups,
        );
      }
      return addRun(doc, holeId, input);
    });
    return this.run(by, reportId, id);
  }

  async updateRun(by: Actor, reportId: ReportId, id: string, patch: RunPatch): Promise<RunRow> {
    await this.docs.writeReport(by, reportId, (doc) => updateRun(doc, id as RunId, patch));
    return this.run(by, reportId, id);
  }

  async removeRun(by: Actor, reportId: ReportId, id: string) {
    const removed = await this.docs.writeReport(by, reportId, (doc) => removeRun(doc, id as RunId));
    if (!removed) throw NotFoundError.of('Run', id);
    return { message: 'Run deleted', id };
  }

  /** Registered holes with their current depth derived from the reports' runs. */
  async holes() {
    const register = await this.docs.readHoles(readHoleRegister);
    const depth = await this.reports.holeDepths();
    return register.map((hole) => {
      const currentDepth = depth.get(hole.holeId) ?? 0;
      const status = holeStatus(currentDepth, hole.targetDepth, hole.isComplete);
      return {
        ...hole,
        id: hole.holeId,
        currentDepth,
        isComplete: status === 'COMPLETE',
        status: status === 'COMPLETE' ? ('completed' as const) : ('active' as const),
      };
    });
  }

  /** Dashboard holes not yet complete: depths as numeric strings, status upper case (SPEC 3). */
  async activeHoles() {
    return (await this.holes())
      .filter((hole) => hole.status === 'active')
      .map((hole) => ({
        holeId: hole.holeId,
        currentDepth: String(hole.currentDepth),
        targetDepth: String(hole.targetDepth),
        status: 'ACTIVE',
      }));
  }

  async config(holeId: string) {
    const hole = (await this.holes()).find((h) => h.holeId === holeId);
    if (!hole) throw NotFoundError.of('Hole', holeId);
    return hole;
  }

  /** POST /api/hole-ids: registers a hole (at the named site, or the only site). */
  async register(config: HoleConfigDraft, siteId?: SiteId) {
    const site = await this.siteFor(siteId);
    const holeId = await this.docs.writeHoles((doc) => registerHole(doc, site, config));
    return this.config(holeId);
  }

  /** POST /api/hole-config: registers the hole, or updates the configuration of a registered one. */
  async saveConfig(config: HoleConfigDraft & { holeId: string }, siteId?: SiteId) {
    const existing = await this.registered(config.holeId);
    if (!existing) return this.register(config, siteId);
    const { holeId, ...patch } = config;
    await this.docs.writeHoles((doc) => updateRegisteredHole(doc, holeId as HoleId, patch));
    return this.config(holeId);
  }

  /**
   * POST /api/hole-numbers: reserves hole numbers for the caller (a device or a supervisor), one
   * request at a time, so no two callers ever hold the same number (model hole-numbers.ts).
   */
  async reserveNumbers(by: NonNullable<Actor>, year: number) {
    // The route is for crews and supervisors; a client account only reads and approves plods.
    if (by.kind === 'client') {
      throw new ForbiddenError('Client accounts do not start holes');
    }
    const owner = holeNumberOwner(by);
    const free = await this.docs.writeHoles((doc) => reserveHoleNumbers(doc, owner, year));
    return { owner, year, free };
  }

  private registered(holeId: string): Promise<RegisteredHole | undefined> {
    return this.docs.readHoles((doc: Y.Doc) =>
      readHoleRegister(doc).find((h) => h.holeId === holeId),
    );
  }

  private async siteFor(siteId?: SiteId): Promise<SiteId> {
    const sites = await this.docs.readSetup((doc) => readSetup(doc).sites);
    if (siteId) {
      if (!sites.some((site) => site.id === siteId)) throw NotFoundError.of('Site', siteId);
      return siteId;
    }
    const only = sites.length === 1 ? sites[0] : undefined;
    if (!only) throw new InvalidInputError('siteId is required: name the site the hole belongs to');
    return only.id;
  }

  private async run(by: Actor, reportId: ReportId, id: string): Promise<RunRow> {
    const run = (await this.runs(by, { reportId })).find((r) => r.id === id);
    if (!run) throw NotFoundError.of('Run', id);
    return run;
  }
}
