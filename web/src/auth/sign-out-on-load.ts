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

/** On the sign-in page: ends the session when the menu asked for it; true when it did. */
export async function signOutIfAsked(): Promise<boolean> {
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
