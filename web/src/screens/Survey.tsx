import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Survey Data screen replaces this file's body.
export default function Survey() {
  return (
    <ScreenPlaceholder
      title="Survey Data"
      backTo="/drill-report-dashboard"
      arriving="Survey points per hole: depth, azimuth, dip, magnetic field and method."
    />
  );
}
