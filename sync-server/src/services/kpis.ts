import {
  LATE_SUBMISSION_HOURS,
  readRigs,
  readRoster,
  readSites,
  roundTo,
  setRosterCells,
  shiftGaps,
} from '@plod/model';
import type { KpiFigures, Kpis, RosterCell, RosterShift } from '@plod/model';
import type { Actor } from '../auth/principal.ts';
import type { Projector } from '../projections/projector.ts';
import type { KpiRigDay, ReportFilter } from '../projections/report-table.ts';
import { noteLastSavedRead } from '../read-state.ts';
import type { DocumentService } from './documents.ts';
import { requireKnown } from './references.ts';
import { LIVE_STATUSES } from './reports.ts';

/** Running sums of KPI columns over grouped rows. */
function sum(rows: readonly KpiRigDay[]): KpiFigures {
  let shifts = 0;
  let metres = 0;
  let drillingHours = 0;
  let shiftHours = 0;
  let revenue: number | null = null;
  let pricedShifts = 0;
  let pricedMetres = 0;
  for (const row of rows) {
    shifts += row.shifts;
    metres += row.metres;
    drillingHours += row.drillingHours;
    shiftHours += row.shiftHours;
    if (row.revenueCents !== null) revenue = (revenue ?? 0) + Number(row.revenueCents);
    pricedShifts += row.pricedShifts;
    pricedMetres += row.pricedMetres;
  }
  return {
    shifts,
    metres: roundTo(metres, 3),
    drillingHours: roundTo(drillingHours, 2),
    shiftHours: roundTo(shiftHours, 2),
    utilisation: shiftHours > 0 ? roundTo((drillingHours / shiftHours) * 100, 1) : null,
    revenueCents: revenue === null ? null : Math.round(revenue),
    revenuePerMetreCents:
      revenue !== null && pricedMetres > 0 ? Math.round(revenue / pricedMetres) : null,
    revenuePerShiftCents:
      revenue !== null && pricedShifts > 0 ? Math.round(revenue / pricedShifts) : null,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** The site filter a roster read applies: one site, a client account's sites, or every site. */
export interface SiteScope {
  siteId?: string;
  siteIds?: readonly string[];
}

const inScope = (scope: SiteScope, siteId: string) =>
  (scope.siteId === undefined || scope.siteId === siteId) &&
  (scope.siteIds === undefined || scope.siteIds.includes(siteId));

/**
 * The KPI dashboard's numbers and the missing-shifts list: both read the reports projection's
 * per-plod KPI columns and items (never a plod's document), and the rosters of the setup document.
 */
export class KpiService {
  constructor(
    private readonly docs: DocumentService,
    private readonly projector: Projector,
  ) {}

  private async projected(): Promise<void> {
    if (!(await this.projector.flushForRead())) noteLastSavedRead();
  }

  /** The KPIs of the plods (not deleted) a filter lets through. */
  async kpis(filter: ReportFilter): Promise<Kpis> {
    await this.projected();
    const live = { ...filter, statuses: LIVE_STATUSES };
    const table = this.projector.table;
    const [rigDays, downtime, bits, holes] = await Promise.all([
      table.kpiRigDays(live),
      table.kpiItemTotals(live, 'downtime'),
      table.kpiItemTotals(live, 'bit'),
      table.kpiItemTotals(live, 'hole'),
    ]);
    const rigs = [...groupBy(rigDays, (row) => row.rigId ?? '')].map(([, rows]) => ({
      rigId: rows[0]?.rigId ?? null,
      rigName: rows[0]?.rigName ?? null,
      ...sum(rows),
    }));
    const byGroup = groupBy(downtime, (row) => row.group);
    return {
      totals: sum(rigDays),
      rigDays: rigDays.map((row) => {
        const figures = sum([row]);
        return {
          date: row.date,
          rigId: row.rigId,
          rigName: row.rigName,
          metresPerShift: row.shifts > 0 ? roundTo(row.metres / row.shifts, 3) : 0,
          ...figures,
        };
      }),
      rigs: rigs.sort((a, b) => (a.rigName ?? '').localeCompare(b.rigName ?? '')),
      downtimeByCode: downtime
        .map((row) => ({ code: row.item, group: row.group, hours: roundTo(row.amount, 2) }))
        .sort((a, b) => b.hours - a.hours || a.code.localeCompare(b.code)),
      downtimeByGroup: [...byGroup]
        .map(([group, rows]) => ({
          group,
          hours: roundTo(
            rows.reduce((total, row) => total + row.amount, 0),
            2,
          ),
        }))
        .sort((a, b) => b.hours - a.hours || a.group.localeCompare(b.group)),
      metresPerBit: bits.map((row) => ({ bitSerial: row.item, metres: roundTo(row.amount, 3) })),
      recoveryPerHole: holes.map((row) => ({
        holeId: row.item,
        recovered: roundTo(row.amount, 3),
        drilled: roundTo(row.amount2, 3),
        percent: row.amount2 > 0 ? roundTo((row.amount / row.amount2) * 100, 1) : null,
      })),
    };
  }

  /** The expected rig-shifts of the sites in scope. */
  roster(scope: SiteScope): Promise<RosterShift[]> {
    return this.docs.readSetup((doc) => readRoster(doc).filter((s) => inScope(scope, s.siteId)));
  }

  /** Sets roster cells of sites and rigs that exist (else 404, nothing written). */
  async setRoster(by: Actor, cells: readonly RosterCell[]): Promise<RosterShift[]> {
    await this.docs.writeSetup(by, (doc) => {
      const sites = readSites(doc);
      const rigs = readRigs(doc);
      for (const cell of cells) {
        requireKnown('site', cell.siteId, sites);
        requireKnown('rig', cell.rigId, rigs);
      }
      setRosterCells(doc, cells);
    });
    return this.roster({ siteId: cells.length === 1 ? cells[0]?.siteId : undefined });
  }

  /**
   * Missing and late shifts from `from` to `to` (both YYYY-MM-DD) of the sites in scope, with the
   * sites' and rigs' current names. `nowMs`: shifts that have not ended yet are not missing.
   */
  async shiftGaps(range: { from: string; to: string } & SiteScope, nowMs: number) {
    await this.projected();
    const [roster, plods, names] = await Promise.all([
      this.roster(range),
      this.projector.table.gapPlods({ ...range, statuses: LIVE_STATUSES }),
      this.docs.readSetup((doc) => ({
        sites: new Map(readSites(doc).map((s) => [String(s.id), s.siteName])),
        rigs: new Map(readRigs(doc).map((r) => [String(r.id), r.rigName])),
      })),
    ]);
    const gaps = shiftGaps({ roster, plods, from: range.from, to: range.to, nowMs });
    const named = <T extends { siteId: string; rigId: string }>(row: T) => ({
      ...row,
      siteName: names.sites.get(row.siteId) ?? null,
      rigName: names.rigs.get(row.rigId) ?? null,
    });
    return {
      from: range.from,
      to: range.to,
      lateAfterHours: LATE_SUBMISSION_HOURS,
      missing: gaps.missing.map(named),
      late: gaps.late.map(named),
    };
  }
}
