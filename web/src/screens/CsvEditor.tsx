import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real CSV Report Editor screen replaces this file's body.
export default function CsvEditor() {
  return (
    <ScreenPlaceholder
      title="CSV Report Editor"
      backTo="/"
      backLabel="Back to Plods"
      arriving="Review a sent report, correct it, preview the CSV and download it."
    />
  );
}
