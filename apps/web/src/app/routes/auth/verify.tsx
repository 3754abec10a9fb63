import { Navigate, redirect } from 'react-router';
import { paths } from '@/config/paths';
import { VerifyCodeForm } from '@/features/auth/components/verify-code-form';
import { getSessionState, useSession } from '@/lib/session/session-store';

/** Without a pending code (no identifier in the auth state) /auth/verify goes to /auth/passwordless. */
function verifyLoader(): null {
  const { loginIdentifier, verificationTimestamp } = getSessionState();
  if (!loginIdentifier || verificationTimestamp === null) throw redirect(paths.auth.passwordless.getHref());
  return null;
}

/** /auth/verify (seed §2, §4): enter the emailed code for the remembered identifier. */
function VerifyRoute() {
  const loginIdentifier = useSession((session) => session.loginIdentifier);
  const timestamp = useSession((session) => session.verificationTimestamp);
  if (!loginIdentifier || timestamp === null) return <Navigate to={paths.auth.passwordless.getHref()} replace />;
  return (
    <>
      <title>Enter your code · Tandem</title>
      <VerifyCodeForm loginIdentifier={loginIdentifier} timestamp={timestamp} />
    </>
  );
}

export { VerifyRoute as Component, verifyLoader as loader };
