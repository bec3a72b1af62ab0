import { sampleUrl, screenRoutes } from '../src/routes/table';
import { expect, heading, test } from './fixtures';
import { E2E_ADMIN } from './server';

// The worker is offline.spec.ts's subject; here it would only re-download the precache per test.
test.use({ serviceWorkers: 'block' });

// The route table in two halves, one test each, so the two browsers share the sweep.
const half = Math.ceil(screenRoutes.length / 2);
const HALVES = [screenRoutes.slice(0, half), screenRoutes.slice(half)];

HALVES.forEach((routes, index) => {
  test(`every route of the route table renders its screen without a console error (part ${index + 1} of 2)`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(120_000); // about 25 page loads in one test
    // A joined crew phone with a supervisor signed in on it: every screen, the supervisor's too, opens.
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(heading(page, 'Live Reports')).toBeVisible();
    for (const route of routes) {
      const url = sampleUrl(route.path);
      await page.goto(url);
      // SPEC: the CSV editor with no report selected goes back to the list.
      const landing =
        route.path === '/csv-editor'
          ? heading(page, route.title).or(heading(page, 'Plods'))
          : heading(page, route.title);
      await expect.soft(landing.first(), url).toBeVisible();
      await expect.soft(page.getByTestId('not-found'), url).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
});

test('an unknown path shows the 404 card, and its button leads home', async ({ page, errors }) => {
  await page.goto('/no-such-screen');
  const card = page.getByTestId('not-found');
  await expect(card.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await card.getByRole('link', { name: 'Go to Plods' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test('a coming-soon placeholder route says so', async ({ page, errors }) => {
  await page.goto('/grouting');
  await expect(heading(page, 'Grouting')).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toContainText('Coming soon');
  await page.getByRole('link', { name: 'Back to Dashboard' }).last().click();
  await expect(heading(page, 'Drilling Operations')).toBeVisible();
  expect(errors).toEqual([]);
});

test('Download APK opens the install guide in a new tab', async ({ page, context }) => {
  await page.goto('/dashboard');
  const [guide] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Download APK' }).click(),
  ]);
  await expect(guide.getByRole('heading', { name: 'Install Plod on your phone' })).toBeVisible();
  await expect(guide.getByRole('heading', { name: 'Android (Chrome)' })).toBeVisible();
  await expect(guide.getByRole('heading', { name: 'iPhone and iPad (Safari)' })).toBeVisible();
});
