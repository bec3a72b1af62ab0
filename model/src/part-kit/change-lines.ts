/** What a change line says of a value: "empty", "yes", a rounded number, text cut at 60 characters. */
export type ChangeValue = string | number | boolean | null | undefined;

const ARROW = '->';

/** A number as change lines show it, to two decimals at most. */
export const round = (n: number): string => String(Math.round(n * 100) / 100);

function shown(value: ChangeValue, unit = ''): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return `${round(value)}${unit}`;
  return value.length > 60 ? `"${value.slice(0, 60)}…"` : value;
}

/** "Start time 06:00 -> 07:00", with the unit once at the end ("0.5 -> 0.8 m"). */
export function transition(
  label: string,
  before: ChangeValue,
  after: ChangeValue,
  unit = '',
): string {
  const numeric = typeof before === 'number' && typeof after === 'number';
  const from = numeric ? round(before) : shown(before);
  const to = shown(after, unit === '' ? '' : ` ${unit}`);
  return `${label} ${from} ${ARROW} ${to}`;
}

/** A field a change line names, with its label and unit. */
export interface FieldSpec<T> {
  key: keyof T & string;
  label: string;
  unit?: string;
}

/** One line per field that differs between two versions of an entry. */
export function fieldChanges<T>(
  before: T,
  after: T,
  fields: readonly FieldSpec<T>[],
  prefix: string,
): string[] {
  const lines: string[] = [];
  for (const { key, label, unit } of fields) {
    const was = before[key] as ChangeValue;
    const now = after[key] as ChangeValue;
    if (was !== now) lines.push(transition(`${prefix}${label}`, was, now, unit));
  }
  return lines;
}

/** Entries of two lists by id: added, removed and present in both. */
export function pair<T extends { id: string }>(before: readonly T[], after: readonly T[]) {
  const was = new Map(before.map((e) => [e.id, e]));
  const now = new Map(after.map((e) => [e.id, e]));
  return {
    added: after.filter((e) => !was.has(e.id)),
    removed: before.filter((e) => !now.has(e.id)),
    kept: after.flatMap((e) => {
      const old = was.get(e.id);
      return old ? [[old, e] as const] : [];
    }),
  };
}

/** How the change lines name a part's rows: "Hire tool added: Survey camera x1, 2 h". */
export interface PartChanges<T> {
  /** Said before an added row, and before a removed one. */
  added: string;
  removed: string;
  /** A row in a few words. */
  row: (row: T) => string;
  /** The fields whose changes are said, each prefixed with `prefix(was)`. */
  fields: readonly FieldSpec<T>[];
  prefix: (was: T) => string;
}

/** The change lines of a part's rows between two versions of a plod. */
export function partChangeLines<T extends { id: string }>(
  spec: PartChanges<T>,
  before: readonly T[],
  after: readonly T[],
): string[] {
  const { added, removed, kept } = pair(before, after);
  return [
    ...added.map((r) => `${spec.added}: ${spec.row(r)}`),
    ...removed.map((r) => `${spec.removed}: ${spec.row(r)}`),
    ...kept.flatMap(([was, now]) => fieldChanges(was, now, spec.fields, spec.prefix(was))),
  ];
}
