/**
 * People's hours for a pay period: one row per person per shift, and each person's totals. The
 * same columns feed the CSV here and the server's XLSX (a sheet each), so both files say the same.
 */
import type { BundleCrewAssignment, ShiftReportBundle } from '../bundle/bundle';
import { crewNameKey } from '../crew-assignment/crew-assignment.ts';
import { personHours } from '../crew-assignment/people-hours.ts';
import { roundTo } from '../format/round.ts';
import {
  CSV_LINE_END,
  csvRecord,
  fixedCell,
  plainNumberCell,
  textCell,
} from '../csv-cells/cells.ts';
import { CSV_FILENAME_PREFIX } from './filename';
import { SHIFT_LABEL, tableCsvHeader, tableCsvLine } from './summary-csv';
import type { TableColumn } from './summary-csv';

/** One person on one shift: the shift, the plod, and the person's crew assignment hours. */
export interface PeopleHoursRow extends Pick<
  BundleCrewAssignment,
  'role' | 'startTime' | 'finishTime' | 'breakHours' | 'hours' | 'travelHours' | 'paidHours'
> {
  date: string | null;
  shiftType: 'day' | 'night' | null;
  site: string | null;
  rig: string | null;
  plodId: string;
  person: string;
  /** The crew member of the library, or null for a name typed in. */
  personId: string | null;
  notes: string | null;
}

/** One person's totals over the period. */
export interface PersonTotalsRow {
  person: string;
  shifts: number;
  hours: number;
  travelHours: number;
  paidHours: number;
}

const ROLE_LABEL = { driller: 'Driller', offsider: 'Offsider' } as const;

function hoursColumn<Row>(header: string, pick: (row: Row) => number): TableColumn<Row> {
  return {
    header,
    value: pick,
    cell: (row) => fixedCell(pick(row), 2),
    numberFormat: '0.00',
  };
}

function textColumn<Row>(header: string, pick: (row: Row) => string | null): TableColumn<Row> {
  return { header, value: pick, cell: (row) => textCell(pick(row)) };
}

const shiftWord = (row: PeopleHoursRow) => (row.shiftType ? SHIFT_LABEL[row.shiftType] : null);

/** date, shift, site, rig, plod id, person, role, start, finish, break, hours, travel, paid, notes. */
export const PEOPLE_HOURS_COLUMNS: readonly TableColumn<PeopleHoursRow>[] = [
  textColumn('Date', (r) => r.date),
  textColumn('Shift', shiftWord),
  textColumn('Site', (r) => r.site),
  textColumn('Rig', (r) => r.rig),
  textColumn('Plod ID', (r) => r.plodId),
  textColumn('Person', (r) => r.person),
  textColumn('Role', (r) => ROLE_LABEL[r.role]),
  textColumn('Start', (r) => r.startTime),
  textColumn('Finish', (r) => r.finishTime),
  hoursColumn('Break (h)', (r) => r.breakHours),
  hoursColumn('Hours', (r) => r.hours),
  hoursColumn('Travel (h)', (r) => r.travelHours),
  hoursColumn('Paid hours', (r) => r.paidHours),
  textColumn('Notes', (r) => r.notes),
];

export const PERSON_TOTALS_COLUMNS: readonly TableColumn<PersonTotalsRow>[] = [
  textColumn('Person', (r) => r.person),
  {
    header: 'Shifts',
    value: (r) => r.shifts,
    cell: (r) => plainNumberCell(r.shifts),
    numberFormat: '0',
  },
  hoursColumn('Hours', (r) => r.hours),
  hoursColumn('Travel (h)', (r) => r.travelHours),
  hoursColumn('Paid hours', (r) => r.paidHours),
];

/**
 * A crew row of a bundle read leniently: a bundle stored before people's hours has none of them,
 * and reads as the shift's times, no break, no travel.
 */
function crewHours(row: BundleCrewAssignment, shift: ShiftReportBundle['shiftSummary']) {
  const stored: Partial<BundleCrewAssignment> = row;
  return personHours(
    {
      startTime: stored.startTime ?? null,
      finishTime: stored.finishTime ?? null,
      breakHours: stored.breakHours ?? null,
      travelHours: stored.travelHours ?? null,
      hoursNotes: stored.hoursNotes ?? null,
    },
    { startTime: shift.startTime, endTime: shift.endTime },
  );
}

const SHIFT_ORDER = { day: 0, night: 1 } as const;
const sortKey = (row: PeopleHoursRow) =>
  [
    row.date ?? '',
    row.shiftType ? SHIFT_ORDER[row.shiftType] : 2,
    row.site ?? '',
    row.rig ?? '',
    crewNameKey(row.person),
  ].join('\u0001');

