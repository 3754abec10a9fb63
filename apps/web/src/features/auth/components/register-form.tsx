import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH, SignupBodySchema } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { useZodForm } from '@/lib/use-zod-form';
import { EmailField, FormTextField } from '@/components/ui/form-text-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { useSignUp } from '../api/sign-up';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { rememberCredentials } from '../utils/pending-credentials';
import { AuthHeading } from './auth-heading';

const fields = ['firstName', 'lastName', 'loginIdentifier', 'password'] as const;

/** Props of {@link RegisterForm}. */
export interface RegisterFormProps {
  /** Called with the email once the account exists and the activation code is on its way. */
  onRegistered: (email: string) => void;
}

/**
 * Sign-up step 1 (seed §3 signup payload): first name, last name, email, password → POST
 * v1/signup. Server errors land on their fields (errorData); the password is kept in memory so
 * the activation step can sign in automatically.
 */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const signUp = useSignUp({ meta: { errorToast: (error) => !error.errorData } });
  const form = useZodForm(SignupBodySchema, {
    defaultValues: { firstName: '', lastName: '', loginIdentifier: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await signUp.mutateAsync(values);
      rememberCredentials(user.email, values.password);
      onRegistered(user.email);
    } catch (error) {
      applyFieldErrors(error, fields, form.setError);
    }
  });

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Set up a shared workspace for you and your team." />
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField
              label="First name"
              autoComplete="given-name"
              registration={form.register('firstName')}
              fieldError={errors.firstName}
            />
            <FormTextField
              label="Last name"
              autoComplete="family-name"
              registration={form.register('lastName')}
              fieldError={errors.lastName}
            />
          </Stack>
          <EmailField autoComplete="email" registration={form.register('loginIdentifier')} fieldError={errors.loginIdentifier} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...form.register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters. A short phrase works well.`}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            Create account
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.auth.login.getHref()}>
          Sign in
        </Link>
      </Typography>
    </>
  );
}
