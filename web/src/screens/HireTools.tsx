import {
  SETUP_DOC_NAME,
  formatCurrency,
  hireToolUsagePart,
  readSetup,
  type HireToolUsageRow,
} from '@plod/model';
import { useDocSnapshot } from '../sync';
import { HIRE_TOOL, HIRE_TOOL_DEFAULTS, hireToolValues } from './hire-tools/HireToolForm';
import { notesColumn } from './plod/columns';
import { type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { InlineEntryScreen } from './plod/InlineEntryScreen';
import { MissingLists, useListMissing } from './report-common/MissingLists';
import { usePlod } from './plod/plod-context';
import { useReportView } from './plod/useReport';

const TITLE = 'Hire Tools';

const COLUMNS: Column<HireToolUsageRow>[] = [
  { header: 'Tool', cell: (t) => t.toolName },
  { header: 'Qty', cell: (t) => String(t.quantity) },
  { header: 'Hours', cell: (t) => String(t.hours) },
  { header: 'Rate/Hr', cell: (t) => formatCurrency(t.ratePerHour) },
  { header: 'Total Cost', cell: (t) => formatCurrency(t.totalCost) },
  notesColumn(),
];

const EDITABLE = ['toolName', 'quantity', 'hours', 'ratePerHour', 'notes'] as const;

export default function HireTools() {
  const { docName } = usePlod();
  const { report, readOnly } = useReportView(docName);
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  const listsMissing = useListMissing(SETUP_DOC_NAME, setup.schemaVersion > 0);
  const entries = useEntryPart(docName, readOnly, hireToolUsagePart, {
    noun: 'hire tool',
    describe: (t: HireToolUsageRow) => `${t.toolName} x${t.quantity}`,
  });
  const siteId = report.shift.siteId;
  const library = setup.hireTools.filter((t) => t.siteId === siteId);
  return (
    <InlineEntryScreen
      title={TITLE}
      stats={[
        { label: 'Tools', value: String(report.hireTools.length), testId: 'tool-count' },
        {
          label: 'Total Cost',
          value: formatCurrency(report.totals.hireToolCost),
          testId: 'hire-total-cost',
        },
      ]}
      notice={!readOnly && listsMissing && <MissingLists what="Hire tool lists" />}
      readOnly={readOnly}
      entries={entries}
      kind={HIRE_TOOL}
      fields={{ library }}
      initial={HIRE_TOOL_DEFAULTS}
      values={hireToolValues}
      editable={EDITABLE}
      list={{
        columns: COLUMNS,
        rows: report.hireTools,
        testId: 'hire-tools-table',
        emptyTitle: 'No hire tools recorded yet',
      }}
    />
  );
}
