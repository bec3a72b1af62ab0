import { configure } from '@testing-library/react';

// Waits are for conditions, not deadlines: the first visit to a lazy route loads its chunk and
// opens IndexedDB, which on a shared 2-core machine under load can take many seconds. A generous
// ceiling keeps the suite from failing on a slow machine without making a passing run any slower.
configure({ asyncUtilTimeout: 20_000 });

// No server listens at the address unit tests start the page on (happy-dom's default): a request
// there fails at once, as it does on a phone with no signal, instead of trying a connection to
// whatever may listen on that port of the machine. Tests that run a real server move the page to
// its address first (auth/testing/realServer.ts), and their requests go through.
const NO_SERVER = window.location.origin;
const networkFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (new URL(url, window.location.href).origin === NO_SERVER) {
    return Promise.reject(new TypeError('Failed to fetch'));
  }
  return networkFetch(input, init);
};
