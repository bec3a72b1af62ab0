import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Shift Completion screen replaces this file's body.
export default function ShiftCompletion() {
  return (
    <ScreenPlaceholder
      title="Shift Completion"
      backTo="/main-menu"
      backLabel="Back to Main Menu"
      arriving="The shift overview, crew, survey summary and sign-off before submitting the report."
    />
  );
}
