import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_CREDENTIALS_FILE } from '../../src/auth/bootstrap.ts';
import { createServer } from '../../src/server.ts';
import { MemoryStore } from '../../src/store/memory-store.ts';
import { sqliteTables } from '../support/app-tables.ts';
import { tempDir } from '../helpers.ts';
import { sessionsSuite } from './sessions-suite.ts';

sessionsSuite(sqliteTables);

describe('first start and the development flag', () => {
  let closeMe: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await closeMe?.();
    closeMe = null;
  });

  it('creates admin with a random password written to initial-credentials.txt (0600), never logged', async () => {
    const dataDir = tempDir();
    const lines: string[] = [];
    const logger = {
      debug: () => undefined,
      info: (msg: string, fields?: object) => lines.push(`${msg} ${JSON.stringify(fields)}`),
      warn: (msg: string, fields?: object) => lines.push(`${msg} ${JSON.stringify(fields)}`),
      error: (msg: string, fields?: object) => lines.push(`${msg} ${JSON.stringify(fields)}`),
    };
    const server = createServer({ dataDir, logger });
    closeMe = () => server.close();
    // Starting waits for the first start's supervisor and code.
    const running = await server.start(0, '127.0.0.1');
    const file = path.join(dataDir, INITIAL_CREDENTIALS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    const password = /password: (\S+)/.exec(text)?.[1] ?? '';
    const code = /crew access code: (\S+)/.exec(text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(lines.filter((line) => line.includes(INITIAL_CREDENTIALS_FILE))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(password);

    const base = `http://127.0.0.1:${running.port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const join = await fetch(`${base}/api/devices/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: code.toLowerCase(), deviceName: 'First phone' }),
    });
    expect(join.status).toBe(201);
  });

  it('creates the first supervisor from the options, and refuses a short password at startup', () => {
    expect(() =>
      createServer({
        store: new MemoryStore(),
        logLevel: 'silent',
        admin: { username: 'boss', password: 'short' },
      }),
    ).toThrow(/PLOD_ADMIN_PASSWORD: The password must be at least 8 characters/);
  });

  it('refuses to listen on anything but loopback under PLOD_INSECURE_ALLOW_ALL', async () => {
    const server = createServer({
      store: new MemoryStore(),
      logLevel: 'silent',
      insecureAllowAll: true,
    });
    closeMe = () => server.close();
    await expect(server.start(0, '0.0.0.0')).rejects.toThrow(
      /PLOD_INSECURE_ALLOW_ALL is a development flag: it only listens on loopback/,
    );
    await expect(server.start(0)).rejects.toThrow(/not on all interfaces/);
    const running = await server.start(0, 'localhost');
    expect(running.port).toBeGreaterThan(0);
  });
});
