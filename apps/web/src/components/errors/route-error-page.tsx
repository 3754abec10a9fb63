import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { isChunkLoadError, reloadOnce } from '@/lib/chunk-reload';
import { isApiError } from '@/lib/api-error';

/** Status and text the error page shows (seed §2). */
export interface ErrorDescription {
  status: number;
  message: string;
}

/**
 * Maps a thrown route error to status and message (seed §2): 404 → 'Page Not Found'; other
 * errors → their status text or 'Internal Server Error', status 500 by default. Pure.
 */
export function describeRouteError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: 'Page Not Found' };
    return { status: error.status, message: error.statusText || 'Internal Server Error' };
  }
  if (isApiError(error) && error.status >= 400) {
    if (error.status === 404) return { status: 404, message: 'Page Not Found' };
    return { status: error.status, message: error.errorDisplayMessage ?? 'Internal Server Error' };
  }
  return { status: 500, message: 'Internal Server Error' };
}

/**
 * The error element of every route (seed §2, §8): shows the status and message, and reloads the
 * page once (10 s guard) when the error is a stale chunk after a deploy.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const isStaleChunk = isChunkLoadError(error);
  const { status, message } = describeRouteError(error);

  useEffect(() => {
    if (isStaleChunk) reloadOnce();
  }, [isStaleChunk]);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
      }}
    >
      <BrandMark size={36} />
      <Typography variant="overline" color="text.secondary" sx={{ mt: 3 }}>
        Error {status}
      </Typography>
      <Typography variant="h1">{message}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {status === 404
          ? "The page you're looking for doesn't exist or has moved."
          : 'Something went wrong on our side. Try again in a moment.'}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 1 }}>
        Go to home
      </Button>
    </Box>
  );
}
