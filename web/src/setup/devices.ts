import { apiFetch, apiJson } from '../auth';

/** A crew device that joined with the access code (GET /api/devices). */
export interface JoinedDevice {
  id: string;
  name: string;
  /** The sites it joined with their site crew codes; null (or absent): every site. */
  siteIds?: string[] | null;
  joinedAt: string | number;
  lastSeenAt: string | number | null;
  revokedAt: string | number | null;
}

/** The crew access code and when it was last rotated. */
export interface CrewCode {
  code: string;
  rotatedAt: string | number | null;
}

/** A site's crew code: a phone that joins with it reads and writes that site's plods only. */
export interface SiteCrewCode extends CrewCode {
  siteId: string;
}

export function fetchSiteCrewCodes(): Promise<SiteCrewCode[]> {
  return apiJson<SiteCrewCode[]>('/api/devices/site-codes');
}

/** Creates the site's crew code, or replaces it (phones that joined with the old one stay). */
export function rotateSiteCrewCode(siteId: string): Promise<SiteCrewCode> {
  return apiJson<SiteCrewCode>(`/api/devices/site-codes/${encodeURIComponent(siteId)}/rotate`, {
    method: 'POST',
  });
}

/** The sites a device may open, in words: "All sites" or the sites' names. */
export function deviceSitesText(
  device: Pick<JoinedDevice, 'siteIds'>,
  siteName: (id: string) => string | undefined,
): string {
  if (device.siteIds === null || device.siteIds === undefined) return 'All sites';
  return device.siteIds.map((id) => siteName(id) ?? 'Removed site').join(', ');
}

export function fetchCrewCode(): Promise<CrewCode> {
  return apiJson<CrewCode>('/api/devices/code');
}

export function rotateCrewCode(): Promise<CrewCode> {
  return apiJson<CrewCode>('/api/devices/code/rotate', { method: 'POST' });
}

export function fetchDevices(): Promise<JoinedDevice[]> {
  return apiJson<JoinedDevice[]>('/api/devices');
}

/** Revokes a device: its token stops working and its open connections close. */
export async function revokeDevice(id: string): Promise<void> {
  await apiFetch(`/api/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** A server time (ISO text or epoch ms) for people, or a dash when there is none. */
export function formatWhen(value: string | number | null): string {
  if (value === null) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-US');
}

/** How many devices the Devices tab lists before Show more. */
export const DEVICES_PER_PAGE = 20;

const when = (value: string | number | null): number => {
  if (value === null) return 0;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? 0 : time;
};

/**
 * Devices in the order a supervisor looks for them: the latest news first (seen, joined or revoked
 * most recently), so the phones in use and the one just revoked are at the top and a lost phone of
 * last year is at the bottom.
 */
export function orderDevices(devices: readonly JoinedDevice[]): JoinedDevice[] {
  const latest = (device: JoinedDevice) =>
    Math.max(when(device.lastSeenAt), when(device.joinedAt), when(device.revokedAt));
  return [...devices].sort((a, b) => latest(b) - latest(a) || a.name.localeCompare(b.name));
}
