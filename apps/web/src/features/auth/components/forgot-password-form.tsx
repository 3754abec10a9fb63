import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLazyZodForm } from '@/lib/use-zod-form';
import { EmailField } from '@/components/ui/form-text-field';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { AuthHeading } from './auth-heading';

/** The form's schema (contract auth-forms.ts, zod/mini), loaded with the first submit. */
const loadEmailFormSchema = () => import('@tandem/contract').then((contract) => contract.EmailFormSchema);

/**
 * Request a reset link (PRODUCT §3, §5): email → POST auth/password/forgot → the same
 * confirmation whether or not the account exists.
 */
export function ForgotPasswordForm() {
  const [isSent, setIsSent] = useState(false);
  const requestReset = useRequestPasswordReset();
  const form = useLazyZodForm(loadEmailFormSchema, {
    defaultValues: { loginIdentifier: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
      setIsSent(true);
    } catch (error) {
      applyFieldErrors(error, ['loginIdentifier'], form.setError);
    }
  });

  return (
    <>
      <AuthHeading
        title="Reset your password"
        subtitle="Enter the email you sign in with and we'll send you a link to choose a new password."
      />
      {isSent ? (
        <Alert severity="success" role="status">
          If an account exists for that email, we&apos;ve sent a reset link. It works once, for 60 minutes.
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={handleSubmit}>
          <Stack spacing={2.5}>
            <EmailField registration={form.register('loginIdentifier')} fieldError={errors.loginIdentifier} />
            <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
              Send reset link
            </Button>
          </Stack>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to={paths.auth.login.getHref()}>
          Back to sign in
        </Link>
      </Typography>
    </>
  );
}
