import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CODE_RESEND_AFTER_SECONDS, VERIFICATION_CODE_LENGTH } from '@tandem/contract';
import { useState, type ReactNode } from 'react';
import { CodeInput } from '@/components/ui/code-input';
import { EmailAddress } from '@/components/ui/email-address';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { AuthHeading } from './auth-heading';
import { ResendCode } from './resend-code';

/** Props of {@link CodeEntryForm}. */
export interface CodeEntryFormProps {
  title: string;
  /** The address the code went to, shown in the subtitle. */
  email: string;
  /** When the code was sent (ms since the epoch), or null when unknown (resend allowed at once). */
  initialSentAt: number | null;
  /** Checks a complete code; a rejection's API message is shown under the boxes. */
  onVerify: (code: string) => Promise<void>;
  /** Asks for a new code; on success the boxes are cleared and the 60 s countdown restarts. */
  onResend: () => Promise<unknown>;
  isVerifying: boolean;
  isResending: boolean;
  /** The line under the card's form (a way back). */
  footer: ReactNode;
}

/**
 * The 6-box code step shared by activation and passwordless sign-in (seed §4): a complete code
 * submits itself, a wrong one clears the boxes with the server's message, and "Resend code" is
 * enabled 60 s after the last send (PRODUCT §5).
 */
export function CodeEntryForm({ title, email, initialSentAt, onVerify, onResend, isVerifying, isResending, footer }: CodeEntryFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentAt, setSentAt] = useState(initialSentAt);

  const submit = async (value: string) => {
    if (isVerifying) return;
    setError(undefined);
    try {
      await onVerify(value);
    } catch (caught) {
      setError(isApiError(caught) ? getApiErrorMessage(caught) : 'An error occurred.');
      setCode('');
    }
  };

  const handleResend = async () => {
    try {
      await onResend();
    } catch {
      return; // the request's own error toast has told the user
    }
    setSentAt(Date.now());
    setCode('');
    setError(undefined);
  };

  return (
    <>
      <AuthHeading
        title={title}
        subtitle={
          <>
            Enter the 6-digit code we sent to <EmailAddress email={email} component="strong" sx={{ color: 'text.primary' }} />.
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
            disabled={isVerifying}
            error={error}
            shouldFocusFirst
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={isVerifying}
            disabled={code.length !== VERIFICATION_CODE_LENGTH}
          >
            Verify
          </Button>
          <ResendCode
            sentAt={sentAt}
            waitSeconds={CODE_RESEND_AFTER_SECONDS}
            onResend={() => void handleResend()}
            isPending={isResending}
          />
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {footer}
      </Typography>
    </>
  );
}
