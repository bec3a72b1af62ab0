import { REPORTS_INDEX_DOC_NAME, classifyDocName } from '@plod/model';
import type { AuthorizeHook, SyncDecision, SyncGrant } from '../sync/grant.ts';
import type { Gate } from './gate.ts';
import { subjectOf } from './principal.ts';
import { maySeeSite, siteScopeOf } from './site-scope.ts';

/** The device a socket belongs to (its grant carries it: log lines, and the late-edit hold). */
export interface DeviceRef {
  deviceId: string;
  deviceName: string;
}

/** The site a report document belongs to (null: none chosen, or no such report). */
export type SiteOfReport = (docName: string) => Promise<string | null>;

/**
 * Who may open which document over /sync:
 * - `setup` (sites, rigs, crew, hire tools): supervisors write, devices read;
 * - `holes`: both write;
 * - `reports-index`: both read (the server writes it);
 * - `report:{id}`: both write (a device's edits to a submitted report are kept aside, not applied:
 *   extensions/late-edits.ts);
 * - any other name: refused (under the development flag, writable as before access control).
 * A crew device that joined with a site's crew code opens only the `report:{id}` documents of its
 * sites and those with no site chosen yet (the one rule: `maySeeSite`); setup, holes and the
 * reports index like every other device.
 * A client account opens only `report:{id}` documents of its own sites, read-only (it approves and
 * returns through REST); every other document is refused to it (the reports index and setup hold
 * every site's rows).
 * No credential: 401 before the upgrade. A cookie upgrade from a foreign Origin: 403 (cross-site
 * WebSocket hijacking); token upgrades need no Origin.
 */
export function createSyncPolicy(gate: Gate, siteOfReport?: SiteOfReport): AuthorizeHook {
  return async (request, docName): Promise<SyncDecision> => {
    const resolved = await gate.resolveSocket(request);
    if (!resolved) return 'unauthenticated';
    if (resolved.credential !== 'bearer') {
      // Browsers always send Origin on a WebSocket; a cookie upgrade must come from our own pages.
      const origin = request.headers.get('origin');
      if (origin !== null ? !gate.originAllowed(request) : resolved.credential === 'cookie') {
        return 'deny';
      }
    }
    const { principal } = resolved;
    const subject = subjectOf(principal);
    if (principal.kind === 'client') {
      if (classifyDocName(docName).kind !== 'report' || !siteOfReport) return 'deny';
      return maySeeSite(principal, await siteOfReport(docName))
        ? { access: 'read', subject }
        : 'deny';
    }
    const device: DeviceRef | null =
      principal.kind === 'device'
        ? { deviceId: principal.deviceId, deviceName: principal.deviceName }
        : null;
    const address = gate.forwardedAddress(request) ?? undefined;
    const grant = (access: 'read' | 'write'): SyncGrant => ({
      access,
      subject,
      ...(device ? { device } : {}),
      ...(address ? { address } : {}),
    });
    if (docName === REPORTS_INDEX_DOC_NAME) return grant('read');
    const kind = classifyDocName(docName).kind;
    switch (kind) {
      case 'setup':
        return grant(device ? 'read' : 'write');
      case 'holes':
        return grant('write');
      case 'report':
        // A device of some sites only: that site's plods, and plods with no site yet (maySeeSite).
        if (siteScopeOf(principal) === null) return grant('write');
        if (!siteOfReport) return 'deny';
        return maySeeSite(principal, await siteOfReport(docName)) ? grant('write') : 'deny';
      case 'unknown':
        return resolved.credential === 'insecure-dev' ? grant('write') : 'deny';
    }
  };
}
