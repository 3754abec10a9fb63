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
import { getApiErrorMessage } from '@/lib/error-message';
import { isApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast-store';
import { useSendPasswordlessCode } from '../api/send-passwordless-code';
import { useVerifyPasswordlessCode } from '../api/verify-passwordless-code';
import { completeSignIn, rememberPasswordlessCode } from '../stores/session-store';
import { AuthHeading } from './auth-heading';
import { ResendCode } from './resend-code';

/** Props of {@link VerifyCodeForm}. */
export interface VerifyCodeFormProps {
  /** The email the code went to (from the auth state). */
  loginIdentifier: string;
  /** payload.timestamp of the send, ms. */
  timestamp: number;
}

/**
 * Passwordless step 2 (seed §4): the 6-box code; a complete code submits itself → POST
 * auth/passwordless/verify → login success → /. "Resend code" after 60 s (PRODUCT §5).
 */
export function VerifyCodeForm({ loginIdentifier, timestamp }: VerifyCodeFormProps) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentAt, setSentAt] = useState(() => Date.now());
  const verify = useVerifyPasswordlessCode({ meta: { errorToast: false } });
  const resend = useSendPasswordlessCode({ onSuccess: () => showToast('We sent you a new code.', 'success') });
  const isBusy = verify.isPending;

  const submit = async (value: string) => {
    if (verify.isPending) return;
    setError(undefined);
    try {
      const tokens = await verify.mutateAsync({ code: value, loginIdentifier, originalTimestamp: timestamp });
      if (await completeSignIn(tokens)) await navigate(paths.home.getHref(), { replace: true });
    } catch (caught) {
      setError(isApiError(caught) ? getApiErrorMessage(caught) : 'An error occurred.');
      setCode('');
    }
  };

  const handleResend = () => {
    resend.mutate(loginIdentifier, {
      onSuccess: ({ timestamp: next }) => {
        rememberPasswordlessCode(loginIdentifier, next);
        setSentAt(Date.now());
        setCode('');
        setError(undefined);
      },
    });
  };

  return (
    <>
      <AuthHeading
        title="Check your email"
        subtitle={
          <>
            Enter the 6-digit code we sent to <Box component="strong" sx={{ color: 'text.primary', wordBreak: 'break-all' }}>{loginIdentifier}</Box>.
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
        Wrong email?{' '}
        <Link component={RouterLink} to={paths.auth.passwordless.getHref()}>
          Use another address
        </Link>
      </Typography>
    </>
  );
}
