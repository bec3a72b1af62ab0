import type * as Y from 'yjs';
import type { z } from 'zod';
import { strictBody } from '../strict/strict.ts';
import type { ShiftReportBundle } from '../bundle/bundle.ts';
import type { CsvCell } from '../csv-cells/cells.ts';
import type { CsvColumn } from '../csv-cells/columns.ts';
import type { EntryCollection } from '../docs/collection.ts';
import type { EntriesSpec } from '../kernel/collections.ts';
import { collectionIn, reportRoot } from '../kernel/collections.ts';
import type { ReportMapRoot } from '../kernel/report-keys.ts';
import { REPORT_ROOTS } from '../kernel/report-keys.ts';
import type { FieldSpec, PartChanges } from './change-lines.ts';
import { partChangeLines } from './change-lines.ts';
import type { SheetHeader, SheetTable } from './sheet-table.ts';
import { sheetTable } from './sheet-table.ts';

/** How the change history names one field of a part (and formats its values). */
export interface FieldLabel {
  label: string;
  unit?: string;
  /** An override: empty means the derived value shows. */
  override?: boolean;
  format?: (value: string) => string;
}

/**
 * What a part of a plod says about itself, for the machinery that loops over the parts (undo, the
 * change history, the CSV, REST, route access, late edits): see docs/architecture.md, "Adding a
 * part to a plod".
 */
