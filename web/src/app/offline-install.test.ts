import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INSTALL_RETRIES,
  INSTALL_RETRY_MS,
  retryingInstall,
  whenInstallFails,
} from './offline-install';

/** A service worker as the page sees it: a state, and statechange when it moves on. */
class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function registration(workers: {
  installing?: FakeWorker;
  waiting?: FakeWorker;
  active?: FakeWorker;
}): { installing: FakeWorker | null; waiting: FakeWorker | null; active: FakeWorker | null } {
  return {
    installing: workers.installing ?? null,
    waiting: workers.waiting ?? null,
    active: workers.active ?? null,
  };
}

const asRegistration = (fake: ReturnType<typeof registration>) =>
  fake as unknown as ServiceWorkerRegistration;

describe('retryingInstall', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('registers again after each failure, each wait twice the one before, a bounded number of times', () => {
    const starts: number[] = [];
    const failures: (() => void)[] = [];
    const start = retryingInstall((failed) => {
      starts.push(Date.now());
      failures.push(failed);
    });
    const t0 = Date.now();
    start();
    expect(starts).toEqual([t0]);

    let wait = INSTALL_RETRY_MS;
    let at = t0;
    for (let retry = 1; retry <= INSTALL_RETRIES; retry++) {
      failures.at(-1)?.();
      vi.advanceTimersByTime(wait - 1);
      expect(starts).toHaveLength(retry);
      vi.advanceTimersByTime(1);
      at += wait;
      expect(starts).toHaveLength(retry + 1);
      expect(starts.at(-1)).toBe(at);
      wait *= 2;
    }
    // The tries are used up: the next page load registers again, as browsers do.
    failures.at(-1)?.();
    vi.advanceTimersByTime(wait * 4);
    expect(starts).toHaveLength(INSTALL_RETRIES + 1);
  });

  it('never registers again while nothing fails', () => {
    let starts = 0;
    retryingInstall(() => (starts += 1))();
    vi.advanceTimersByTime(INSTALL_RETRY_MS * 2 ** (INSTALL_RETRIES + 1));
    expect(starts).toBe(1);
  });
});

describe('whenInstallFails', () => {
  it('fails when the first install ends redundant, even while the registration still names it', () => {
    const installing = new FakeWorker('installing');
    const failed = vi.fn();
    whenInstallFails(asRegistration(registration({ installing })), failed);
    installing.moveTo('installed');
    expect(failed).not.toHaveBeenCalled();
    installing.moveTo('redundant');
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('fails at once when the install had already failed before it looked', () => {
    const failed = vi.fn();
    whenInstallFails(asRegistration(registration({})), failed);
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('leaves a first install that completes', () => {
    const worker = new FakeWorker('installing');
    const fake = registration({ installing: worker });
    const failed = vi.fn();
    whenInstallFails(asRegistration(fake), failed);
    worker.moveTo('installed');
    fake.installing = null;
    fake.active = worker;
    worker.moveTo('activating');
    worker.moveTo('activated');
    expect(failed).not.toHaveBeenCalled();
  });

  it('leaves a failed update: the active version still serves the app', () => {
    const installing = new FakeWorker('installing');
    const failed = vi.fn();
    whenInstallFails(
      asRegistration(registration({ installing, active: new FakeWorker('activated') })),
      failed,
    );
    installing.moveTo('redundant');
    expect(failed).not.toHaveBeenCalled();
  });

  it('leaves a first install replaced by a newer one that is installing', () => {
    const first = new FakeWorker('installing');
    const fake = registration({ installing: first });
    const failed = vi.fn();
    whenInstallFails(asRegistration(fake), failed);
    fake.installing = new FakeWorker('installing');
    first.moveTo('redundant');
    expect(failed).not.toHaveBeenCalled();
  });
});
