import { Button, Card, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ASSIGN_ROLE_CHOICES, type AssignRoleChoice, type CrewMember } from '@plod/model';

export interface AssignCrewFormProps {
  /** Site crew not yet on this shift. */
  available: readonly CrewMember[];
  onAssign(member: CrewMember, choice: AssignRoleChoice): void;
}

function isRoleChoice(value: string): value is AssignRoleChoice {
  return ASSIGN_ROLE_CHOICES.some((c) => c.value === value);
}

export function AssignCrewForm({ available, onAssign }: AssignCrewFormProps) {
  const [memberId, setMemberId] = useState('');
  const [choice, setChoice] = useState<AssignRoleChoice>('driller');
  const member = available.find((m) => m.id === memberId);
  return (
    <Card withBorder>
      <Title order={2} fz={20} mb="sm">
        Assign Crew Member
      </Title>
      {available.length === 0 ? (
        <Text c="dimmed" size="md">
          All crew members have been assigned or no crew members available for this site.
        </Text>
      ) : (
        <Stack gap="md">
          <NativeSelect
            label="Crew member"
            size="md"
            value={member ? memberId : ''}
            onChange={(e) => {
              const next = available.find((m) => m.id === e.currentTarget.value);
              setMemberId(e.currentTarget.value);
              // A member's own role is the sensible default for the shift.
              if (next) setChoice(next.role === 'offsider' ? 'offsider' : 'driller');
            }}
            data={[
              { value: '', label: 'Choose crew member...' },
              ...available.map((m) => ({ value: m.id, label: `${m.memberName} (${m.role})` })),
            ]}
          />
          <NativeSelect
            label="Role"
            size="md"
            value={choice}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isRoleChoice(value)) setChoice(value);
            }}
            data={ASSIGN_ROLE_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
          />
          <Button
            size="lg"
            disabled={!member}
            onClick={() => {
              if (!member) return;
              onAssign(member, choice);
              setMemberId('');
              setChoice('driller');
            }}
          >
            Assign Crew Member
          </Button>
        </Stack>
      )}
    </Card>
  );
}
