import { afterEach, describe, expect, it, vi } from 'vitest';
import { addKnownReportId, getKnownReportIds, removeKnownReportIds } from './known-reports';

const KEY = 'plod.knownReportIds';

describe('known report ids', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('reads storage once however often a render asks, and sees what changed by the next task', async () => {
    localStorage.setItem(KEY, JSON.stringify(['a', 'b']));
    await Promise.resolve();
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    for (let i = 0; i < 100; i += 1) expect(getKnownReportIds()).toEqual(['a', 'b']);
    expect(getItem).toHaveBeenCalledTimes(1);

    // Written elsewhere (another tab): seen from the next task on.
    localStorage.setItem(KEY, JSON.stringify(['c']));
    await Promise.resolve();
    expect(getKnownReportIds()).toEqual(['c']);
  });

  it('sees its own writes at once, in the same task', async () => {
    localStorage.setItem(KEY, JSON.stringify(['a']));
    await Promise.resolve();
    expect(getKnownReportIds()).toEqual(['a']);
    addKnownReportId('b');
    expect(getKnownReportIds()).toEqual(['b', 'a']);
    removeKnownReportIds(['a']);
    expect(getKnownReportIds()).toEqual(['b']);
    await Promise.resolve();
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toEqual(['b']);
  });
});
