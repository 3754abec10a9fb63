import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '@/lib/api-error';

/** HTTP status of a revoked or expired public link (PRODUCT §3). */
export const LINK_INACTIVE_STATUS = 410;

/**
 * True when `error` means a public link was revoked or has expired: an ApiError or a route error
 * response with status 410 (PRODUCT §3). Pure.
 */
export function isLinkInactiveError(error: unknown): boolean {
  return (isApiError(error) || isRouteErrorResponse(error)) && error.status === LINK_INACTIVE_STATUS;
}

/**
 * "This link is no longer active" (PRODUCT §3): what a public page (/b, /q, /s) shows when the API
 * answers 410. Content only; it sits in the public layout's content area.
 */
export function LinkInactivePage() {
  return (
    <Box sx={{ maxWidth: 520, mx: 'auto', py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
      <title>Link no longer active · Tandem</title>
      <Typography variant="overline" color="text.secondary" component="p">
        Link inactive
      </Typography>
      <Typography variant="h1" sx={{ mt: 1, mb: 2 }}>
        This link is no longer active
      </Typography>
      <Typography color="text.secondary">
        The person who shared it may have turned the link off, or it may have expired. If you still need it, ask them to send you a new one.
      </Typography>
    </Box>
  );
}
