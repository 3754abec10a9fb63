import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useLazyZodForm } from '@/lib/use-zod-form';
import { EmailField } from '@/components/ui/form-text-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useSignInWithPassword } from '../api/sign-in-with-password';
import { completeSignIn } from '@/lib/session/session-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { rememberCredentials } from '../utils/pending-credentials';
import { useSignInParams } from '../utils/return-to';
import { AuthHeading } from './auth-heading';
import { SignInErrorAlert, signInFailure, type SignInFailure } from './sign-in-error-alert';

/** The form's schema (contract auth-forms.ts, zod/mini), loaded with the first submit: zod is not on the login route. */
const loadSignInFormSchema = () => import('@tandem/contract').then((contract) => contract.SignInFormSchema);

/**
 * The sign-in form (PRODUCT §3): email + password → POST auth/password → login success (seed §4)
 * → the safe `returnTo` of the URL, else / (issue #8). A refusal shows the server's message in an
 * alert inside the form (issue #8: not a toast); an unactivated account gets an inline message
 * with a button to the activation step. `?email=` fills the email in; `?activated=1` (the account
 * was just activated, e.g. in another tab) says "Account activated — sign in".
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { returnTo, landing, email } = useSignInParams();
  const isJustActivated = searchParams.get('activated') === '1';
  const [notActivated, setNotActivated] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const signIn = useSignInWithPassword({ meta: { errorToast: false } });
  const form = useLazyZodForm(loadSignInFormSchema, {
    defaultValues: { loginIdentifier: email, password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;

  // With the email known (?email=, e.g. after activating), the password is what is left to type.
  useEffect(() => {
    if (email) setFocus('password');
  }, [email, setFocus]);

  const handleSubmit = form.handleSubmit(async (values) => {
    setNotActivated(null);
    setFailure(null);
    try {
      const tokens = await signIn.mutateAsync(values);
      if (await completeSignIn(tokens)) await navigate(landing, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'ACCOUNT_NOT_ACTIVATED') {
        rememberCredentials(values.loginIdentifier, values.password);
        setNotActivated({
          email: values.loginIdentifier,
          message: error.errorDisplayMessage ?? 'Your account is not activated yet.',
        });
        return;
      }
      // A refusal about a field shows on that field; any other in the form's alert.
      if (!applyFieldErrors(error, ['loginIdentifier', 'password'], form.setError)) setFailure(signInFailure(error));
    }
  });

  return (
    <>
      <AuthHeading title="Sign in to Tandem" subtitle="Welcome back. Enter your email and password." />
      {isJustActivated && !failure && (
        <Alert severity="success" sx={{ mb: 3 }} role="status">
          <AlertTitle>Account activated — sign in</AlertTitle>
          Your account is ready. Enter your password to sign in.
        </Alert>
      )}
      {failure && <SignInErrorAlert {...failure} />}
      {notActivated && (
        <Alert severity="warning" sx={{ mb: 3 }} role="status">
          <AlertTitle>Account not activated</AlertTitle>
          {notActivated.message}
          <Box sx={{ mt: 1.5 }}>
            <Button
              variant="outlined"
              color="inherit"
              size="small"
              onClick={() => void navigate(paths.register.getHref({ step: 'activate', email: notActivated.email }))}
            >
              Enter activation code
            </Button>
          </Box>
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Stack spacing={2.5}>
          <EmailField registration={form.register('loginIdentifier')} fieldError={errors.loginIdentifier} />
          <Box>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              {...form.register('password')}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Link component={RouterLink} to={paths.auth.forgotPassword.getHref()} variant="body2">
                Forgot password?
              </Link>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            Sign in
          </Button>
        </Stack>
      </Box>
      <Divider sx={{ my: 3, color: 'text.secondary', fontSize: '0.8125rem' }}>or</Divider>
      <Button
        component={RouterLink}
        to={paths.auth.passwordless.getHref({ returnTo })}
        variant="outlined"
        size="large"
        fullWidth
        color="primary"
      >
        Sign in with a code instead
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Tandem?{' '}
        <Link component={RouterLink} to={paths.register.getHref()}>
          Create an account
        </Link>
      </Typography>
    </>
  );
}
