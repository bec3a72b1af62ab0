import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Add New Run screen replaces this file's body.
export default function AddRun() {
  return (
    <ScreenPlaceholder
      title="Add New Run"
      backTo="/run-sheets"
      backLabel="Back to Run Sheets"
      arriving="Add the next run on the active hole with a live calculation preview."
    />
  );
}
