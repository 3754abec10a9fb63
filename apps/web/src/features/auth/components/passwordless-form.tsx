import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLazyZodForm } from '@/lib/use-zod-form';
import { EmailField } from '@/components/ui/form-text-field';
import { paths } from '@/config/paths';
import { useSendPasswordlessCode } from '../api/send-passwordless-code';
import { rememberPasswordlessCode } from '@/lib/session/session-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useSignInParams } from '../utils/return-to';
import { AuthHeading } from './auth-heading';
import { SignInErrorAlert, signInFailure, type SignInFailure } from './sign-in-error-alert';

/** The form's schema (contract auth-forms.ts, zod/mini), loaded with the first submit. */
const loadEmailFormSchema = () => import('@tandem/contract').then((contract) => contract.EmailFormSchema);

/**
 * Passwordless step 1 (seed §4): email → POST auth/passwordless → remember identifier and
 * timestamp → /auth/verify (keeping a safe `returnTo`, issue #8). `?email=` (the invitation mail's
 * link) fills the email in. A refusal, e.g. a locked account with the time it ends (429
 * ACCOUNT_LOCKED), shows in an alert inside the form (issue #8).
 */
export function PasswordlessForm() {
  const navigate = useNavigate();
  const { returnTo, email } = useSignInParams();
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const sendCode = useSendPasswordlessCode({ meta: { errorToast: false } });
  const form = useLazyZodForm(loadEmailFormSchema, {
    defaultValues: { loginIdentifier: email },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ loginIdentifier }) => {
    setFailure(null);
    try {
      const { timestamp } = await sendCode.mutateAsync(loginIdentifier);
      rememberPasswordlessCode(loginIdentifier, timestamp);
      await navigate(paths.auth.verify.getHref({ returnTo }));
    } catch (error) {
      // A refusal about a field shows on that field; any other in the form's alert.
      if (!applyFieldErrors(error, ['loginIdentifier'], form.setError)) setFailure(signInFailure(error));
    }
  });

  return (
    <>
      <AuthHeading title="Sign in with a code" subtitle="We'll email you a 6-digit code. No password needed." />
      {failure && <SignInErrorAlert {...failure} />}
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Stack spacing={2.5}>
          <EmailField registration={form.register('loginIdentifier')} fieldError={errors.loginIdentifier} />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            Send code
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Prefer your password?{' '}
        <Link component={RouterLink} to={paths.auth.login.getHref({ returnTo })}>
          Back to sign in
        </Link>
      </Typography>
    </>
  );
}
