import {
  defaultShiftTimes,
  shiftAt,
  type ReportSnapshot,
  type SetupSnapshot,
  type ShiftDetails,
  type ShiftDetailsDraft,
  type ShiftType,
} from '@plod/model';

/** The Shift Details form; '' in siteId / rigId means none chosen. */
export interface ShiftForm {
  date: string;
  shiftType: ShiftType;
  startTime: string;
  endTime: string;
  siteId: string;
  rigId: string;
  /** Free text: the underground level or bench the shift works (e.g. "1040 RL"). */
  level: string;
}

/**
 * What the form starts with: the report's values, else today, the shift of this hour, and that
 * shift's default times (day 06:00-18:00, night 18:00-06:00).
 */
export function initialShiftForm(report: ReportSnapshot, now: Date): ShiftForm {
  const { shift } = report;
  const current = shiftAt(now);
  const shiftType = shift.shiftType ?? current.shiftType;
  const times = defaultShiftTimes(shiftType);
  return {
    date: shift.date ?? current.date,
    shiftType,
    startTime: shift.startTime ?? times.startTime,
    endTime: shift.endTime ?? times.endTime,
    siteId: shift.siteId ?? '',
    rigId: shift.rigId ?? '',
    level: shift.level ?? '',
  };
}

/**
 * What Save & Continue writes: only the fields the person changed, plus any the plod had blank (the
 * form showed a default there, which the person accepted). A site or rig is written only when the
 * person picked it, with its name from the lists: a phone whose lists are missing or out of date never
 * turns the plod's site or rig into a blank for everyone.
 */
export function shiftDetailsChanges(
  values: ShiftForm,
  stored: ShiftDetails,
  changed: (field: keyof ShiftForm) => boolean,
  setup: Pick<SetupSnapshot, 'sites' | 'rigs'>,
): ShiftDetailsDraft {
  const patch: ShiftDetailsDraft = {};
  if (changed('date') || stored.date === null) patch.date = values.date;
  if (changed('shiftType') || stored.shiftType === null) patch.shiftType = values.shiftType;
  if (changed('startTime') || stored.startTime === null) patch.startTime = values.startTime;
  if (changed('endTime') || stored.endTime === null) patch.endTime = values.endTime;
  if (changed('siteId')) {
    const site = setup.sites.find((s) => s.id === values.siteId);
    patch.siteId = site?.id ?? null;
    patch.siteName = site?.siteName ?? null;
  }
  if (changed('rigId')) {
    const rig = setup.rigs.find((r) => r.id === values.rigId && r.siteId === values.siteId);
    patch.rigId = rig?.id ?? null;
    patch.rigName = rig?.rigName ?? null;
  }
  if (changed('level')) patch.level = values.level.trim() || null;
  return patch;
}

/** Select options from the lists, plus the plod's own choice when the lists on this phone lack it. */
export function choiceOptions(
  placeholder: string,
  listed: readonly { value: string; label: string }[],
  current: { id: string | null; name: string | null },
): { value: string; label: string }[] {
  const options = [{ value: '', label: placeholder }, ...listed];
  if (current.id && !listed.some((o) => o.value === current.id)) {
    options.push({ value: current.id, label: current.name ?? 'Chosen on another phone' });
  }
  return options;
}
