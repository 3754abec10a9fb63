import { LoginForm } from '@/features/auth/components/login-form';
import { redirectSignedInLoader } from '@/features/auth/utils/route-guards';

/** /auth/login (seed §2): sign-in; a signed-in user is sent to /. */
function LoginRoute() {
  return (
    <>
      <title>Sign in · Tandem</title>
      <LoginForm />
    </>
  );
}

export { LoginRoute as Component, redirectSignedInLoader as loader };
