import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Administrator Login screen replaces this file's body.
export default function AdminLogin() {
  return (
    <ScreenPlaceholder
      title="Administrator Login"
      backTo="/"
      backLabel="Back to Plods"
      arriving="Username and password sign-in for drill site supervisors, leading to Site Setup."
    />
  );
}
