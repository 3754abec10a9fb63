import { PasswordlessForm } from '@/features/auth/components/passwordless-form';

/** /auth/passwordless (seed §2): ask for a sign-in code by email. */
function PasswordlessRoute() {
  return (
    <>
      <title>Sign in with a code · Tandem</title>
      <PasswordlessForm />
    </>
  );
}

export { PasswordlessRoute as Component };
