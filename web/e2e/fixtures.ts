import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { E2E_SERVER, SERVER_ONLY_PATH } from './server';

/** Under vite preview, /api and /sync do not exist: their failures say nothing about the app. */
function isStandInServerGap(message: ConsoleMessage): boolean {
  if (E2E_SERVER !== 'vite-preview') return false;
  const { url } = message.location();
  const text = message.text();
  const wsTarget = /WebSocket connection to '([^']+)'/.exec(text)?.[1];
  const target = wsTarget ?? url;
  try {
    return SERVER_ONLY_PATH.test(new URL(target).pathname);
  } catch {
    return false;
  }
}

/** Collects console errors and uncaught exceptions of a page, so a test can insist on none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isStandInServerGap(message))
      errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

export const test = base.extend<{ errors: string[] }>({
  // `provide` rather than Playwright's usual `use`: the React hooks lint rule reads `use` as a hook.
  errors: async ({ page }, provide) => {
    await provide(watchErrors(page));
  },
});

export { expect };

export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
