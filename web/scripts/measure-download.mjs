// What a phone really loads, measured in Chromium against the real server (figures, not a test): a
// new phone opens the app, joins with the crew code and reaches the reports list (/); then, joined,
// it opens / again. Every script that second page loads (the entry, its imports, the route's lazy
// chunks and whatever they import in turn, however they are loaded) is counted gzipped, against the
// first route's 200 KB budget: unlike scripts/first-route-size.mjs, which follows the build
// manifest's static imports, this counts the chunks the page loads later too. Also printed: the bytes
// the new phone downloaded in all (service worker precache included) and, with --throttled, the time
// from opening the app to the list after joining on a 1.6 Mbit/s, 150 ms round-trip link (Chromium's
// own network emulation through CDP Network.emulateNetworkConditions; the page's requests, not the
// service worker's). With --check it exits non-zero above the budget.
// Usage: pnpm build && node scripts/measure-download.mjs [--dist <build folder>] [--throttled]
// [--check] (default web/dist).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium, startServer } from './measure-common.mjs';

const BUDGET_KB = 200;
const CREW_CODE = 'SIZE-CHK7';
const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    throttled: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
const web = fileURLToPath(new URL('..', import.meta.url));
const dist = values.dist ?? join(web, 'dist');

const { base, stop } = await startServer('first-route', {
  PLOD_WEB_DIR: dist,
  PLOD_CREW_CODE: CREW_CODE,
  PLOD_ADMIN_USERNAME: 'size-check',
  PLOD_ADMIN_PASSWORD: 'size-check-pass-1',
});

/** Opens the app on a new phone and joins; resolves once the reports list shows. */
async function joinCrew(page) {
  await page.goto(`${base}/`);
  await page.getByLabel('Access code').fill(CREW_CODE);
  await page.getByLabel('Device name').fill('Size check');
  await page.getByRole('button', { name: 'Join' }).click();
  await page.getByRole('heading', { level: 1, name: 'Plods', exact: true }).waitFor();
}

const gzipped = new Map();
function gzipSize(pathname) {
  if (!gzipped.has(pathname)) {
    gzipped.set(pathname, gzipSync(readFileSync(join(dist, pathname))).length);
  }
  return gzipped.get(pathname);
}

let status = 0;
const browser = await launchChromium();
try {
  const phone = { viewport: { width: 390, height: 844 } };

  // A new phone: every response of the context, the service worker's precache included.
  const context = await browser.newContext(phone);
  const downloads = [];
  context.on('requestfinished', (request) => downloads.push(request.sizes()));
  const page = await context.newPage();
  await joinCrew(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForLoadState('networkidle');

  // Joined, the phone opens the list: every script the page loaded, by its path in the build.
  const list = await context.newPage();
  await list.goto(`${base}/`);
  await list.getByRole('heading', { level: 1, name: 'Plods', exact: true }).waitFor();
  await list.waitForLoadState('networkidle');
  const scripts = await list.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js')),
  );
  const files = [...new Set(scripts)].map((pathname) => pathname.replace(/^\//, '')).sort();
  let total = 0;
  for (const file of files) {
    const size = gzipSize(file);
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
  }
  const totalKb = total / 1024;
  console.log(
    `${totalKb.toFixed(1).padStart(8)} KB  total gzipped JS the list (/) loads after joining, ` +
      `${files.length} scripts (budget ${BUDGET_KB} KB)`,
  );
  if (totalKb > BUDGET_KB && values.check) status = 1;
  const sizes = await Promise.all(downloads);
  const bytes = sizes.reduce((sum, s) => sum + s.responseBodySize + s.responseHeadersSize, 0);
  console.log(
    `${(bytes / 1024).toFixed(1).padStart(8)} KB  downloaded in all by a new phone up to its ` +
      `list, service worker precache included (${sizes.length} responses)`,
  );
  await context.close();

  if (values.throttled) {
    const slow = await browser.newContext(phone);
    const slowPage = await slow.newPage();
    const cdp = await slow.newCDPSession(slowPage);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6e6 / 8) | 0,
      uploadThroughput: (1.6e6 / 8) | 0,
    });
    const started = performance.now();
    await joinCrew(slowPage);
    const elapsed = performance.now() - started;
    console.log(
      `time to the list for a new phone on 1.6 Mbit/s, 150 ms RTT (open, join, list): ` +
        `${(elapsed / 1000).toFixed(1)} s`,
    );
    await slow.close();
  }
} finally {
  await browser.close();
  stop();
}
process.exit(status);
