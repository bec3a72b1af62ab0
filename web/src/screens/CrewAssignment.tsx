import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Crew Assignment screen replaces this file's body.
export default function CrewAssignment() {
  return (
    <ScreenPlaceholder
      title="Crew Assignment"
      backTo="/drill-report-dashboard"
      arriving="Assign drillers and offsiders from the site crew, with one primary driller."
    />
  );
}
