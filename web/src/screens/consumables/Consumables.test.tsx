import { fireEvent, screen, within } from '@testing-library/react';
import {
  QUANTITY_POSITIVE,
  SETUP_DOC_NAME,
  addConsumable,
  readReport,
  type SiteId,
} from '@plod/model';
import { describe, expect, it } from 'vitest';
import { chooseOption, cleanupReports, openReport } from '../plod/testReport';

cleanupReports();

describe('Consumables', () => {
  it('says plainly when the site has no list, and offers no Add', async () => {
    openReport('/consumables');
    expect(await screen.findByText(/ask your supervisor to add one in Site Setup/)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Add Consumable' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('records an item of the site’s list, with the quantity’s error beside the field', async () => {
    const { sync, docName } = openReport('/consumables');
    const siteId = sync.registry.read(docName, readReport).shift.siteId as SiteId;
    sync.registry.mutate(SETUP_DOC_NAME, addConsumable, {
      siteId,
      name: 'Drilling mud',
      unit: 'bag',
      price: 24.5,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Consumable' }));
    const dialog = await screen.findByRole('dialog');
    await chooseOption('Item', 'Drilling mud (bag, $24.50)');
    const quantity = within(dialog).getByLabelText('Quantity (bag)');
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Consumable' }));
    expect(await within(dialog).findByText(QUANTITY_POSITIVE)).toBeTruthy();
    expect(sync.registry.read(docName, readReport).consumables).toEqual([]);

    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Consumable' }));
    const table = await screen.findByTestId('consumables-table');
    expect(within(table).getAllByText('Drilling mud').length).toBeGreaterThan(0);
    expect(screen.getByTestId('consumables-count').textContent).toBe('1 item used');
    const [entry] = sync.registry.read(docName, readReport).consumables;
    expect(entry).toMatchObject({
      itemName: 'Drilling mud',
      unit: 'bag',
      unitPrice: 24.5,
      quantity: 3,
    });
  }, 30_000);
});
