import { Card, Text } from '@mantine/core';
import { ScreenHeader } from '../components/ScreenHeader';

export default function Equipment() {
  return (
    <>
      <ScreenHeader title="Equipment" backTo="/drill-report-dashboard" backLabel="Back" />
      <Card>
        <Text size="lg">Equipment management functionality coming soon...</Text>
      </Card>
    </>
  );
}
