import { Loader } from '@mantine/core';
import { readReportHistory, type HistoryNames } from '@plod/model';
import { useMemo } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useDocSnapshot, useDocument } from '../../sync';
import { PlodBar } from '../plod/PlodBar';
import { usePlod, usePlodPath } from '../plod/plod-context';
import { useSetup } from '../report-common/useReport';
import { ChangeHistory } from './ChangeHistory';

const TITLE = 'Change History';

/** A plod's change history on its own screen (/plods/{id}/history, from the dashboard's History tile). */
export default function HistoryScreen() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const info = useDocument(docName);
  const history = useDocSnapshot(docName, readReportHistory);
  const setup = useSetup();
  const names = useMemo<HistoryNames>(
    () => ({
      site: (siteId) => setup.sites.find((s) => s.id === siteId)?.siteName,
      rig: (rigId) => setup.rigs.find((r) => r.id === rigId)?.rigName,
    }),
    [setup],
  );
  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} backLabel="Dashboard" />
      <PlodBar />
      {info.status === 'loading' ? <Loader /> : <ChangeHistory history={history} names={names} />}
    </>
  );
}
