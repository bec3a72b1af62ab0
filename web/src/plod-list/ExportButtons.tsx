import { Button, Group, Text } from '@mantine/core';
import type { PlodFilter } from '@plod/model';
import { useState } from 'react';
import { downloadText } from '../screens/csv-editor/download';
import { fetchSiteCsv, notifyExportFailure } from '../screens/site-config/api';
import { filterQuery } from './filter';
import { PeopleHoursExport } from './PeopleHoursExport';

/**
 * The site's sectioned CSV (SPEC 2's site export) of the plods the filter shows: fetched, so that
 * "none" is a message rather than a downloaded error.
 */
function SiteCsvButton({ siteId, filter }: { siteId: string; filter: PlodFilter }) {
  const [busy, setBusy] = useState(false);
  const exportSite = async () => {
    setBusy(true);
    try {
      // The site is the address's own; the rest of the filter narrows it.
      const file = await fetchSiteCsv(siteId, filterQuery({ ...filter, siteId: undefined }));
      downloadText(file.filename, file.text);
    } catch (error) {
      notifyExportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" loading={busy} onClick={() => void exportSite()}>
      Site CSV (all sections)
    </Button>
  );
}

/**
 * The one-row-per-plod summary of the plods the filter shows, as CSV or XLSX, made by the server
 * (supervisors only). Plain links: the browser downloads with the session it has. With a site
 * chosen, the site's sectioned export of the same plods too; and people's hours for a pay period.
 */
export function ExportButtons({ filter }: { filter: PlodFilter }) {
  const query = filterQuery(filter);
  return (
    <Group gap="xs" justify="flex-end" data-testid="summary-export" mb="md">
      <Text size="sm" c="dimmed">
        One row per plod shown:
      </Text>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={`/api/shift-summaries/export.${format}${query}`}
          download
          variant="light"
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
      {filter.siteId !== undefined && <SiteCsvButton siteId={filter.siteId} filter={filter} />}
      <PeopleHoursExport filter={filter} />
    </Group>
  );
}
