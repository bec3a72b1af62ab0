import {
  PLOD_PARTS,
  formatCurrency,
  formatDepth,
  formatHours,
  plodRecoveryTotal,
  recoveryWords,
  reportSummary,
  shiftHoursLine,
  shiftTypeLabel,
  type PartInfo,
  type ReportSnapshot,
} from '@plod/model';
import type { Fact } from '../plod/FactList';

const orNa = (v: string | null | undefined) => (v && v.trim() ? v : 'Not set');

/** The Complete Shift Summary's lines, all derived by the model from the report. */
export function shiftFacts(r: ReportSnapshot): Fact[] {
  const listed = reportSummary(r);
  return [
    { label: 'Site', value: orNa(listed.site) },
    { label: 'Rig', value: orNa(listed.rig) },
    { label: 'Date', value: orNa(r.shift.date) },
    { label: 'Shift', value: r.shift.shiftType ? shiftTypeLabel(r.shift.shiftType) : 'Not set' },
    { label: 'Total Drilled', value: `${formatDepth(r.summary.totalDepthDrilled)} m` },
    {
      label: 'Total Hours',
      // Nothing to add up until the timesheet has entries (unless someone typed the hours).
      value:
        r.timesheet.length === 0 && r.summary.hoursWorked === 0
          ? 'No time entries yet'
          : `${formatHours(r.summary.hoursWorked)} h`,
    },
    { label: 'Shift Hours', value: shiftHoursLine(r.totals.shiftHours) },
    { label: 'Core Recovery', value: recoveryWords(plodRecoveryTotal(r.holes)) },
    { label: 'Crew', value: String(r.totals.crewCount) },
    { label: 'Hire Tools Cost', value: formatCurrency(r.totals.hireToolCost) },
  ];
}

const countLabel = (part: PartInfo) => part.countLabel;

/** What the plod has recorded: the kernel's counts, then each part's that says what its rows are. */
export function countFacts(r: ReportSnapshot): Fact[] {
  return [
    { label: 'Runs', value: String(r.totals.runCount) },
    { label: 'Time Entries', value: String(r.timesheet.length) },
    { label: 'Survey Points', value: String(r.survey.length) },
    { label: 'Crew', value: String(r.crew.length) },
    ...PLOD_PARTS.flatMap((part) => {
      const label = countLabel(part);
      return label === undefined ? [] : [{ label, value: String(r[part.root].length) }];
    }),
  ];
}
