import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * On the Contracts screen, its site chosen: a new contract with one version from `effectiveFrom`,
 * NQ at $100 a metre to 300 m.
 */
export async function contractAtNq100(
  desk: Page,
  contract: { client: string; number: string; effectiveFrom: string },
): Promise<void> {
  await desk.getByLabel('Client name').fill(contract.client);
  await desk.getByLabel('Contract number').fill(contract.number);
  await desk.getByRole('button', { name: 'Create contract' }).click();
  await desk.getByRole('button', { name: `Open contract ${contract.number}` }).click();
  await desk.getByLabel('Effective from').fill(contract.effectiveFrom);
  await desk.getByLabel('Band 1 hole size').fill('NQ');
  await desk.getByLabel('Band 1 from').fill('0');
  await desk.getByLabel('Band 1 to').fill('300');
  await desk.getByLabel('Band 1 rate').fill('100');
  await desk.getByRole('button', { name: 'Save version' }).click();
  await expect(desk.getByTestId('contract-versions')).toContainText('NQ 0-300 m 100.00');
}
