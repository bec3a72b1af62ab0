import { formatDepth, type HoleSetting, type SettingValue } from '@plod/model';

/** What each hole setting is called on screen. */
export const SETTING_LABELS: Readonly<Record<HoleSetting, string>> = {
  targetDepth: 'Target depth',
  dip: 'Dip',
  azimuth: 'Azimuth',
  constantStickUp: 'Constant stick-up',
  hasOriExtension: 'Ori tool',
  barrelType: 'Barrel',
};

/** A setting's value as a person reads it: 120.0 m, -60°, Yes. */
export function settingText(setting: HoleSetting, value: SettingValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (setting === 'dip' || setting === 'azimuth') return `${value}°`;
  return `${formatDepth(value)} m`;
}
