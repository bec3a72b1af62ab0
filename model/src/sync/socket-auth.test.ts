import { describe, expect, it } from 'vitest';
import { syncSubprotocols, tokenFromSubprotocols } from './socket-auth.ts';

describe('the device token as WebSocket subprotocols', () => {
  it('offers plod and the token, and reads the token back from the header', () => {
    expect(syncSubprotocols('abc_DEF-123')).toEqual(['plod', 'plod-auth.abc_DEF-123']);
    expect(syncSubprotocols(null)).toEqual([]);
    expect(tokenFromSubprotocols('plod, plod-auth.abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromSubprotocols('plod')).toBeNull();
    expect(tokenFromSubprotocols('plod-auth.')).toBeNull();
    expect(tokenFromSubprotocols(null)).toBeNull();
  });
});
