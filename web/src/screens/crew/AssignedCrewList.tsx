import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { firstPersonHoursIssue, personHoursText } from '@plod/model';
import type { AssignmentId, CrewAssignment } from '@plod/model';

export interface AssignedCrewListProps {
  crew: readonly CrewAssignment[];
  onSetPrimary(id: AssignmentId): void;
  onRemove(id: AssignmentId): void;
  /** Opens the person's hours (start, finish, break, travel, notes). */
  onEditHours(id: AssignmentId): void;
  readOnly: boolean;
}

const ROLE_LABEL = { driller: 'Driller', offsider: 'Offsider' } as const;

export function AssignedCrewList({
  crew,
  onSetPrimary,
  onRemove,
  onEditHours,
  readOnly,
}: AssignedCrewListProps) {
  return (
    <Card withBorder mb="md">
      <Title order={2} fz={20} mb="sm">
        Assigned Crew
      </Title>
      {crew.length === 0 ? (
        <Text c="dimmed" size="md">
          No crew members assigned yet. Select from available crew below.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {crew.map((a) => (
            <Card
              key={a.id}
              component="li"
              withBorder
              padding="sm"
              data-testid="crew-assignment"
              aria-label={a.crewMemberName}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={700} size="md">
                      {a.crewMemberName}
                    </Text>
                    <Badge color={a.role === 'driller' ? 'orange' : 'gray'} variant="light">
                      {ROLE_LABEL[a.role]}
                    </Badge>
                    {a.isPrimary && <Badge color="green">Primary</Badge>}
                  </Group>
                  <PersonHoursLine assignment={a} />
                </Stack>
                {!readOnly && (
                  <Group gap="xs">
                    <Button
                      variant="light"
                      onClick={() => onEditHours(a.id)}
                      aria-label={`Hours of ${a.crewMemberName}`}
                    >
                      Hours
                    </Button>
                    {a.role === 'driller' && !a.isPrimary && (
                      <Button variant="light" onClick={() => onSetPrimary(a.id)}>
                        Set Primary
                      </Button>
                    )}
                    <Button variant="light" color="red" onClick={() => onRemove(a.id)}>
                      Remove
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** A person's hours under their name, and what is wrong with them (a merged state is shown). */
function PersonHoursLine({ assignment }: { assignment: CrewAssignment }) {
  const issue = firstPersonHoursIssue(assignment);
  return (
    <>
      <Text size="md" data-testid="crew-hours">
        {personHoursText(assignment)}
      </Text>
      {assignment.hoursNotes && (
        <Text size="sm" c="dimmed">
          {assignment.hoursNotes}
        </Text>
      )}
      {issue && (
        <Text size="sm" c="red.8" role="alert">
          {issue}
        </Text>
      )}
    </>
  );
}
