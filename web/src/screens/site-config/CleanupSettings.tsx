import { Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CLEANUP_DAYS_MAX,
  CLEANUP_DAYS_MIN,
  SUPERVISOR_EMAIL_DEBOUNCE_MS,
  parseCleanupDays,
  type Site,
} from '@plod/model';
import { useEffect, useRef, useState } from 'react';
import { reasonOf } from '../../setup/notify';
import type { SetupEditor } from '../../setup/useSetupEditor';
import { NumberField } from '../plod/NumberField';
import { SettingsCard } from './SettingsCard';

export const DAYS_OUT_OF_RANGE = `Cleanup days must be between ${CLEANUP_DAYS_MIN} and ${CLEANUP_DAYS_MAX}; this value is not saved`;

type UpdateSite = SetupEditor['updateSite'];

/** SPEC 8: 'Failed to save {what}: {message or Unknown error}'. */
function saveFailure(what: string, error: unknown): string {
  return `Failed to save ${what}: ${reasonOf(error, 'Unknown error')}`;
}

function showSaveFailure(what: string, error: unknown): void {
  notifications.show({ color: 'red', title: 'Not saved', message: saveFailure(what, error) });
}

/** A typed value and the stored value it was typed over: it shows until the stored value moves. */
interface Draft<T> {
  over: T;
  text: string;
}

function CleanupDays({ site, updateSite }: { site: Site; updateSite: UpdateSite }) {
  const [draft, setDraft] = useState<Draft<number> | null>(null);
  const shown =
    draft !== null && draft.over === site.autoCleanupDays
      ? draft.text
      : String(site.autoCleanupDays);
  const valid = parseCleanupDays(shown) !== null;
  return (
    <NumberField
      inputMode="numeric"
      label="Cleanup days"
      description={`Deleted reports older than this are removed (${CLEANUP_DAYS_MIN}-${CLEANUP_DAYS_MAX} days)`}
      min={CLEANUP_DAYS_MIN}
      max={CLEANUP_DAYS_MAX}
      // Out-of-range values are ignored (SPEC 5), never quietly clamped into range and saved.
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      value={shown}
      error={valid ? null : DAYS_OUT_OF_RANGE}
      onChange={(value) => {
        setDraft({ over: site.autoCleanupDays, text: String(value) });
        const days = parseCleanupDays(value);
        if (days === null || days === site.autoCleanupDays) return;
        try {
          updateSite(site.id, { autoCleanupDays: days });
        } catch (error) {
          showSaveFailure('cleanup days', error);
        }
      }}
    />
  );
}

function SupervisorEmail({ site, updateSite }: { site: Site; updateSite: UpdateSite }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unsaved = useRef<string | null>(null);

  // Leaving the screen inside the debounce still saves what was typed.
  useEffect(() => {
    const timers = timer;
    const typed = unsaved;
    return () => {
      if (timers.current) clearTimeout(timers.current);
      if (typed.current === null) return;
      try {
        updateSite(site.id, { supervisorEmail: typed.current });
      } catch {
        // An address the model refuses stays unsaved, as it would have after the debounce.
      }
    };
  }, [updateSite, site.id]);

  const save = () => {
    timer.current = null;
    const text = unsaved.current;
    unsaved.current = null;
    if (text === null) return;
    try {
      // Empty is saved as null (the model trims and turns '' into null).
      updateSite(site.id, { supervisorEmail: text });
      setDraft(null);
      setError(null);
    } catch (failure) {
      setError(saveFailure('supervisor email', failure));
    }
  };

  return (
    <TextInput
      label="Supervisor email"
      description="Saved a moment after you stop typing"
      type="email"
      autoComplete="email"
      value={draft ?? site.supervisorEmail ?? ''}
      error={error}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        unsaved.current = text;
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(save, SUPERVISOR_EMAIL_DEBOUNCE_MS);
      }}
    />
  );
}

export interface CleanupSettingsProps {
  site: Site;
  updateSite: UpdateSite;
}

/**
 * SPEC 2 cleanup settings of one site: cleanup days (1-365, others ignored), auto cleanup (on unless
 * explicitly off) and the supervisor email (saved 1 s after typing stops, empty as null). They are
 * fields of the site in the setup document, so they save on the device and sync when there is signal.
 */
export function CleanupSettings({ site, updateSite }: CleanupSettingsProps) {
  return (
    <SettingsCard title="Cleanup settings">
      <CleanupDays site={site} updateSite={updateSite} />
      <Switch
        size="md"
        label="Auto cleanup"
        description="Removes this site's old deleted reports once a day"
        checked={site.enableAutoCleanup}
        onChange={(event) => {
          try {
            updateSite(site.id, { enableAutoCleanup: event.currentTarget.checked });
          } catch (error) {
            showSaveFailure('auto cleanup setting', error);
          }
        }}
      />
      <SupervisorEmail site={site} updateSite={updateSite} />
    </SettingsCard>
  );
}
