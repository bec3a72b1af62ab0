import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { plodPath, type PlodScreen } from '../../routes/plod-paths';
import { useCurrentReportId } from '../../session/current-report';
import { NoCurrentReport } from '../report-common/NoCurrentReport';

export interface CurrentPlodProps {
  /** The report screen this plain route stands for. */
  screen: PlodScreen;
  title: string;
}

/**
 * A SPEC plain route (/run-sheets, /edit-report/{id}, ...): leads to that screen at the address of the
 * plod its `:id` or `?reportId=` names, else of this phone's current plod. The redirect replaces the
 * plain route in history, so Back never bounces through it.
 */
export function CurrentPlod({ screen, title }: CurrentPlodProps) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const current = useCurrentReportId();
  const target = id || params.get('reportId') || current;
  if (target) {
    const rest = new URLSearchParams(params);
    rest.delete('reportId');
    return <Navigate replace to={plodPath(target, screen, rest.toString())} />;
  }
  return screen === 'csv' ? <NoCsvReport /> : <NoCurrentReport title={title} />;
}

/** SPEC: the CSV editor with no report chosen says so and goes back to the list. */
function NoCsvReport() {
  useEffect(() => {
    notifications.show({
      color: 'red',
      title: 'Error',
      message: 'No report selected for CSV export',
    });
  }, []);
  return <Navigate replace to="/" />;
}
