import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PlodSheet, ReportSnapshot, ReportStatus } from '@plod/model';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, useAuth } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { CLIENT_HOME } from '../routes/client';
import { plodPath } from '../routes/plod-paths';
import { useConnection, useDocument } from '../sync';
import { NewerPlodNotice } from './plod/NewerPlodNotice';
import { downloadPlodPdf } from './plod-report/api';
import { ChargesSection } from './plod-report/ChargesSection';
import { Facts } from './plod-report/Facts';
import { HistorySection } from './plod-report/HistorySection';
import { HoleSection } from './plod-report/HoleSection';
import { PhotosSection } from './plod-report/PhotosSection';
import { ReopenAction, ReviewActions } from './plod-report/ReviewActions';
import { Section } from './plod-report/Section';
import { SheetTable } from './plod-report/SheetTable';
import { SignOffBody } from './plod-report/SignOffSection';
import { plodDocName, usePlodReport } from './plod-report/usePlodReport';
import './plod-report/print.css';
import { useWide } from '../lib/useWide';

const TITLE = 'Plod Report';

const STATUS_COLOR: Record<ReportStatus, string> = {
  active: 'blue.8',
  completed: 'teal.9',
  sent: 'indigo.8',
  approved: 'green.9',
  returned: 'red.9',
  deleted: 'gray.8',
};

function useBack(): { to: string; label: string } {
  const auth = useAuth();
  if (auth.kind === 'client') return { to: CLIENT_HOME, label: 'Plods for review' };
  if (auth.kind === 'supervisor') return { to: '/live', label: 'Live Reports' };
  return { to: '/', label: 'Back to Plods' };
}

function Message({ title, children }: { title: string; children: string }) {
  return (
    <Alert color="gray" variant="light" title={title} data-testid="report-message">
      {children}
    </Alert>
  );
}

type PlodStatus = PlodSheet['status']['status'];

/**
 * Why the plod was returned or reopened, while the sheet says so: the present wording while it is
 * still returned (or sent again after approval), the past one after.
 */
const STATUS_NOTES = {
  returned: {
    color: 'red',
    testId: 'report-return-comment',
    field: 'returnComment',
    title: (now: PlodStatus) =>
      now === 'returned' ? 'Returned to the crew' : 'Last returned with',
  },
  reopened: {
    color: 'orange',
    testId: 'report-reopen-reason',
    field: 'reopenReason',
    title: (now: PlodStatus) => (now === 'sent' ? 'Reopened after approval' : 'Last reopened with'),
  },
} as const;

/** Why the plod came back or was reopened, in the colour of that step. */
function StatusNote({
  status,
  kind,
}: {
  status: PlodSheet['status'];
  kind: keyof typeof STATUS_NOTES;
}) {
  const note = STATUS_NOTES[kind];
  const text = status[note.field];
  if (!text) return null;
  return (
    <Alert
      color={note.color}
      variant="light"
      title={note.title(status.status)}
      data-testid={note.testId}
    >
      <Text c={`${note.color}.9`}>{text}</Text>
    </Alert>
  );
}

