// A phone after a year, measured (not a test): how long the reports list (/) takes to show its first
// row on a phone that holds 1 plod and on one that holds 1,000, online and offline (a cold start
// from the service worker). Prints the four times and the two ratios (1,000 over 1).
// Usage: pnpm --filter @plod/web exec vite build --outDir DIR &&
//   node web/scripts/measure-phonelist.mjs [--dist DIR] [--plods 1000] [--runs 5]
// For each size: seeds a fresh data folder (`pnpm --filter @plod/sync-server seed -- --plods=N`,
// shifts back from today), starts the real server on it, joins a phone (390 x 844) with the crew
// code and puts every plod on it as a year of use would: each plod's whole state from
// `/api/shift-summaries/states`, stored in the plod's own IndexedDB database the way the app keeps a
// plod, and each remembered as opened on this phone. Then the app is reloaded `runs` times online
// and `runs` times offline; "time to the list" is from navigation start until the first row (a
// report card) is in the page, recorded by the page itself; the time until the page's last card is
// in it (the rest of a page follows its first cards) is printed beside it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, launchChromium } from './measure-common.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    plods: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
  },
});
const web = fileURLToPath(new URL('..', import.meta.url));
const root = join(web, '..');
const dist = values.dist ?? join(web, 'dist');
const runs = Number(values.runs);
const CREW_CODE = 'YEAR-PH7K';

async function startServer(plods) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plod-measure-phonelist-'));
  const env = {
    ...process.env,
    PLOD_DATA_DIR: dataDir,
    PLOD_WEB_DIR: dist,
    PLOD_CREW_CODE: CREW_CODE,
    PLOD_ADMIN_USERNAME: 'measure-phonelist',
    PLOD_ADMIN_PASSWORD: 'measure-phonelist-pass-1',
    PLOD_DEMO: '0',
  };
  const seeded = spawnSync(
    'pnpm',
    ['--filter', '@plod/sync-server', 'seed', `--plods=${plods}`, '--runs=4'],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const port = await freePort();
  const server = spawn('pnpm', ['--filter', '@plod/sync-server', 'start'], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (i > 1200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop() {
      process.kill(-server.pid);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Puts every plod of the server on the phone, as if it had made or opened each one. */
async function holdEveryPlod(page) {
  return page.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem('plod.device') ?? '{}');
    const headers = { authorization: `Bearer ${token}` };
    const ids = [];
    for (let offset = 0; ; offset += 500) {
      const res = await fetch(`/api/shift-summaries?limit=500&offset=${offset}`, { headers });
      const page = await res.json();
      ids.push(...page.map((row) => row.id));
      if (page.length < 500) break;
    }
    const store = (name, update) =>
      new Promise((resolve, reject) => {
        const request = globalThis.indexedDB.open(name);
        request.onupgradeneeded = () => {
          request.result.createObjectStore('updates', { autoIncrement: true });
          request.result.createObjectStore('custom');
        };
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['updates'], 'readwrite');
          tx.objectStore('updates').add(update);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
        };
      });
    for (let i = 0; i < ids.length; i += 50) {
      const batch = ids.slice(i, i + 50);
      const res = await fetch(`/api/shift-summaries/states?ids=${batch.join(',')}`, { headers });
      const { states } = await res.json();
      for (const { id, update } of states) {
        const bytes = Uint8Array.from(atob(update), (c) => c.charCodeAt(0));
        await store(`report:${id}`, bytes);
        localStorage.setItem(`plod:downloaded:report:${id}`, new Date().toISOString());
      }
    }
    localStorage.setItem('plod.knownReportIds', JSON.stringify(ids));
    return ids.length;
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(browser, plods) {
  const server = await startServer(plods);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await context.addInitScript({
      content: `window.plodOpens = [];
      const open = indexedDB.open.bind(indexedDB);
      indexedDB.open = (name, version) => {
        window.plodOpens.push(name);
        return open(name, version);
      };
      window.plodCards = 0;
      new MutationObserver(() => {
        const cards = document.querySelectorAll('[data-testid="report-card"]').length;
        if (cards <= window.plodCards) return;
        if (window.plodCards === 0) {
          window.plodListAt = performance.now();
          window.plodOpensAtList = window.plodOpens.length;
        }
        window.plodCards = cards;
        window.plodPageAt = performance.now();
      }).observe(document, { childList: true, subtree: true });`,
    });
    const page = await context.newPage();
    await page.goto(`${server.base}/`);
    await page.getByLabel('Access code').fill(CREW_CODE);
    await page.getByLabel('Device name').fill('Year phone');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plods', exact: true }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const held = await holdEveryPlod(page);
    const timeToList = async () => {
      await page.reload({ waitUntil: 'commit' });
      await page.getByTestId('report-card').first().waitFor({ timeout: 120_000 });
      // The rest of the page's cards follow the first ones: given a moment to come.
      await page.waitForTimeout(1500);
      return page.evaluate(
        '({ at: window.plodListAt, opens: window.plodOpensAtList, pageAt: window.plodPageAt, cards: window.plodCards })',
      );
    };
    // One load to let the service worker take the page and the phone settle: its list rows are
    // recorded and the plods it no longer keeps leave it (a moment after the list shows).
    await timeToList();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(15_000);
    const kept = await page.evaluate(
      () => JSON.parse(localStorage.getItem('plod.knownReportIds') ?? '[]').length,
    );
    const online = [];
    for (let i = 0; i < runs; i += 1) online.push(await timeToList());
    await page.waitForTimeout(3000);
    const later = await page.evaluate('window.plodOpens.length');
    await context.setOffline(true);
    const offline = [];
    for (let i = 0; i < runs; i += 1) offline.push(await timeToList());
    return {
      held,
      kept,
      online: median(online.map((r) => r.at)),
      offline: median(offline.map((r) => r.at)),
      onlinePage: median(online.map((r) => r.pageAt)),
      offlinePage: median(offline.map((r) => r.pageAt)),
      cards: online.at(-1).cards,
      opens: online.at(-1).opens,
      later,
    };
  } finally {
    await context.close();
    server.stop();
  }
}

const browser = await launchChromium();
try {
  const one = await measure(browser, 1);
  const many = await measure(browser, Number(values.plods));
  const ms = (x) => `${Math.round(x)} ms`;
  console.log(`phone with ${one.held} plod: online ${ms(one.online)}, offline ${ms(one.offline)}`);
  console.log(
    `phone with ${many.held} plods: online ${ms(many.online)}, offline ${ms(many.offline)}`,
  );
  for (const [n, r] of [
    [one.held, one],
    [many.held, many],
  ])
    console.log(
      `phone with ${n}: ${r.kept} still on the phone after retention, ${r.opens} IndexedDB ` +
        `databases opened before the first row, ${r.later} within 3 s`,
    );
  for (const [n, r] of [
    [one.held, one],
    [many.held, many],
  ])
    console.log(
      `phone with ${n}: its whole first page (${r.cards} cards) online ${ms(r.onlinePage)}, ` +
        `offline ${ms(r.offlinePage)}`,
    );
  console.log(
    `ratio (${many.held} over ${one.held}): online ${(many.online / one.online).toFixed(2)}, ` +
      `offline ${(many.offline / one.offline).toFixed(2)} (target at most 1.5); medians of ${runs}`,
  );
} finally {
  await browser.close();
}
