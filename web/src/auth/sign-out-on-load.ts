import { signOut } from './session';

const FLAG = 'plod.signOutOnLoad';

/**
 * Signs out through a fresh page: the supervisor menu sets a flag and loads the sign-in page, which
 * then ends the session. Nothing is open on the sign-in page, so no document tries to sync in the
 * moment between the session ending and the page going (it would be refused, and say so).
 */
export function signOutThroughSignInPage(): void {
  try {
    sessionStorage.setItem(FLAG, '1');
  } catch {
    // Storage blocked: sign out here instead; a refused reconnection or two is all it costs.
    void signOut();
  }
  window.location.assign('/login');
}

/** Ends the session when the menu asked for it; true when it did. */
async function signOutIfAsked(): Promise<boolean> {
  let asked = false;
  try {
    asked = sessionStorage.getItem(FLAG) === '1';
    sessionStorage.removeItem(FLAG);
  } catch {
    return false;
  }
  if (asked) await signOut();
  return asked;
}

let onThisLoad: Promise<boolean> | null = null;

/**
 * At start-up, before the sync runtime opens any document: the supervisor's marker goes at once
 * (signOut clears it before it calls the server), so the reference documents never open with a
 * session that is about to end, and no refused connection follows the sign-out.
 */
export function startSignOutIfAsked(): void {
  onThisLoad = signOutIfAsked();
}

/** For the sign-in page: true once, when this load ended the session (for its "Signed out"). */
export function signedOutOnThisLoad(): Promise<boolean> {
  const answer = onThisLoad ?? Promise.resolve(false);
  onThisLoad = null;
  return answer;
}
