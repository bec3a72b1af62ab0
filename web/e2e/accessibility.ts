import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

// axe-core from npm, injected into the page under test. Read once per worker.
const require = createRequire(import.meta.url);
let axeSource: Promise<string> | null = null;
const loadAxe = () => (axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices (reported only if serious). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Impacts that fail a test; moderate and minor findings are left to review. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * Waits until no finite CSS animation or transition is running: a modal or toast half way through
 * its fade has its colours mixed with the page behind, and axe would measure that mix. Endless
 * ones (a loader, a striped progress bar) are not waited for.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

function describe(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
    )
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    ...and ${violation.nodes.length - 5} more` : '';
  return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

/**
 * Runs axe-core on the page as it is now and fails the test on any serious or critical violation of
 * WCAG 2.2 A/AA (contrast, names, target size, ...), listing each with the elements it found.
 * `context` says what the page shows (for the failure message), e.g. 'timesheets, add modal open'.
 */
export async function expectAccessible(page: Page, context?: string): Promise<void> {
  await settle(page);
  // Evaluated through the browser's debugging protocol, so the app's Content Security Policy
  // (no inline script) is neither loosened nor tripped.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await loadAxe());
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    TAGS,
  );
  const failing = results.violations.filter(
    (violation) => violation.impact != null && FAILING.includes(violation.impact),
  );
  const where = context ? `${context} (${page.url()})` : page.url();
  expect(failing.map(describe), `axe-core: serious or critical violations on ${where}`).toEqual([]);
}

/**
 * Fails when a control's label is cut off (wider than its box, hidden or ellipsised): buttons,
 * badges, tabs and segmented controls. "Save Chang" and "IN PROGR..." were such labels.
 */
export async function expectNoCutLabels(page: Page, context?: string): Promise<void> {
  const cut = await page.evaluate(() => {
    const selector = [
      '.mantine-Button-label',
      '.mantine-Badge-label',
      '.mantine-Tabs-tabLabel',
      '.mantine-SegmentedControl-label',
    ].join(',');
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `"${el.textContent ?? ''}" (${el.scrollWidth} px in ${el.clientWidth} px)`);
  });
  const where = context ? `${context} (${page.url()})` : page.url();
  expect(cut, `labels cut off on ${where}`).toEqual([]);
}

/** A gloved thumb's smallest target, and the smallest text a value may have (issue 16). */
const MIN_TARGET_PX = 44;
const MIN_TEXT_PX = 14;

/**
 * Fails when a control on screen is smaller than 44 x 44 px, or text is under 14 px. A checkbox,
 * radio or switch is measured by its whole row (its label takes the tap too); a link inside a
 * sentence is left out (WCAG's inline exception), as is anything hidden from everyone.
 */
export async function expectThumbSized(page: Page, context?: string): Promise<void> {
  const found = await page.evaluate(
    ({ minTarget, minText }) => {
      const hidden = (el: Element) =>
        el.closest('[aria-hidden="true"], [hidden], [inert]') !== null ||
        getComputedStyle(el).visibility === 'hidden';
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      const small: string[] = [];
      const controls = document.querySelectorAll(
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"]',
      );
      for (const control of Array.from(controls)) {
        if (hidden(control)) continue;
        const choice = control.closest(
          '.mantine-Checkbox-root, .mantine-Radio-root, .mantine-Switch-root, .mantine-SegmentedControl-control',
        );
        const target = choice ?? control;
        const box = target.getBoundingClientRect();
        // Not laid out, or visually hidden for screen readers only (its label is the target).
        if (box.width <= 1 || box.height <= 1) continue;
        if (control.tagName === 'A' && getComputedStyle(control).display === 'inline') continue;
        if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5) {
          small.push(`${name(control)}: ${Math.round(box.width)} x ${Math.round(box.height)} px`);
        }
      }
      const tiny = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || hidden(parent)) continue;
        if (parent.getClientRects().length === 0) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < minText - 0.01)
          tiny.add(`"${node.textContent.trim().slice(0, 40)}" at ${size} px`);
      }
      return { small, tiny: [...tiny] };
    },
    { minTarget: MIN_TARGET_PX, minText: MIN_TEXT_PX },
  );
  const where = context ? `${context} (${page.url()})` : page.url();
  // Soft: the test goes on, so one run lists every screen's undersized targets and text.
  expect.soft(found.small, `targets under ${MIN_TARGET_PX} px on ${where}`).toEqual([]);
  expect.soft(found.tiny, `text under ${MIN_TEXT_PX} px on ${where}`).toEqual([]);
}
