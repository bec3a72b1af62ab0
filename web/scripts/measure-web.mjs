// Web app performance figures (not a test): the gzipped JavaScript of the first route, and the time
// from a cold offline start to an interactive reports list in desktop Chromium.
// Usage: pnpm --filter @plod/web build && node web/scripts/measure-web.mjs [runs, default 7]
// Starts the real sync-server on a free port and a temporary data folder, loads the app once online
// (service worker installs, IndexedDB fills), then cuts the network and opens the app in a new tab
// each run. "Interactive" = the New Report button and the Active tab's content are on screen.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { launchChromium, startServer } from './measure-common.mjs';

const runs = Number(process.argv[2] ?? 7);
const web = fileURLToPath(new URL('..', import.meta.url));

// Exits non-zero over budget; the figure is wanted either way.
const size = spawnSync('node', ['scripts/first-route-size.mjs'], { cwd: web, encoding: 'utf8' });
const totalLine = size.stdout.trim().split('\n').at(-1);

const { base, stop } = await startServer('measure');

const browser = await launchChromium();
const times = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const first = await context.newPage();
  await first.goto(base);
  await first.getByRole('button', { name: 'New Report' }).click();
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await first.close();
  await context.setOffline(true);
  for (let i = 0; i < runs; i += 1) {
    const page = await context.newPage();
    await page.goto(base, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'New Report' }).waitFor();
    await page.getByTestId('report-card').first().waitFor();
    times.push(await page.evaluate(() => performance.now()));
    await page.close();
  }
} finally {
  await browser.close();
  stop();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(totalLine);
console.log(
  `cold offline start to interactive reports list: median ${median.toFixed(0)} ms, ` +
    `min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms over ${runs} runs`,
);
