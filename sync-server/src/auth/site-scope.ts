import type * as Y from 'yjs';
import { readShiftDetails } from '@plod/model';
import { ForbiddenError } from '../errors.ts';
import type { Principal } from './principal.ts';

export const OTHER_SITE = 'This plod belongs to a site this account cannot see';
export const OTHER_SITE_DEVICE = 'This plod belongs to a site this device has not joined';

/**
 * The sites a principal is limited to, or null for every site: supervisors, the server itself, and
 * crew devices that joined with the deployment's crew code. Client accounts and devices that joined
 * with a site's crew code are limited to their sites.
 */
export function siteScopeOf(principal: Principal | null): readonly string[] | null {
  if (principal === null || principal.kind === 'supervisor') return null;
  return principal.siteIds;
}

/**
 * The one rule for reading and writing a plod by its site (`null`: no site chosen yet), for REST
 * and /sync alike. A principal of every site may; a limited one only its own sites'. A plod with no
 * site yet is open to a crew device (a new plod has no site until Shift Details sets one, and the
 * phone must still make and fill it; it belongs to no site, so no site's data is in it), never to a
 * client account.
 */
export function maySeeSite(principal: Principal | null, siteId: string | null): boolean {
  const scope = siteScopeOf(principal);
  if (scope === null) return true;
  if (siteId === null) return principal?.kind === 'device';
  return scope.includes(siteId);
}

/**
 * Refuses (ForbiddenError) a plod of a site the principal may not see (`maySeeSite`): a client
 * account's or a site's crew device's other sites; anyone else passes.
 */
export function checkSiteAccess(principal: Principal | null, doc: Y.Doc): void {
  if (maySeeSite(principal, readShiftDetails(doc).siteId)) return;
  throw new ForbiddenError(principal?.kind === 'device' ? OTHER_SITE_DEVICE : OTHER_SITE);
}

/** Refuses (ForbiddenError) moving a plod to a site the principal may not see. */
export function checkSiteChoice(principal: Principal | null, siteId: string | null | undefined) {
  if (siteId === undefined || siteId === null || maySeeSite(principal, siteId)) return;
  throw new ForbiddenError(principal?.kind === 'device' ? OTHER_SITE_DEVICE : OTHER_SITE);
}
