import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('access control settings', () => {
  it('defaults to access control on: no development flag, no CORS, no proxy trust, 12-hour sessions', () => {
    const { server } = loadConfig({});
    expect(server).toMatchObject({
      insecureAllowAll: false,
      admin: undefined,
      crewCode: undefined,
      sessionHours: 12,
      allowedOrigins: [],
      corsOrigins: [],
      trustProxy: false,
    });
  });

  it('reads the first supervisor, crew code, origins and proxy trust', () => {
    const { server } = loadConfig({
      PLOD_ADMIN_USERNAME: ' boss ',
      PLOD_ADMIN_PASSWORD: 'correct horse',
      PLOD_CREW_CODE: 'k7qm-4xpd',
      PLOD_SESSION_HOURS: '8',
      PLOD_ALLOWED_ORIGINS: 'https://plod.example.com, http://10.0.0.5:8787',
      PLOD_CORS_ORIGINS: 'https://app.example.com/',
      PLOD_TRUST_PROXY: 'true',
      PLOD_INSECURE_ALLOW_ALL: '1',
    });
    expect(server).toMatchObject({
      admin: { username: 'boss', password: 'correct horse' },
      crewCode: 'k7qm-4xpd',
      sessionHours: 8,
      allowedOrigins: ['https://plod.example.com', 'http://10.0.0.5:8787'],
      corsOrigins: ['https://app.example.com'],
      trustProxy: true,
      insecureAllowAll: true,
    });
  });

  it('refuses settings that cannot work, saying which', () => {
    expect(() => loadConfig({ PLOD_ADMIN_USERNAME: 'boss', PLOD_ADMIN_PASSWORD: 'short' })).toThrow(
      /PLOD_ADMIN_PASSWORD: must be at least 8 characters/,
    );
    expect(() => loadConfig({ PLOD_ADMIN_PASSWORD: 'long enough' })).toThrow(/set together/);
    expect(() => loadConfig({ PLOD_CREW_CODE: 'AB-C' })).toThrow(/PLOD_CREW_CODE/);
    expect(() => loadConfig({ PLOD_ALLOWED_ORIGINS: 'plod.example.com' })).toThrow(
      /PLOD_ALLOWED_ORIGINS/,
    );
    expect(() => loadConfig({ PLOD_CORS_ORIGINS: 'https://x.example/api' })).toThrow(
      /PLOD_CORS_ORIGINS/,
    );
    expect(() => loadConfig({ PLOD_SESSION_HOURS: '0' })).toThrow(/PLOD_SESSION_HOURS/);
  });
});
