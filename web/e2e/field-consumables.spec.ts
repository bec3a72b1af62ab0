import { expectAccessible } from './accessibility';
import { newReport, saveDemoShift } from './collab-helpers';
import { choose } from './entry-helpers';
import { expect, heading, test, PHONE, shot } from './fixtures';
import { openDesk } from './plod-report-helpers';
import { addDemoConsumables } from './supervisor-helpers';

// Issue 24, consumables: a supervisor keeps the site's consumables list in Site Setup; a driller
// records what the shift used from it on the plod, and the desk's report view prices it.

test.use({ ...PHONE });

test('a supervisor lists two consumables for the site; a driller records both on a plod', async ({
  page,
  browser,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);

  // The desk: Demo Site's list gains a priced item and one without a price.
  const desk = await openDesk(browser);
  await desk.goto('/site-setup');
  await expect(heading(desk, 'Site Setup')).toBeVisible();
  const { mud, trays } = await addDemoConsumables(desk);
  const list = desk.getByRole('tabpanel');
  await expect(list.getByRole('row', { name: new RegExp(mud) })).toContainText('$24.50 per bag');
  await expect(list.getByRole('row', { name: new RegExp(trays) })).toContainText('No price');
  await expectAccessible(desk, 'site setup, consumables tab');
  await shot(desk, testInfo, 'site-setup-consumables-1366');

  // The phone: a plod at Demo Site, its Consumables from the plod's dashboard.
  const id = await newReport(page);
  await page.goto(`/plods/${id}/shift-details`);
  await saveDemoShift(page);
  await page.goto(`/plods/${id}`);
  await page.getByRole('link', { name: /Consumables/ }).click();
  await expect(heading(page, 'Consumables')).toBeVisible();
  await expect(page.getByText('No consumables recorded')).toBeVisible();

  await page.getByRole('button', { name: 'Add Consumable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Consumable' });
  await choose(page, dialog, 'Item', `${mud} (bag, $24.50)`);
  const quantity = dialog.getByLabel('Quantity (bag)');
  await quantity.fill('0');
  await dialog.getByRole('button', { name: 'Add Consumable' }).click();
  await expect(dialog.getByText('Quantity must be more than 0')).toBeVisible();
  await expectAccessible(page, 'add consumable, a quantity of 0');
  await quantity.fill('3');
  await dialog.getByLabel('Notes (Optional)').fill('Lost circulation at 40 m');
  await dialog.getByRole('button', { name: 'Add Consumable' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Consumable' }).click();
  await choose(page, dialog, 'Item', `${trays} (each)`);
  await dialog.getByLabel('Quantity (each)').fill('12');
  await dialog.getByRole('button', { name: 'Add Consumable' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByTestId('consumables-table');
  await expect(table).toContainText(mud);
  await expect(table).toContainText('3 bag');
  await expect(table).toContainText('$73.50');
  await expect(table).toContainText('12 each');
  await expect(page.getByTestId('consumables-count')).toHaveText('2 items used');
  await expectAccessible(page, 'consumables, two recorded');
  await shot(page, testInfo, 'consumables-390');

  // The desk's report view of the plod lists and prices them.
  await desk.goto(`/plods/${id}/report`);
  const report = desk.getByTestId('report-consumables-table');
  await expect(report).toContainText(mud);
  await expect(report).toContainText(trays);
  await expect(desk.getByText('Total cost $73.50')).toBeVisible();
  await desk.context().close();
  expect(errors).toEqual([]);
});
