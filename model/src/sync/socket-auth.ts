/**
 * How a crew device's token travels on a /sync upgrade: as WebSocket subprotocols, never in the URL
 * (URLs end up in browser console warnings and proxies' access logs). The client offers
 * `plod` and `plod-auth.{token}`; the server picks `plod`, so the token is never echoed back.
 */
export const SYNC_SUBPROTOCOL = 'plod';
export const TOKEN_SUBPROTOCOL_PREFIX = 'plod-auth.';

/** The subprotocols a socket offers for `token` (none without one: a cookie goes by itself). */
export function syncSubprotocols(token: string | null): string[] {
  return token ? [SYNC_SUBPROTOCOL, `${TOKEN_SUBPROTOCOL_PREFIX}${token}`] : [];
}

/** The device token in a `Sec-WebSocket-Protocol` header's list, if one is there. */
export function tokenFromSubprotocols(header: string | null): string | null {
  if (!header) return null;
  for (const item of header.split(',')) {
    const protocol = item.trim();
    if (protocol.startsWith(TOKEN_SUBPROTOCOL_PREFIX)) {
      const token = protocol.slice(TOKEN_SUBPROTOCOL_PREFIX.length);
      return token === '' ? null : token;
    }
  }
  return null;
}
