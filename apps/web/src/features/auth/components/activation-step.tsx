import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { useActivateAccount } from '../api/activate-account';
import { useResendActivation } from '../api/resend-activation';
import { signInWithPassword } from '../api/sign-in-with-password';
import { completeSignIn } from '@/lib/session/session-store';
import { forgetCredentials, getRememberedCredentials } from '../utils/pending-credentials';
import { CodeEntryForm } from './code-entry-form';

/** Props of {@link ActivationStep}. */
export interface ActivationStepProps {
  email: string;
  /** When the activation code was sent (ms), or null when unknown (resend allowed at once). */
  sentAt: number | null;
}

/**
 * Sign-up step 2: the 6-box activation code → POST v1/signup/activate; then signs in with the
 * password just typed (kept in memory) and goes to the dashboard, where the first-run question
 * waits (PRODUCT §1); without it (e.g. activated in another tab), goes to /auth/login with the
 * email filled in and "Account activated — sign in" (issue #8).
 * "Resend code" is enabled 60 s after sending (PRODUCT §5).
 */
export function ActivationStep({ email, sentAt }: ActivationStepProps) {
  const navigate = useNavigate();
  const [isSigningIn, setIsSigningIn] = useState(false);
  const activate = useActivateAccount({ meta: { errorToast: false } });
  const resend = useResendActivation();

  const handleVerify = async (code: string) => {
    if (isSigningIn) return;
    await activate.mutateAsync({ loginIdentifier: email, activationCode: code });
    const credentials = getRememberedCredentials(email);
    forgetCredentials();
    if (credentials) {
      setIsSigningIn(true);
      try {
        const tokens = await signInWithPassword(credentials);
        if (await completeSignIn(tokens)) {
          // A brand-new account: the first-run question (PRODUCT §1, kept by the server) comes up on landing.
          await navigate(paths.dashboard.home.getHref(), { replace: true });
          return;
        }
      } catch {
        // Fall through to the sign-in page.
      }
      setIsSigningIn(false);
    }
    await navigate(paths.auth.login.getHref({ email, activated: true }), { replace: true });
  };

  const handleResend = async () => {
    await resend.mutateAsync({ loginIdentifier: email });
    showToast('We sent you a new code.', 'success');
  };

  return (
    <CodeEntryForm
      title="Activate your account"
      email={email}
      initialSentAt={sentAt}
      onVerify={handleVerify}
      onResend={handleResend}
      isVerifying={activate.isPending || isSigningIn}
      isResending={resend.isPending}
      footer={
        <>
          Already active?{' '}
          <Link component={RouterLink} to={paths.auth.login.getHref()}>
            Sign in
          </Link>
        </>
      }
    />
  );
}
