import { readReportHistory, readSetup, SETUP_DOC_NAME, type HistoryNames } from '@plod/model';
import { useMemo } from 'react';
import { useAuth } from '../../auth';
import { useDocSnapshot, useOptionalDocSnapshot } from '../../sync';
import { ChangeHistory } from '../history/ChangeHistory';
import { Section } from './Section';

/** The plod's change history (who, device, when, old -> new), as the phones record it. */
export function HistorySection({ docName }: { docName: string }) {
  const auth = useAuth();
  const history = useDocSnapshot(docName, readReportHistory);
  // A client account may not read the setup document: ids then show as they are.
  const setup = useOptionalDocSnapshot(auth.kind === 'client' ? null : SETUP_DOC_NAME, readSetup);
  const names = useMemo<HistoryNames | undefined>(
    () =>
      setup
        ? {
            site: (siteId) => setup.sites.find((s) => s.id === siteId)?.siteName,
            rig: (rigId) => setup.rigs.find((r) => r.id === rigId)?.rigName,
          }
        : undefined,
    [setup],
  );
  return (
    <Section title="Change history" name="history">
      <ChangeHistory history={history} names={names} />
    </Section>
  );
}
