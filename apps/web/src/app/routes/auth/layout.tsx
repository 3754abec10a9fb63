import { Outlet } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';

/** Route module of the auth layout (seed §2): login, passwordless, verify, reset and register. */
function AuthLayoutRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}

export { AuthLayoutRoute as Component };
