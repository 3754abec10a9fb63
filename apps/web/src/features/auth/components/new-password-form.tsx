import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NewPasswordSchema, PASSWORD_MIN_LENGTH } from '@tandem/contract';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '@/lib/use-zod-form';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { useResetPassword } from '../api/reset-password';
import { useValidateResetCode } from '../api/validate-reset-code';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { AuthHeading } from './auth-heading';

const NewPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: "The passwords don't match.",
  });

/** Props of {@link NewPasswordForm}. */
export interface NewPasswordFormProps {
  /** The action code from the link (?code=…), or null when missing. */
  actionCode: string | null;
}

/**
 * Set a new password (PRODUCT §3): validates the code first; inactive → "This link has expired"
 * with a link to ask again; active → new password + confirmation → POST auth/password/reset →
 * success toast → /auth/login.
 */
export function NewPasswordForm({ actionCode }: NewPasswordFormProps) {
  const navigate = useNavigate();
  const validation = useValidateResetCode(actionCode);
  const reset = useResetPassword();
  const form = useZodForm(NewPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ password }) => {
    if (!actionCode) return;
    try {
      await reset.mutateAsync({ actionCode, password });
      showToast('Your password was changed. Sign in with it now.', 'success');
      await navigate(paths.auth.login.getHref(), { replace: true });
    } catch (error) {
      applyFieldErrors(error, ['password'], form.setError);
    }
  });

  if (actionCode && validation.isPending) {
    return (
      <>
        <AuthHeading title="Set a new password" />
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Checking your link" />
        </Box>
      </>
    );
  }

  if (!actionCode || !validation.data?.isActive) {
    return (
      <>
        <AuthHeading title="This link has expired" />
        <Alert severity="warning" sx={{ mb: 3 }}>
          This link has expired or was already used. Reset links work once, for 60 minutes.
        </Alert>
        <Button component={RouterLink} to={paths.auth.forgotPassword.getHref()} variant="contained" size="large" fullWidth>
          Request a new link
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to={paths.auth.login.getHref()}>
            Back to sign in
          </Link>
        </Typography>
      </>
    );
  }

  return (
    <>
      <AuthHeading
        title="Set a new password"
        subtitle={`Use at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong, memorable password.`}
      />
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Stack spacing={2.5}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...form.register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword?.message}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            Set new password
          </Button>
        </Stack>
      </Box>
    </>
  );
}
