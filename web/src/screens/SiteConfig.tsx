import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Site Configuration & PLOD Management screen replaces this file's body.
export default function SiteConfig() {
  return (
    <ScreenPlaceholder
      title="Site Configuration & PLOD Management"
      backTo="/"
      backLabel="Back to Dashboard"
      arriving="The site grid with hole counts, cleanup settings and export of completed plods."
    />
  );
}
