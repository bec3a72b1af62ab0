import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Drill Site Maintenance screen replaces this file's body.
export default function DrillSiteMaintenance() {
  return (
    <ScreenPlaceholder
      title="Drill Site Maintenance"
      backTo="/drill-report-dashboard"
      arriving="Maintenance tasks on the rig and running gear, with time spent and status."
    />
  );
}
