import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module holds the app's one first screen: each test loads it afresh.
const load = () => import('./first-screen');

describe('first screen shown', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('runs what waits for it once the screen says so, and at once after that', async () => {
    const { afterFirstScreen, markFirstScreenShown } = await load();
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('register'));
    const cancel = afterFirstScreen(() => ran.push('cancelled'));
    cancel();
    expect(ran).toEqual([]);
    markFirstScreenShown();
    markFirstScreenShown();
    expect(ran).toEqual(['register']);
    afterFirstScreen(() => ran.push('later'));
    expect(ran).toEqual(['register', 'later']);
  });

  it('counts as shown a while after start if no screen says so', async () => {
    const { FIRST_SCREEN_PATIENCE_MS, afterFirstScreen, firstScreenShown } = await load();
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('register'));
    vi.advanceTimersByTime(FIRST_SCREEN_PATIENCE_MS - 1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['register']);
    expect(firstScreenShown()).toBe(true);
  });
});
