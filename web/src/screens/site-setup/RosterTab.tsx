import { Checkbox, Group, ScrollArea, Table, Text } from '@mantine/core';
import {
  ROSTER_WEEKDAYS,
  WEEKDAY_LABELS,
  type Rig,
  type RosterCell,
  type RosterShift,
  type Site,
} from '@plod/model';

const SHIFTS = ['day', 'night'] as const;

/**
 * A site's roster: one row per rig, one column per weekday, a Day and a Night tick in each cell.
 * A tick writes that one cell (the missing-shifts list expects a plod for it).
 */
export function RosterTab({
  site,
  rigs,
  roster,
  onSet,
}: {
  site: Site | null;
  rigs: readonly Rig[];
  roster: readonly RosterShift[];
  onSet: (cells: RosterCell[]) => void;
}) {
  if (!site) return <Text c="dimmed">Add a site first</Text>;
  if (rigs.length === 0) return <Text c="dimmed">Add the site’s rigs first (Rigs tab)</Text>;
  const expected = new Set(roster.map((r) => `${r.rigId}|${r.weekday}|${r.shiftType}`));
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Tick the shifts each rig works. A ticked shift that ends with no plod is listed under
        Missing shifts.
      </Text>
      <ScrollArea type="auto">
        <Table withTableBorder withColumnBorders data-testid="roster-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rig</Table.Th>
              {ROSTER_WEEKDAYS.map((day) => (
                <Table.Th key={day} ta="center">
                  {WEEKDAY_LABELS[day]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rigs.map((rig) => (
              <Table.Tr key={rig.id}>
                <Table.Th scope="row">{rig.rigName}</Table.Th>
                {ROSTER_WEEKDAYS.map((day) => (
                  <Table.Td key={day}>
                    <Group gap={6} justify="center" wrap="nowrap">
                      {SHIFTS.map((shift) => (
                        <Checkbox
                          key={shift}
                          size="sm"
                          label={shift === 'day' ? 'D' : 'N'}
                          aria-label={`${rig.rigName} ${WEEKDAY_LABELS[day]} ${shift} shift`}
                          checked={expected.has(`${rig.id}|${day}|${shift}`)}
                          onChange={(e) =>
                            onSet([
                              {
                                siteId: site.id,
                                rigId: rig.id,
                                weekday: day,
                                shiftType: shift,
                                expected: e.currentTarget.checked,
                              },
                            ])
                          }
                        />
                      ))}
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
