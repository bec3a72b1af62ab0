import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The header of a REST answer read from the last saved state: changes the server holds but could
 * not save yet (the store cannot write, or a commit is taking too long) are not in it. Absent, the
 * answer holds everything acknowledged.
 */
export const READ_STATE_HEADER = 'X-Plod-Read-State';
export const LAST_SAVED = 'last-saved';

interface ReadState {
  lastSaved: boolean;
}

const requests = new AsyncLocalStorage<ReadState>();

/**
 * Runs one request's handling; resolves with whether any read in it answered from the last saved
 * state (see `noteLastSavedRead`).
 */
export async function trackReadState(handle: () => Promise<void>): Promise<boolean> {
  const state: ReadState = { lastSaved: false };
  await requests.run(state, handle);
  return state.lastSaved;
}

/** Called by a read that answered from the last saved state instead of waiting for a commit. */
export function noteLastSavedRead(): void {
  const state = requests.getStore();
  if (state) state.lastSaved = true;
}
