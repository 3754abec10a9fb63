import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import type { ApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';

/**
 * A refused call as an error alert: its message, and for a 402 PLAN_LIMIT (PRODUCT §8: active
 * requests, AI generations) the way to a bigger plan, "See your plan" → Settings › Subscription.
 */
export function ApiErrorAlert({ error, sx }: { error: ApiError; sx?: SxProps<Theme> }) {
  return (
    <Alert severity="error" sx={sx}>
      {getApiErrorMessage(error)}
      {error.status === 402 && (
        <>
          {' '}
          <Link component={RouterLink} to={paths.workspaces.settings.getHref('subscription')}>
            See your plan
          </Link>
        </>
      )}
    </Alert>
  );
}
