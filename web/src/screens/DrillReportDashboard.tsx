import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Drill Report Dashboard screen replaces this file's body.
export default function DrillReportDashboard() {
  return (
    <ScreenPlaceholder
      title="Drill Report Dashboard"
      backTo="/"
      backLabel="Back to Reports"
      arriving="The report header and tiles for every part of the shift report."
    />
  );
}
