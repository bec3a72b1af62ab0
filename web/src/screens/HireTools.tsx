import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Hire Tools screen replaces this file's body.
export default function HireTools() {
  return (
    <ScreenPlaceholder
      title="Hire Tools"
      backTo="/drill-report-dashboard"
      arriving="Hire tools used on the shift, with quantity, hours, rate and total cost."
    />
  );
}
