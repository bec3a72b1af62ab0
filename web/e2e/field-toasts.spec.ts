import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { addRunInModal, joinAndStartHole } from './collab-helpers';
import { expect, test, PHONE } from './fixtures';

// A toast never covers navigation or actions: scrolled to the end of Run Sheets at 390 x 844, the
// "Next: ..." button is clear of where a toast stands; a tap on a toast's text reaches what is under
// it; and a toast leaves on its own even under a resting pointer. Undo's toast is the one seen
// over the Next button.

test.use({ ...PHONE, joined: false });

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

test('a toast leaves the Next button clear, lets taps through and goes even when hovered', async ({
  page,
  errors,
}) => {
  test.setTimeout(120_000);
  await joinAndStartHole(page, 'Toast Clear Phone', 'TST');
  await addRunInModal(page);
  // Undo shows a toast ("Undone: ...") on a step of the shift, with its Next button at the foot.
  const undo = page.getByTestId('undo-bar').getByRole('button', { name: /^Undo/ });
  await undo.click();

  // Where the toast stands (measured as soon as it shows), and whether a tap on its text reaches it.
  await expect(toasts(page)).toHaveCount(1);
  const toastBox = await toasts(page).boundingBox();
  expect(toastBox).not.toBeNull();
  const tapOnToastText = await toasts(page).evaluate((toast) => {
    const box = toast.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 3, box.y + box.height / 2);
    return hit !== null && toast.contains(hit) ? 'toast' : 'page';
  });
  expect(tapOnToastText).toBe('page');

  // Scrolled to the end, the Next button sits above where a toast stands.
  await page.keyboard.press('End');
  await expect
    .poll(() =>
      page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 1),
    )
    .toBe(true);
  const next = page.getByTestId('next-step');
  await expect(next).toBeVisible();
  const nextBox = await next.boundingBox();
  expect((nextBox?.y ?? 0) + (nextBox?.height ?? 0)).toBeLessThanOrEqual(toastBox?.y ?? 0);

  // Another toast goes by itself while the pointer rests on its Dismiss button.
  await expect(toasts(page)).toHaveCount(0);
  await addRunInModal(page);
  await undo.click();
  await expect(toasts(page)).toHaveCount(1);
  await toasts(page).getByRole('button', { name: 'Dismiss' }).hover();
  await expect(toasts(page)).toHaveCount(0);
  await expectAccessible(page, 'run sheets scrolled to the end');
  expect(errors).toEqual([]);
});
