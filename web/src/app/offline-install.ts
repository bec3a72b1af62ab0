/**
 * The service worker's first install puts every file of the app on the device, and one failed
 * fetch among them fails it all: the worker turns redundant and the browser drops the registration.
 * The browser tries again only at the next page load, so a phone that opened the app once on a weak
 * signal and stays on the page would never start with no network. This registers again instead, a
 * few times, each wait twice the one before.
 */

/** The wait before the first new try (5 s, then 10, 20...), and how many tries in all. */
export const INSTALL_RETRY_MS = 5_000;
export const INSTALL_RETRIES = 6;

/**
 * Returns `register` wrapped so that `failed` (the install fell through, or registering itself
 * failed) calls it again after a wait, at most INSTALL_RETRIES times.
 */
export function retryingInstall(register: (failed: () => void) => void): () => void {
  let tries = 0;
  const failed = () => {
    if (tries < INSTALL_RETRIES) setTimeout(start, INSTALL_RETRY_MS * 2 ** tries++);
  };
  const start = () => register(failed);
  return start;
}

/**
 * Calls `failed` once the registration holds no live worker: its first install failed (now or
 * before this looked). An update that fails leaves the active version in place, which is no failure.
 */
export function whenInstallFails(
  registration: ServiceWorkerRegistration,
  failed: () => void,
): void {
  const live = () =>
    [registration.installing, registration.waiting, registration.active].some(
      (worker) => worker !== null && worker.state !== 'redundant',
    );
  const worker = registration.installing;
  if (!worker) {
    if (!live()) failed();
    return;
  }
  worker.addEventListener('statechange', () => {
    if (worker.state === 'redundant' && !live()) failed();
  });
}
