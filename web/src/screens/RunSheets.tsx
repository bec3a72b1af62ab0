import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Run Sheets screen replaces this file's body.
export default function RunSheets() {
  return (
    <ScreenPlaceholder
      title="Run Sheets"
      backTo="/drill-report-dashboard"
      backLabel="Back to Reports"
      arriving="Set up a hole, then add runs; depths, lengths and progress are worked out from the runs."
    />
  );
}
