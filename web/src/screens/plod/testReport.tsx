import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ReportIds,
  RigIds,
  SiteIds,
  createReport,
  reportDocName,
  type ReportId,
} from '@plod/model';
import { afterEach } from 'vitest';
import { setCurrentReportId } from '../../session/current-report';
import type { SyncRuntime } from '../../sync';
import { renderApp } from '../../testing/renderApp';
import { dayShift } from '../../testing/shift';

// Screens are lazy chunks: the first render of a file can take seconds on a busy CI machine.

const disposers: (() => Promise<void>)[] = [];

/** Registers cleanup of everything openReport made; call once at the top of a test file. */
export function cleanupReports(): void {
  afterEach(async () => {
    cleanup();
    setCurrentReportId(null);
    await Promise.all(disposers.splice(0).map((dispose) => dispose()));
  });
}

export interface OpenedReport {
  sync: SyncRuntime;
  router: ReturnType<typeof renderApp>['router'];
  id: ReportId;
  docName: string;
}

/**
 * Makes a report with shift details the current one, then renders the app at `path` (a plain route,
 * or an address with `:id` standing for the report's id).
 */
export function openReport(path: string, withShift = true): OpenedReport {
  const id = ReportIds.create();
  const docName = reportDocName(id);
  setCurrentReportId(id);
  const { sync, router } = renderApp(path.replace(':id', id));
  disposers.push(() => sync.dispose());
  sync.registry.mutate(docName, createReport, {
    id,
    shift: withShift ? { ...dayShift(SiteIds.create(), RigIds.create()), level: '1040' } : {},
  });
  return { sync, router, id, docName };
}

/** Picks an option of a Mantine Select by the field's label (its options open in a listbox). */
export async function chooseOption(field: string, option: string | RegExp): Promise<void> {
  const input = screen.getAllByLabelText(field).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no ${field} input`);
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error(`no ${field} options`);
    return el;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}
