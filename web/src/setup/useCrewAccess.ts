import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../auth';
import {
  fetchCrewCode,
  fetchDevices,
  fetchSiteCrewCodes,
  revokeDevice,
  rotateCrewCode,
  rotateSiteCrewCode,
  type CrewCode,
  type JoinedDevice,
  type SiteCrewCode,
} from './devices';

export type CrewAccess =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; code: CrewCode; siteCodes: SiteCrewCode[]; devices: JoinedDevice[] };

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

/**
 * The crew access code and the joined devices, loaded from the server while `online` (they are not
 * documents: they live on the server alone). Rotate and revoke answer an error message or null.
 */
export function useCrewAccess(online: boolean) {
  // Each load answers for one attempt; until the current attempt has answered, it is loading.
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; access: CrewAccess } | null>(null);

  useEffect(() => {
    if (!online) return;
    let live = true;
    const answer = (access: CrewAccess) => live && setResult({ attempt, access });
    Promise.all([fetchCrewCode(), fetchSiteCrewCodes(), fetchDevices()]).then(
      ([code, siteCodes, devices]) => answer({ status: 'ready', code, siteCodes, devices }),
      (error: unknown) => answer({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [online, attempt]);

  const state: CrewAccess =
    result && result.attempt === attempt ? result.access : { status: 'loading' };
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = (change: (ready: Extract<CrewAccess, { status: 'ready' }>) => CrewAccess) =>
    setResult((r) =>
      r && r.access.status === 'ready' ? { attempt: r.attempt, access: change(r.access) } : r,
    );

  const rotate = async (): Promise<string | null> => {
    try {
      const code = await rotateCrewCode();
      update((ready) => ({ ...ready, code }));
      return null;
    } catch (error) {
      return messageOf(error);
    }
  };

  const rotateSite = async (siteId: string): Promise<string | null> => {
    try {
      const code = await rotateSiteCrewCode(siteId);
      update((ready) => ({
        ...ready,
        siteCodes: [...ready.siteCodes.filter((c) => c.siteId !== siteId), code],
      }));
      return null;
    } catch (error) {
      return messageOf(error);
    }
  };

  const revoke = async (id: string): Promise<string | null> => {
    try {
      await revokeDevice(id);
      const devices = await fetchDevices();
      update((ready) => ({ ...ready, devices }));
      return null;
    } catch (error) {
      return messageOf(error);
    }
  };

  return { state, reload, rotate, rotateSite, revoke };
}