function PlodHeader({ sheet, reportId }: { sheet: PlodSheet; reportId: string }) {
  const auth = useAuth();
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const [downloading, setDownloading] = useState(false);
  const reviewer = auth.kind === 'supervisor' || auth.kind === 'client';
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPlodPdf(reportId);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Download PDF',
        message: error instanceof ApiError ? error.serverMessage : 'Failed to download the PDF',
      });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="report-header">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz={24} data-testid="report-title">
              {sheet.title}
            </Title>
            <Text c="dimmed">{sheet.subtitle}</Text>
          </Stack>
          <Badge size="xl" color={STATUS_COLOR[sheet.status.status]} data-testid="report-status">
            {sheet.status.label}
          </Badge>
        </Group>
        <Text fw={600} data-testid="report-status-line">
          {sheet.status.line}
        </Text>
        <StatusNote status={sheet.status} kind="returned" />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" data-print-hide>
          <Button
            variant="light"
            loading={downloading}
            disabled={!online}
            onClick={() => void download()}
          >
            Download PDF
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
        </SimpleGrid>
        <StatusNote status={sheet.status} kind="reopened" />
        {reviewer && sheet.status.status === 'sent' && (
          <ReviewActions reportId={reportId} online={online} />
        )}
        {auth.kind === 'supervisor' && sheet.status.status === 'approved' && (
          <ReopenAction reportId={reportId} online={online} />
        )}
        {auth.kind === 'device' && sheet.status.status === 'returned' && (
          <Button component={Link} to={plodPath(reportId)} size="md" data-print-hide>
            Open the plod to fix it
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function PlodBody({
  sheet,
  report,
  reportId,
  docName,
}: {
  sheet: PlodSheet;
  report: ReportSnapshot;
  reportId: string;
  docName: string;
}) {
  // Tables where there is room (and always on paper); one card per row on a phone.
  const wide = useWide();
  const asCards = !wide;
  // Read as this version reads it; approving and returning stay the server's to decide.
  const { newerSchema } = useDocument(docName);
  /** A section of one table, its rows as cards on a phone: report-{name}-table. */
  const tableSection = (name: string, title: string, table: PlodSheet['crew']) => (
    <Section key={name} title={title} name={name}>
      <SheetTable table={table} asCards={asCards} testId={`report-${name}-table`} />
    </Section>
  );
  return (
    <Stack gap="md" className="plod-report" data-testid="plod-report">
      {newerSchema && <NewerPlodNotice />}
      <PlodHeader sheet={sheet} reportId={reportId} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Shift details" name="shift-details">
          <Facts facts={sheet.shiftDetails} />
        </Section>
        <Section title="Summary" name="summary">
          <Facts facts={sheet.summary} testId="report-summary-facts" />
        </Section>
      </SimpleGrid>
      {tableSection('crew', 'Crew', sheet.crew)}
      <Section title="Holes and runs" name="holes">
        {sheet.holes.length === 0 ? (
          <Text c="dimmed">No holes drilled this shift</Text>
        ) : (
          <Stack gap="xl">
            {sheet.holes.map((hole) => (
              <HoleSection key={hole.holeId} hole={hole} asCards={asCards} />
            ))}
          </Stack>
        )}
      </Section>
      {tableSection('timesheet', 'Timesheet', sheet.timesheet)}
      {tableSection('survey', 'Survey', sheet.survey)}
      {sheet.parts.map((part) => tableSection(part.name, part.table.title, part.table))}
      <Section title="Photos" name="photos">
        <PhotosSection photos={sheet.photos} />
      </Section>
      <ChargesSection report={report} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Notes" name="notes">
          <Text style={{ whiteSpace: 'pre-wrap' }} c={sheet.notes ? undefined : 'dimmed'}>
            {sheet.notes ?? 'No notes'}
          </Text>
        </Section>
        <Section title="Sign-off" name="sign-off">
          <SignOffBody signOff={sheet.signOff} />
        </Section>
      </SimpleGrid>
      <HistorySection docName={docName} />
    </Stack>
  );
}

function PlodOf({ docName, reportId }: { docName: string; reportId: string }) {
  const state = usePlodReport(docName);
  switch (state.kind) {
    case 'loading':
      return <Text c="dimmed">Loading plod...</Text>;
    case 'waiting':
      return (
        <Message title="Still waiting for this plod">
          The server has not sent it yet. It may not exist, or this account may not have access to
          its site.
        </Message>
      );
    case 'offline-missing':
      return (
        <Message title="Not on this device">
          This plod has not been opened on this device before. Connect to the network to load it.
        </Message>
      );
    case 'not-found':
      return <Message title="Plod not found">No plod has this address.</Message>;
    case 'refused':
      return (
        <Message title="Not a plod you can review">
          This plod belongs to a site this account does not review. Ask a supervisor for access.
        </Message>
      );
    case 'ready':
      return (
        <PlodBody sheet={state.sheet} report={state.report} reportId={reportId} docName={docName} />
      );
  }
}

/**
 * The whole plod, read-only (/plods/{id}/report): every section, the sign-off with the signature,
 * the status with who set it; Download PDF and Print; Approve and Return for supervisors and
 * client accounts while it is submitted.
 */
export default function PlodReport() {
  const { id } = useParams();
  const back = useBack();
  const docName = plodDocName(id);
  return (
    <>
      <ScreenHeader title={TITLE} backTo={back.to} backLabel={back.label} />
      {docName && id ? (
        <PlodOf key={docName} docName={docName} reportId={id} />
      ) : (
        <Message title="Plod not found">No plod has this address.</Message>
      )}
    </>
  );
}
