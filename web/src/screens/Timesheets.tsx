import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Timesheets screen replaces this file's body.
export default function Timesheets() {
  return (
    <ScreenPlaceholder
      title="Timesheets"
      backTo="/drill-report-dashboard"
      arriving="Time entries per hole and activity, with total and remaining hours against the 12-hour day."
    />
  );
}
