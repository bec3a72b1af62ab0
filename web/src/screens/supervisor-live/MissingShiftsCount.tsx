import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { daysAgo, fetchShiftGaps } from '../../kpis/api';
import { useFetched } from '../../kpis/useFetched';

/** Days back the Live page counts missing shifts and late plods over (today included). */
export const LIVE_GAP_DAYS = 7;

/** "3 missing shifts and 1 late plod in the last 7 days", linking to the list (online only). */
export function MissingShiftsCount({ online }: { online: boolean }) {
  const range = { from: daysAgo(LIVE_GAP_DAYS - 1), to: daysAgo(0) };
  const { data } = useFetched(online ? JSON.stringify(range) : '', () =>
    online ? fetchShiftGaps(range) : Promise.resolve(null),
  );
  if (!data) return null;
  const missing = data.missing.length;
  const late = data.late.length;
  const words = `${missing} missing shift${missing === 1 ? '' : 's'} and ${late} late plod${late === 1 ? '' : 's'} in the last ${LIVE_GAP_DAYS} days`;
  return (
    <Text mb="sm" c={missing > 0 ? 'red.8' : undefined} data-testid="live-missing-count">
      <Anchor component={Link} to="/missing-shifts" c="inherit" fw={600}>
        {words}
      </Anchor>
    </Text>
  );
}
