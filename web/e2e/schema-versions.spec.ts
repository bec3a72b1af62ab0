import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { openPhone } from './collab-helpers';
import { deviceRequest, expect, joinThroughApi, test } from './fixtures';
import { E2E_ADMIN, E2E_CREW_CODE } from './server';
import { expectAccessible } from './accessibility';

// A server of its own, whose store already holds plods other versions of Plod saved (written into its
// SQLite file before it starts: a server-side state no phone could make with this version).

const serverDir = fileURLToPath(new URL('../../sync-server', import.meta.url));
const BANNER = 'This plod was saved by a newer version of Plod; update the app to change it';

interface OwnServer {
  origin: string;
  stop(): Promise<void>;
}

function listening(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /"msg":"plod sync server started","port":(\d+)/.exec(out)?.[1];
      if (port) resolve(Number(port));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

/** Seeds a data folder with a version 1 plod and a newer one, then starts the built server on it. */
async function startSeededServer(v1Id: string, newerId: string): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plod-e2e-schema-'));
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'test/support/seed-schema-documents.ts', dataDir, v1Id, newerId],
    { cwd: serverDir, encoding: 'utf8' },
  );
  if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`);
  // The bundle the suite's own server runs (the config built it, and the web app beside it).
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      PLOD_DATA_DIR: dataDir,
      PLOD_WEB_DIR: process.env.PLOD_E2E_WEB_DIR ?? '',
      PLOD_ADMIN_USERNAME: E2E_ADMIN.username,
      PLOD_ADMIN_PASSWORD: E2E_ADMIN.password,
      PLOD_CREW_CODE: E2E_CREW_CODE,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await listening(child);
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A phone of this version of Plod on that server, joined through its Join screen. */
async function phoneOn(browser: Browser, origin: string): Promise<Page> {
  const { page } = await openPhone(browser, 'Phone on this version', undefined, origin);
  return page;
}

test.describe('plods saved by other versions of Plod', () => {
  const v1Id = randomUUID();
  const newerId = randomUUID();
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startSeededServer(v1Id, newerId);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('a version 1 plod opens migrated, with its one primary driller', async ({ browser }) => {
    const page = await phoneOn(browser, server.origin);
    await page.goto(`/plods/${v1Id}/crew`);
    const rows = page.getByTestId('crew-assignment');
    await expect(rows).toHaveCount(3);
    const primary = page.getByText('Primary', { exact: true });
    await expect(rows.filter({ hasText: 'Bob' }).filter({ has: primary })).toBeVisible();
    await expect(rows.filter({ has: primary })).toHaveCount(1);
    await expect(page.getByTestId('newer-plod')).toHaveCount(0);
    await page.goto(`/plods/${v1Id}`);
    await expect(page.getByTestId('report-header')).toContainText('Operator: Bob');
    await page.context().close();
  });

  test('a plod saved by a newer version opens read-only, and the server refuses REST writes', async ({
    browser,
    playwright,
  }, testInfo) => {
    const page = await phoneOn(browser, server.origin);
    await page.goto(`/plods/${newerId}/timesheets`);
    await expect(page.getByTestId('newer-plod')).toContainText(BANNER);
    await expect(page.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Time Entry' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('newer-plod-phone.png'), fullPage: true });
    await expectAccessible(page, 'a newer plod, read-only, at phone size');

    await page.goto(`/plods/${newerId}/crew`);
    await expect(page.getByTestId('newer-plod')).toContainText(BANNER);
    await expect(page.getByTestId('crew-assignment').filter({ hasText: 'Dee' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await page.goto(`/plods/${newerId}/shift-details`);
    await expect(page.getByTestId('shift-facts')).toContainText('North Pit');
    await expect(page.getByRole('button', { name: 'Save & Continue' })).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/plods/${newerId}`);
    await expect(page.getByTestId('newer-plod')).toContainText(BANNER);
    await page.screenshot({ path: testInfo.outputPath('newer-plod-desk.png'), fullPage: true });
    await expectAccessible(page, 'a newer plod, read-only, at desk width');

    const device = await joinThroughApi(playwright.request, server.origin, 'E2E API schema');
    const api = await deviceRequest(server.origin, device);
    const write = await api.patch(`/api/shift-summaries/${newerId}`, {
      data: { notes: 'written by an older server' },
    });
    expect(write.status()).toBe(409);
    expect(((await write.json()) as { message: string }).message).toContain(
      'This plod was saved by a newer version of Plod; update the server to change it',
    );
    const read = await api.get(`/api/shift-summaries/${newerId}`);
    expect(read.status()).toBe(200);
    await api.dispose();
    await page.context().close();
  });
});
