// What the measuring scripts share: the real sync-server, started from the workspace on a free
// loopback port with a fresh data folder, answered once /api/health does (at most 2 minutes), stopped
// with its process group (pnpm and the server under it) and its data folder removed; and the
// machine's headless Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A loopback port nothing listens on. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the server with `env` added (PORT, HOST and PLOD_DATA_DIR are set here); `name` names its
 * temporary data folder. Resolves to its base address and stop().
 */
export async function startServer(name, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `plod-${name}-`));
  const port = await freePort();
  const server = spawn('pnpm', ['--filter', '@plod/sync-server', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PLOD_DATA_DIR: dataDir,
    },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    process.kill(-server.pid);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('server did not start');
}

/** The machine's Chromium, headless, without the background traffic that would blur a figure. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
