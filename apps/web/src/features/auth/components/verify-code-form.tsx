import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { useSendPasswordlessCode } from '../api/send-passwordless-code';
import { useVerifyPasswordlessCode } from '../api/verify-passwordless-code';
import { completeSignIn, rememberPasswordlessCode } from '@/lib/session/session-store';
import { useSignInParams } from '../utils/return-to';
import { CodeEntryForm } from './code-entry-form';

/** Props of {@link VerifyCodeForm}. */
export interface VerifyCodeFormProps {
  /** The email the code went to (from the auth state). */
  loginIdentifier: string;
  /** payload.timestamp of the send, ms. */
  timestamp: number;
}

/**
 * Passwordless step 2 (seed §4): the 6-box code → POST auth/passwordless/verify → login
 * success → the safe `returnTo` of the URL, else / (issue #8). "Resend code" after 60 s (PRODUCT §5).
 */
export function VerifyCodeForm({ loginIdentifier, timestamp }: VerifyCodeFormProps) {
  const navigate = useNavigate();
  const { returnTo, landing } = useSignInParams();
  const verify = useVerifyPasswordlessCode({ meta: { errorToast: false } });
  const resend = useSendPasswordlessCode();

  const handleVerify = async (code: string) => {
    const tokens = await verify.mutateAsync({
      code,
      loginIdentifier,
      originalTimestamp: timestamp,
    });
    if (await completeSignIn(tokens)) await navigate(landing, { replace: true });
  };

  const handleResend = async () => {
    const { timestamp: next } = await resend.mutateAsync(loginIdentifier);
    rememberPasswordlessCode(loginIdentifier, next);
    showToast('We sent you a new code.', 'success');
  };

  return (
    <CodeEntryForm
      title="Check your email"
      email={loginIdentifier}
      initialSentAt={timestamp}
      onVerify={handleVerify}
      onResend={handleResend}
      isVerifying={verify.isPending}
      isResending={resend.isPending}
      footer={
        <>
          Wrong email?{' '}
          <Link component={RouterLink} to={paths.auth.passwordless.getHref({ returnTo })}>
            Use another address
          </Link>
        </>
      }
    />
  );
}
