import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Shift Details screen replaces this file's body.
export default function ShiftDetails() {
  return (
    <ScreenPlaceholder
      title="Shift Details"
      backTo="/drill-report-dashboard"
      arriving="Date, shift type, start and end times, site and rig for this shift."
    />
  );
}
