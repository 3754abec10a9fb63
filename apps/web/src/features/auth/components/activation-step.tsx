import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CODE_RESEND_AFTER_SECONDS, VERIFICATION_CODE_LENGTH } from '@tandem/contract';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CodeInput } from '@/components/ui/code-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { useActivateAccount } from '../api/activate-account';
import { useResendActivation } from '../api/resend-activation';
import { signInWithPassword } from '../api/sign-in-with-password';
import { completeSignIn } from '../stores/session-store';
import { forgetCredentials, getRememberedCredentials } from '../utils/pending-credentials';
import { AuthHeading } from './auth-heading';
import { ResendCode } from './resend-code';

/** Props of {@link ActivationStep}. */
export interface ActivationStepProps {
  email: string;
  /** When the activation code was sent (ms), or null when unknown (resend allowed at once). */
  sentAt: number | null;
}

/**
 * Sign-up step 2: the 6-box activation code → POST v1/signup/activate; then signs in with the
 * password just typed (kept in memory) and goes to /; without it, goes to /auth/login.
 * "Resend code" is enabled 60 s after sending (PRODUCT §5).
 */
export function ActivationStep({ email, sentAt: initialSentAt }: ActivationStepProps) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentAt, setSentAt] = useState(initialSentAt);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const activate = useActivateAccount({ meta: { errorToast: false } });
  const resend = useResendActivation();

  const submit = async (value: string) => {
    if (activate.isPending || isSigningIn) return;
    setError(undefined);
    try {
      await activate.mutateAsync({ loginIdentifier: email, activationCode: value });
    } catch (caught) {
      setError(isApiError(caught) ? getApiErrorMessage(caught) : 'An error occurred.');
      setCode('');
      return;
    }
    const credentials = getRememberedCredentials(email);
    forgetCredentials();
    if (credentials) {
      setIsSigningIn(true);
      try {
        const tokens = await signInWithPassword(credentials);
        if (await completeSignIn(tokens)) {
          await navigate(paths.home.getHref(), { replace: true });
          return;
        }
      } catch {
        // Fall through to the sign-in page.
      }
      setIsSigningIn(false);
    }
    showToast('Your account is active. Sign in to continue.', 'success');
    await navigate(paths.auth.login.getHref(), { replace: true });
  };

  const handleResend = () => {
    resend.mutate(
      { loginIdentifier: email },
      {
        onSuccess: () => {
          setSentAt(Date.now());
          setCode('');
          setError(undefined);
          showToast('We sent you a new code.', 'success');
        },
      },
    );
  };

  const isBusy = activate.isPending || isSigningIn;
  return (
    <>
      <AuthHeading
        title="Activate your account"
        subtitle={
          <>
            Enter the 6-digit code we sent to{' '}
            <Box component="strong" sx={{ color: 'text.primary', wordBreak: 'break-all' }}>
              {email}
            </Box>
            .
          </>
        }
      />
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === VERIFICATION_CODE_LENGTH) void submit(code);
        }}
      >
        <Stack spacing={3}>
          <CodeInput
            value={code}
            onChange={setCode}
            onComplete={(value) => void submit(value)}
            length={VERIFICATION_CODE_LENGTH}
            disabled={isBusy}
            error={error}
            shouldFocusFirst
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={isBusy}
            disabled={code.length !== VERIFICATION_CODE_LENGTH}
          >
            Verify
          </Button>
          <ResendCode
            sentAt={sentAt}
            waitSeconds={CODE_RESEND_AFTER_SECONDS}
            onResend={handleResend}
            isPending={resend.isPending}
          />
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already active?{' '}
        <Link component={RouterLink} to={paths.auth.login.getHref()}>
          Sign in
        </Link>
      </Typography>
    </>
  );
}
