import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { isReportId, readReport, reportDocName, type ReportId } from '@plod/model';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, useMatches, useParams } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader';
import { usePhotoUploads } from '../../photos/usePhotos';
import { preloadPlodListReader } from '../../reports/useReportList';
import { NextStep } from '../../components/NextStep';
import { UndoBar } from '../../components/UndoBar';
import { setCurrentReportId } from '../../session/current-report';
import { addKnownReportId } from '../../session/known-reports';
import { useConnection, useDocSnapshot, useDocument } from '../../sync';
import { NewerPlodNotice } from './NewerPlodNotice';
import { PlodContext } from './plod-context';

/** How long to wait for the server before saying a plod missing on the device is not there. */
export const NOT_FOUND_WAIT_MS = 5000;

function useScreenTitle(): string {
  const handle = useMatches().at(-1)?.handle;
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? String(handle.title)
    : 'Plod';
}

/**
 * The gate every report screen sits behind: it opens the plod its address names and shows the screen
 * once the plod is on the device; otherwise it says plainly why not (still loading, not on this phone
 * while offline, or no such plod). Opening a plod makes it this phone's current plod, which the SPEC's
 * plain routes (/run-sheets, ...) lead to.
 */
export function PlodGate() {
  const { id = '' } = useParams();
  const title = useScreenTitle();
  // A plod written here is drawn on the list from its own copy: that reader loads now, with signal.
  useEffect(preloadPlodListReader, []);
  // Photos this phone took go to the server from any of the plod's screens, whenever it is online.
  usePhotoUploads();
  if (!isReportId(id)) {
    return (
      <Shell title={title}>
        <NotFoundCard />
      </Shell>
    );
  }
  return <PlodDoor key={id} id={id} title={title} />;
}

function PlodDoor({ id, title }: { id: ReportId; title: string }) {
  const docName = reportDocName(id);
  const info = useDocument(docName);
  const report = useDocSnapshot(docName, readReport);
  const { enabled, browserOnline } = useConnection();
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedOut(true), NOT_FOUND_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const exists = info.status === 'ready' && report.id !== null;
  const { status } = report;
  // Before the plod is painted: once a person sees it, it is the phone's current plod (a plain
  // route opened at once leads to it).
  useLayoutEffect(() => {
    if (!exists) return;
    addKnownReportId(id);
    // A deleted plod can be looked at, but the plain routes should not lead back to it.
    if (status !== 'deleted') setCurrentReportId(id);
  }, [exists, id, status]);
  const { newerSchema } = info;
  const plod = useMemo(() => ({ id, docName, newerSchema }), [id, docName, newerSchema]);

  if (exists) {
    return (
      <PlodContext.Provider value={plod}>
        {newerSchema && <NewerPlodNotice />}
        <Outlet />
        {/* Next: the shift's following step, at the foot of the screen (above the Undo bar's room). */}
        <NextStep />
        {/* One Undo history per plod: it lives as long as this gate, across the plod's screens
            (and ends when a newer version of Plod saves the plod: nothing may change it here). */}
        {!newerSchema && <UndoBar docName={docName} />}
      </PlodContext.Provider>
    );
  }
  const online = enabled && browserOnline;
  let body: ReactNode;
  if (info.status === 'loading') body = <Loading />;
  else if (info.serverSynced) body = <NotFoundCard />;
  else if (!online || waitedOut) body = <NotOnDevice online={online} />;
  else body = <Loading />;
  return <Shell title={title}>{body}</Shell>;
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <ScreenHeader title={title} backTo="/" backLabel="Back to Plods" />
      {children}
    </>
  );
}

function Loading() {
  return (
    <Group justify="center" mt="xl" gap="sm">
      <Loader size="sm" />
      <Text>Loading report...</Text>
    </Group>
  );
}

/** SPEC: Report not found with Back to Dashboard. */
function NotFoundCard() {
  return (
    <Card mt="xl" ta="center" data-testid="report-not-found">
      <Stack align="center">
        <Text fw={800} size="xl">
          Report not found
        </Text>
        <Button component={Link} to="/dashboard" fullWidth>
          Back to Dashboard
        </Button>
      </Stack>
    </Card>
  );
}

/** A plod this device has never had, opened with no way to fetch it. */
function NotOnDevice({ online }: { online: boolean }) {
  const { enabled, setEnabled, syncNow } = useConnection();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={
        online ? 'This plod is not on this phone yet' : 'Not on this phone yet: connect to open it'
      }
      data-testid="plod-not-on-device"
    >
      <Stack gap="sm">
        <Text size="md">
          {online
            ? 'The server has not answered. Check the signal and try again.'
            : 'This phone has no copy of it, and the phone is offline. Open it again with signal (or use Download Data before going out of range): once it has downloaded, it works offline too.'}
        </Text>
        <Group grow>
          {!enabled ? (
            <Button onClick={() => setEnabled(true)}>Go Online</Button>
          ) : (
            online && <Button onClick={syncNow}>Try again</Button>
          )}
          <Button component={Link} to="/" variant="default">
            Back to Plods
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
