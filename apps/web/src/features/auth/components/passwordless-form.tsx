import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLazyZodForm } from '@/lib/use-zod-form';
import { EmailField } from '@/components/ui/form-text-field';
import { paths } from '@/config/paths';
import { useSendPasswordlessCode } from '../api/send-passwordless-code';
import { rememberPasswordlessCode } from '@/lib/session/session-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { AuthHeading } from './auth-heading';

/** The form's schema (contract auth-forms.ts, zod/mini), loaded with the first submit. */
const loadEmailFormSchema = () => import('@tandem/contract').then((contract) => contract.EmailFormSchema);

/**
 * Passwordless step 1 (seed §4): email → POST auth/passwordless → remember identifier and
 * timestamp → /auth/verify.
 */
export function PasswordlessForm() {
  const navigate = useNavigate();
  const sendCode = useSendPasswordlessCode();
  const form = useLazyZodForm(loadEmailFormSchema, {
    defaultValues: { loginIdentifier: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ loginIdentifier }) => {
    try {
      const { timestamp } = await sendCode.mutateAsync(loginIdentifier);
      rememberPasswordlessCode(loginIdentifier, timestamp);
      await navigate(paths.auth.verify.getHref());
    } catch (error) {
      applyFieldErrors(error, ['loginIdentifier'], form.setError);
    }
  });

  return (
    <>
      <AuthHeading title="Sign in with a code" subtitle="We'll email you a 6-digit code. No password needed." />
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
        <Link component={RouterLink} to={paths.auth.login.getHref()}>
          Back to sign in
        </Link>
      </Typography>
    </>
  );
}
