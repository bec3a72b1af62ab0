import { Navigate, useLocation } from 'react-router';

/**
 * Sends someone who is not a signed-in supervisor to the sign-in page, which brings them back here
 * (with the same filters in the address) once signed in.
 */
export function SignInFirst() {
  const { pathname, search } = useLocation();
  return <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />;
}
