import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../auth';

/**
 * Sends someone who is not a signed-in supervisor to the sign-in page, which brings them back here
 * (with the same filters in the address) once signed in.
 */
export function SignInFirst() {
  const { pathname, search } = useLocation();
  return <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />;
}

/** A supervisors' screen: a device, or nobody, signs in first and comes back to it. */
export function SupervisorsOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  return auth.kind === 'supervisor' ? children : <SignInFirst />;
}
