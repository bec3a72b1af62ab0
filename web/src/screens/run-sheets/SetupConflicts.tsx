import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { HoleSetting, SettingConflict, SettingValue } from '@plod/model';
import { SETTING_LABELS, settingText } from './setting-text';

export interface SetupConflictsProps {
  conflicts: readonly SettingConflict[];
  /** Absent on a read-only plod: the values are shown, nothing can be chosen. */
  onChoose?: (setting: HoleSetting, value: SettingValue) => void;
}

/**
 * Settings that phones set differently for this hole, every value shown until someone chooses one
 * (the choice then shows on every phone). Nothing was dropped when the phones' set-ups merged.
 */
export function SetupConflicts({ conflicts, onChoose }: SetupConflictsProps) {
  if (conflicts.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title="Set up differently on two phones"
      data-testid="setup-conflicts"
    >
      <Stack gap="sm">
        <Text size="md">
          {onChoose
            ? 'Choose the right value. Your choice shows on every phone.'
            : 'These values still need to be chosen.'}
        </Text>
        {conflicts.map(({ setting, options }) => (
          <div key={setting} data-testid={`conflict-${setting}`}>
            <Text size="md" fw={700}>
              {SETTING_LABELS[setting]}
            </Text>
            <Group gap="xs" mt={4}>
              {options.map(({ value }) => {
                const text = settingText(setting, value);
                return onChoose ? (
                  <Button
                    key={String(value)}
                    variant="default"
                    size="md"
                    aria-label={`Use ${SETTING_LABELS[setting].toLowerCase()} ${text}`}
                    onClick={() => onChoose(setting, value)}
                  >
                    {text}
                  </Button>
                ) : (
                  <Text key={String(value)} size="md">
                    {text}
                  </Text>
                );
              })}
            </Group>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}
