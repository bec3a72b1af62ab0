import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Site Setup screen replaces this file's body.
export default function SiteSetup() {
  return (
    <ScreenPlaceholder
      title="Site Setup"
      backTo="/"
      backLabel="Back to Plods"
      arriving="Sites, rigs, crew and hire tools for each site, with add, edit and delete."
    />
  );
}
