import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { addSeconds, intlFormat } from 'date-fns';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';

/** A failed sign-in call as {@link SignInErrorAlert} shows it. */
export interface SignInFailure {
  /** The failed sign-in call's error (an ApiError, or anything thrown). */
  error: unknown;
  /** When the error arrived, ms since the epoch: the lock's end is counted from it. */
  receivedAt: number;
}

/** Records a failed sign-in call now (for the forms' catch blocks). */
export function signInFailure(error: unknown): SignInFailure {
  return { error, receivedAt: Date.now() };
}

/** Props of {@link SignInErrorAlert}. */
export type SignInErrorAlertProps = SignInFailure;

/**
 * The error of a sign-in form, in the form (issue #8: never a toast over the logo and header):
 * the server's message (seed §8 choice); for a locked account (429 ACCOUNT_LOCKED, PRODUCT §5)
 * titled "Account locked" with the local time the lock ends (from Retry-After). Announced as an
 * alert (role="alert").
 */
export function SignInErrorAlert({ error, receivedAt }: SignInErrorAlertProps) {
  const message = isApiError(error) ? getApiErrorMessage(error) : 'An error occurred.';
  const lockedUntil =
    isApiError(error) && error.errorCode === 'ACCOUNT_LOCKED' && error.retryAfterSeconds !== null
      ? intlFormat(addSeconds(receivedAt, error.retryAfterSeconds), { hour: 'numeric', minute: '2-digit' })
      : null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 3 }}>
      {lockedUntil && <AlertTitle>Account locked until {lockedUntil}</AlertTitle>}
      {message}
    </Alert>
  );
}
