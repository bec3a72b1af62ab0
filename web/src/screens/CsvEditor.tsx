import { SETUP_DOC_NAME, readReport, readSetup, toBundle } from '@plod/model';
import { useMemo } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';
import { useDocSnapshot } from '../sync';
import { CsvEditorBody } from './csv-editor/CsvEditorBody';
import { usePlod } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { useReportView } from './plod/useReport';

const TITLE = 'CSV Report Editor';

/** SPEC's CSV Report Editor, at /plods/{id}/csv (and /csv-editor/{id}). */
export default function CsvEditor() {
  const { docName } = usePlod();
  const report = useDocSnapshot(docName, readReport);
  const { readOnly } = useReportView(docName);
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  // The same bundle the server's export-csv builds: report document plus the setup's names.
  const bundle = useMemo(
    () => toBundle(report, { sites: setup.sites, rigs: setup.rigs }),
    [report, setup.sites, setup.rigs],
  );
  return (
    <>
      <ScreenHeader title={TITLE} backTo="/" backLabel="Back to Plods" />
      <PlodBar />
      <CsvEditorBody docName={docName} bundle={bundle} readOnly={readOnly} />
    </>
  );
}
