import { Alert, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SETUP_DOC_NAME, readReport, readSetup, toBundle } from '@plod/model';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { getCurrentReportId } from '../session/current-report';
import { useDocSnapshot, useDocument } from '../sync';
import { CsvEditorBody } from './csv-editor/CsvEditorBody';
import { reportDocNameOf } from './plod/useReport';

const TITLE = 'CSV Report Editor';

function Header() {
  return <ScreenHeader title={TITLE} backTo="/" backLabel="Back to Plods" />;
}

function LoadedEditor({ docName }: { docName: string }) {
  const info = useDocument(docName);
  const report = useDocSnapshot(docName, readReport);
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  // The same bundle the server's export-csv builds: report document plus the setup's names.
  const bundle = useMemo(
    () => toBundle(report, { sites: setup.sites, rigs: setup.rigs }),
    [report, setup.sites, setup.rigs],
  );
  if (report.id === null) {
    // An empty document: still arriving from the server, or no such report.
    const failed = info.status === 'ready' && info.serverSynced;
    return failed ? (
      <Alert color="red" title="Error">
        Failed to load shift data
      </Alert>
    ) : (
      <Group p="xl" justify="center">
        <Loader size="sm" />
        <Text>Loading report...</Text>
      </Group>
    );
  }
  return <CsvEditorBody docName={docName} bundle={bundle} />;
}

export default function CsvEditor() {
  const { id } = useParams();
  const navigate = useNavigate();
  const reportId = id ?? getCurrentReportId();
  const docName = reportDocNameOf(reportId);
  useEffect(() => {
    if (reportId !== null) return;
    notifications.show({
      color: 'red',
      title: 'Error',
      message: 'No report selected for CSV export',
    });
    void navigate('/', { replace: true });
  }, [reportId, navigate]);
  return (
    <>
      <Header />
      {docName ? (
        <LoadedEditor docName={docName} />
      ) : (
        reportId !== null && (
          <Alert color="red" title="Error">
            Failed to load shift data
          </Alert>
        )
      )}
    </>
  );
}
