import { formatDepth, formatHours } from '../format/format.ts';
import { shiftHoursLine } from '../downtime/downtime.ts';
import type { ReportSnapshot } from '../report-doc/snapshot.ts';
import type { SheetFact } from './sheet.ts';

/** The summary fields a person may override, and what their value is when nobody has. */
export type OverridableField = 'totalDepthDrilled' | 'hoursWorked' | 'holesCompleted';

export interface SummaryOverrideMark {
  field: OverridableField;
  /** The value shown (the override). */
  value: string;
  /** What the rows add up to. */
  derived: string;
  /** "overridden; runs add to 10.5 m" */
  note: string;
}

/**
 * Each summary value that is an override rather than what the rows add up to, with the derived
 * value beside it: a supervisor reading a plod sees that 12.5 m was typed while its runs add to
 * 10.5 m. An override equal to the derived value is still marked: it no longer follows the rows.
 */
export function summaryOverrideMarks(snapshot: ReportSnapshot): SummaryOverrideMark[] {
  const { overrides, summary, timesheet } = snapshot;
  const { derived } = summary;
  const marks: SummaryOverrideMark[] = [];
  if (overrides.totalDepthDrilled !== null) {
    const text = `${formatDepth(derived.totalDepthDrilled)} m`;
    marks.push({
      field: 'totalDepthDrilled',
      value: `${formatDepth(summary.totalDepthDrilled)} m`,
      derived: text,
      note: `overridden; runs add to ${text}`,
    });
  }
  if (overrides.hoursWorked !== null) {
    const text = `${formatHours(derived.hoursWorked)} h`;
    const source = timesheet.length > 0 ? 'timesheet adds to' : 'shift times give';
    marks.push({
      field: 'hoursWorked',
      value: `${formatHours(summary.hoursWorked)} h`,
      derived: text,
      note: `overridden; ${source} ${text}`,
    });
  }
  if (overrides.holesCompleted !== null) {
    const text = String(derived.holesCompleted);
    marks.push({
      field: 'holesCompleted',
      value: String(summary.holesCompleted),
      derived: text,
      note: `overridden; ${text} ${derived.holesCompleted === 1 ? 'hole is' : 'holes are'} complete by depth`,
    });
  }
  return marks;
}

/** The plod's summary lines, overrides marked (see summaryOverrideMarks). */
export function summaryFacts(snapshot: ReportSnapshot): SheetFact[] {
  const { summary, totals } = snapshot;
  const marks = new Map(summaryOverrideMarks(snapshot).map((m) => [m.field, m]));
  const fact = (label: string, field: OverridableField, value: string): SheetFact => {
    const mark = marks.get(field);
    return mark
      ? { label, value: mark.value, override: { derived: mark.derived, note: mark.note } }
      : { label, value };
  };
  return [
    { label: 'Operator', value: summary.operator ?? '—' },
    fact('Total Depth', 'totalDepthDrilled', `${formatDepth(summary.totalDepthDrilled)} m`),
    fact('Hours Worked', 'hoursWorked', `${formatHours(summary.hoursWorked)} h`),
    fact('Holes Completed', 'holesCompleted', String(summary.holesCompleted)),
    { label: 'Average Rate', value: `${summary.avgRate.toFixed(2)} m/h` },
    { label: 'Runs', value: String(totals.runCount) },
    { label: 'Crew', value: String(totals.crewCount) },
    { label: 'Shift Hours', value: shiftHoursLine(totals.shiftHours) },
  ];
}
