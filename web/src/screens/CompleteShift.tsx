import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Complete Shift Summary screen replaces this file's body.
export default function CompleteShift() {
  return (
    <ScreenPlaceholder
      title="Complete Shift Summary"
      backTo="/drill-report-dashboard"
      arriving="Totals for the shift (metres, hours, crew, hire cost) and Complete Shift & Save."
    />
  );
}
