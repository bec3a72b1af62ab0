// Finding plods, measured (not a test): how long Live Reports and Plods take to show a filtered page
// of a deployment with many plods, in desktop Chromium.
// Usage: pnpm --filter @plod/web build && node web/scripts/measure-filtered.mjs [plods, default 10000] [runs, default 5]
// Starts the real sync-server on a free port and a temporary data folder, makes the plods over REST
// as a joined device would (40 drillers, dates through 2025), signs a supervisor in, then opens
// /live and /plods with a driller and a date range in the address: once with nothing on the device
// (the reports index syncs first) and then `runs` times as a reload. "Rendered" = the page's range
// line ("1-25 of N plods") and its first row are in the page (recorded in the page as they arrive);
// "answering" = the test driver could read them, i.e. the page's main thread was free again (work
// that holds it just after the rows appear delays this one). Times are from navigation start.
import { launchChromium, startServer } from './measure-common.mjs';

const plods = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 5);
// Values for this throwaway server only.
const admin = { username: 'measure-supervisor', password: 'measure-pass-4471' };
const crewCode = 'MEAS-7Q2K';

const { base, stop } = await startServer('measure-filtered', {
  PLOD_ADMIN_USERNAME: admin.username,
  PLOD_ADMIN_PASSWORD: admin.password,
  PLOD_CREW_CODE: crewCode,
  PLOD_DEMO: '0',
});

async function post(path, body, token) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const { token } = await post('/api/devices/join', { code: crewCode, deviceName: 'Seeder' });
const seeding = performance.now();
const statuses = ['active', 'completed', 'sent'];
for (let i = 0; i < plods; i += 1) {
  const date = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  await post(
    '/api/shift-summaries',
    {
      date,
      shiftType: i % 2 ? 'night' : 'day',
      operator: `Driller ${i % 40}`,
      status: statuses[i % 3],
    },
    token,
  );
}
console.log(
  `made ${plods} plods over REST in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
);

// Driller 7 from March to June: about plods / 40 / 3 of them, several pages at 10,000.
const filter = '?driller=Driller%207&from=2025-03-01&to=2025-06-30';
const browser = await launchChromium();
const results = [];
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  // Records when the range line and a row are first both in the page.
  await context.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="page-range"]')) return;
      if (!document.querySelector('[data-testid="live-report"], [data-testid="report-card"]')) return;
      window.plodRenderedAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`,
  });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/site-setup/);
  const rendered = async (url, rowTestId) => {
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByTestId('page-range').waitFor({ timeout: 120_000 });
    await page.getByTestId(rowTestId).first().waitFor({ timeout: 120_000 });
    return page.evaluate('({ rendered: window.plodRenderedAt, answering: performance.now() })');
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [name, path, row] of [
    ['Live Reports', '/live', 'live-report'],
    ['Plods', '/plods', 'report-card'],
  ]) {
    const first = await rendered(`${base}${path}${filter}`, row);
    const range = await page.getByTestId('page-range').textContent();
    const again = [];
    for (let i = 0; i < runs; i += 1) again.push(await rendered(`${base}${path}${filter}`, row));
    const shown = again.map((r) => r.rendered);
    const answering = again.map((r) => r.answering);
    results.push(
      `${name} ${path}${filter} (${range?.trim()}): first visit rendered ${first.rendered.toFixed(0)} ms ` +
        `(answering ${first.answering.toFixed(0)}); reload median rendered ${median(shown).toFixed(0)} ms ` +
        `(min ${Math.min(...shown).toFixed(0)}, max ${Math.max(...shown).toFixed(0)}), ` +
        `answering ${median(answering).toFixed(0)} ms (min ${Math.min(...answering).toFixed(0)}, ` +
        `max ${Math.max(...answering).toFixed(0)}); ${runs} runs; target < 1000 ms`,
    );
  }
} finally {
  await browser.close();
  stop();
}
for (const line of results) console.log(line);