/** One row per person per shift of the plods, oldest shift first. */
export function peopleHoursRows(bundles: readonly ShiftReportBundle[]): PeopleHoursRow[] {
  const rows = bundles.flatMap((bundle) => {
    const shift = bundle.shiftSummary;
    return bundle.crewAssignments.map((crew): PeopleHoursRow => {
      const hours = crewHours(crew, shift);
      return {
        date: shift.date,
        shiftType: shift.shiftType,
        site: shift.site,
        rig: shift.rig,
        plodId: shift.id,
        person: crew.crewMemberName,
        personId: crew.crewMemberId ?? null,
        role: crew.role,
        startTime: hours.startTime,
        finishTime: hours.finishTime,
        breakHours: hours.breakHours,
        hours: hours.hours,
        travelHours: hours.travelHours,
        paidHours: hours.paidHours,
        notes: hours.hoursNotes,
      };
    });
  });
  return rows.sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
}

/**
 * Which person a row counts for: the crew member's id, so two people who share a name stay apart. A
 * name typed in (or a plod projected before assignments carried the id) counts for the one crew
 * member of that name (in any case) when there is exactly one, and otherwise for the name itself.
 */
function personKeys(rows: readonly PeopleHoursRow[]): (row: PeopleHoursRow) => string {
  const idsByName = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.personId === null) continue;
    const name = crewNameKey(row.person);
    idsByName.set(name, (idsByName.get(name) ?? new Set<string>()).add(row.personId));
  }
  return (row) => {
    if (row.personId !== null) return `id:${row.personId}`;
    const ids = idsByName.get(crewNameKey(row.person));
    const only = ids?.size === 1 ? [...ids][0] : undefined;
    return only === undefined ? `name:${crewNameKey(row.person)}` : `id:${only}`;
  };
}

/** Each person's totals (see personKeys for who is one person), by name. */
export function personTotals(rows: readonly PeopleHoursRow[]): PersonTotalsRow[] {
  const keyOf = personKeys(rows);
  const totals = new Map<string, PersonTotalsRow>();
  const firstSeen = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!firstSeen.has(key)) firstSeen.set(key, firstSeen.size);
    const total = totals.get(key) ?? {
      person: row.person.trim(),
      shifts: 0,
      hours: 0,
      travelHours: 0,
      paidHours: 0,
    };
    totals.set(key, {
      ...total,
      shifts: total.shifts + 1,
      hours: roundTo(total.hours + row.hours, 2),
      travelHours: roundTo(total.travelHours + row.travelHours, 2),
      paidHours: roundTo(total.paidHours + row.paidHours, 2),
    });
  }
  // By name; people of one name in the order the rows first name them (oldest shift first).
  return [...totals.entries()]
    .sort(
      ([ka, a], [kb, b]) =>
        crewNameKey(a.person).localeCompare(crewNameKey(b.person)) ||
        (firstSeen.get(ka) ?? 0) - (firstSeen.get(kb) ?? 0),
    )
    .map(([, total]) => total);
}

/** Title line of the rows section and of the totals section. */
export const PEOPLE_HOURS_TITLE = 'PEOPLE HOURS';
export const PERSON_TOTALS_TITLE = 'TOTALS PER PERSON';

/**
 * The CSV: a PEOPLE HOURS section (one row per person per shift), a blank line, then a TOTALS PER
 * PERSON section; each section a title line and a header row, CRLF, formula triggers neutralised.
 */
export function peopleHoursToCsv(rows: readonly PeopleHoursRow[]): string {
  return [
    csvRecord([PEOPLE_HOURS_TITLE]) + CSV_LINE_END,
    tableCsvHeader(PEOPLE_HOURS_COLUMNS),
    ...rows.map((row) => tableCsvLine(PEOPLE_HOURS_COLUMNS, row)),
    CSV_LINE_END,
    csvRecord([PERSON_TOTALS_TITLE]) + CSV_LINE_END,
    tableCsvHeader(PERSON_TOTALS_COLUMNS),
    ...personTotals(rows).map((row) => tableCsvLine(PERSON_TOTALS_COLUMNS, row)),
  ].join('');
}

/** `PLOD_People_Hours_<from>_<to>.csv` (or .xlsx), named for the pay period. */
export function peopleHoursFilename(
  from: string | undefined,
  to: string | undefined,
  extension: 'csv' | 'xlsx',
): string {
  const day = (value: string | undefined) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : 'All';
  return `${CSV_FILENAME_PREFIX}_People_Hours_${day(from)}_${day(to)}.${extension}`;
}