export interface PartInfo {
  /** Its root in the report document (a key of REPORT_ROOTS): its history section and undo root. */
  root: ReportMapRoot;
  /** Its name in not-found messages ("Hire tool usage 0190... not found"). */
  what: string;
  /** The noun of the Undo button: "Undo: hire tool added". */
  undoNoun: string;
  history: {
    /** The group a history list can be filtered by. */
    group: string;
    /** Labels of its fields where the key alone would read badly. */
    fields: Readonly<Record<string, FieldLabel>>;
    /** A row's short name, from the fields it was added (or removed) with. */
    entryName: (text: (key: string) => string | null) => string;
  };
  /** The name of its rows in the bundle (ShiftReportBundle), which REST lists and the CSV writes. */
  bundleList: string;
  /** The title of its CSV section. */
  csvSection: string;
  rest: {
    /** Its path under /api: GET, POST, PUT and DELETE /api/{path}[/{id}], crews may call each. */
    path: string;
    /** The OpenAPI tag of its routes. */
    tag: string;
    /** What the request body must hold as sent, before the model's schema shapes it (strict/strict.ts). */
    rules: z.ZodRawShape;
    /**
     * Fills what a checked body refers to from the setup document before it is added or changed
     * (a downtime entry's copy of its code); throws a ModelError (400) for a reference that is not there.
     */
    fromSetup?: (setup: Y.Doc, body: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  };
  /** The name a late edit to it is kept under (sync-server late-edits/parts.ts). */
  lateEditPart: string;
  /** Its section's title on the report sheet (view, print, PDF) and its part in change lines. */
  title: string;
  /** Its section's name on the report view (the section's and its table's test ids). */
  sectionName: string;
  /** What its rows are counted as on Shift Completion ("Downtime Entries"), when they are. */
  countLabel?: string;
  /** What one row is in a conflict note ("Time entry notes"), when notes name its fields. */
  rowNoun?: string;
}

/** A part's table on the report sheet: its columns, a row's cells and the totals line. */
export interface PartSheet<T, Ctx> {
  columns: readonly SheetHeader[];
  row: (row: T) => string[];
  /** Said when there are no rows. */
  empty: string;
  /** The totals line under the rows; `plod` is what else of the plod the line reads. */
  totals: (rows: readonly T[], plod: Ctx) => string | null;
  /** The rows in the order the table shows them, when not the stored order. */
  order?: (rows: readonly T[]) => readonly T[];
}

/** A plod's rows of one part, keyed by the part's root (as the report snapshot holds them). */
export type RowsOf<Root extends string, T> = { readonly [K in Root]: readonly T[] };

/** A part's rows: the generic collection's spec (docs/collection.ts), and how the CSV writes them. */
export type PartRows<T extends { id: string }, I, P, In, PIn, B> = EntriesSpec<T, I, P, In, PIn> & {
  /** A row as the bundle holds it. */
  bundleRow: (row: T) => B;
  /** Its CSV columns, in order. */
  csvColumns: readonly CsvColumn<B>[];
};

/**
 * A field a change line names: its key alone when the line names it as the change history does
 * (its label in lower case, with its unit; the key itself when it has no label), else its spec.
 */
export type ChangeField<T> = (keyof T & string) | FieldSpec<T>;

/** How a part's rows read to people: its table on the report sheet and its change lines. */
export interface PartView<T, Ctx, Totals> {
  /** Its table on the report sheet, or null when the sheet shows its rows otherwise. */
  sheet: PartSheet<T, Ctx> | null;
  /** How the change lines between two versions of a plod name its rows. */
  changes: Omit<PartChanges<T>, 'fields'> & { fields: readonly ChangeField<T>[] };
  /** The totals derived from its rows that the plod's totals carry ({ hireToolCost }), or {}. */
  totals: (rows: readonly T[]) => Totals;
}

/** The cells of a part's CSV section: a header and one row of cells a row. */
export interface CsvTable {
  header: CsvCell[];
  rows: CsvCell[][];
}

/** A part's rows as REST handles them: bodies as sent (its schemas check them), ids as text. */
export interface PlodPartRows {
  what: string;
  bundleList: Exclude<keyof ShiftReportBundle, 'shiftSummary'>;
  addAny: (doc: Y.Doc, input: unknown) => string;
  updateById: (doc: Y.Doc, id: string, patch: unknown) => void;
  removeById: (doc: Y.Doc, id: string) => boolean;
  /** See PartInfo.rest.fromSetup. */
  fromSetup?: PartInfo['rest']['fromSetup'];
}

/** A part of a plod: what it says about itself, and the operations on its rows. */
export type PlodPart<
  Info extends PartInfo,
  T extends { id: string },
  I,
  P,
  In,
  PIn,
  B,
  Ctx,
  Totals,
> = Info &
  EntryCollection<T, In, PIn> & {
    /** The name of its root in the document (REPORT_ROOTS). */
    rootName: (typeof REPORT_ROOTS)[ReportMapRoot];
    /** The strict request bodies of POST /api/{path} and PUT /api/{path}/{id}. */
    createBody: ReturnType<typeof strictBody<z.ZodType<I, In>>>;
    patchBody: ReturnType<typeof strictBody<z.ZodType<P, PIn>>>;
    /** Its rows in the bundle, from a plod's rows (a report snapshot). */
    bundleRowsOf: (plod: RowsOf<Info['root'], T>) => B[];
    /** Its CSV section of a bundle. */
    csvTable: (bundle: RowsOf<Info['bundleList'], B>) => CsvTable;
    /** Its table on the report sheet of a plod (a report snapshot), or null. */
    sheetTable: ((plod: RowsOf<Info['root'], T> & Ctx) => SheetTable) | null;
    /** The change lines of its rows between two versions of a plod (report snapshots). */
    changeLines: (before: RowsOf<Info['root'], T>, after: RowsOf<Info['root'], T>) => string[];
    /** Its totals of a plod's rows ({} when it has none). */
    totalsOf: (plod: RowsOf<Info['root'], T>) => Totals;
  };

/**
 * One part of a report as a collection of entries keyed by id in its own root: its add, update,
 * remove and read run through mutateReport (one transaction, recorded in the history) like every
 * report mutation.
 */
export function definePart<
  const Info extends PartInfo,
  T extends { id: string },
  I,
  P,
  In,
  PIn,
  B,
  Ctx = unknown,
  Totals = unknown,
>(
  info: Info,
  rows: PartRows<T, I, P, In, PIn, B>,
  view: PartView<T, Ctx, Totals>,
): PlodPart<Info, T, I, P, In, PIn, B, Ctx, Totals> {
  const { bundleRow, csvColumns } = rows;
  const { sheet, changes, totals } = view;
  const root: Info['root'] = info.root;
  const bundleList: Info['bundleList'] = info.bundleList;
  const changeSpec: PartChanges<T> = {
    ...changes,
    fields: changes.fields.map((field) =>
      typeof field === 'string' ? historyNamed(field, info.history.fields[field]) : field,
    ),
  };
  // The collection reads only its spec's fields of the rows (not bundleRow or csvColumns).
  const collection = collectionIn<T, I, P, In, PIn>(reportRoot(info.root), info.what, rows);
  return {
    ...info,
    ...collection,
    rootName: REPORT_ROOTS[info.root],
    fromSetup: info.rest.fromSetup,
    createBody: strictBody(info.rest.rules, rows.inputSchema),
    patchBody: strictBody(info.rest.rules, rows.patchSchema),
    bundleRowsOf: (plod) => plod[root].map(bundleRow),
    csvTable: (bundle) => ({
      header: csvColumns.map((column) => column.header),
      rows: bundle[bundleList].map((row) => csvColumns.map((column) => column.cell(row))),
    }),
    sheetTable:
      sheet === null
        ? null
        : (plod) => {
            const stored = plod[root];
            return sheetTable(
              info.title,
              sheet.columns,
              (sheet.order ? sheet.order(stored) : stored).map(sheet.row),
              sheet.empty,
              sheet.totals(stored, plod),
            );
          },
    changeLines: (before, after) => partChangeLines(changeSpec, before[root], after[root]),
    totalsOf: (plod) => totals(plod[root]),
  };
}

/** A field as the change lines name it from its label in the change history ("hole", "depth" m). */
function historyNamed<T>(key: keyof T & string, label: FieldLabel | undefined): FieldSpec<T> {
  return label === undefined
    ? { key, label: key }
    : { key, label: label.label.toLowerCase(), unit: label.unit };
}
