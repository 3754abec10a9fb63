import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * The page of /slack/auth and /slack/oauth/callback while they wait for the API (issue #12): a
 * centred spinner with `message` ("Opening Slack…"), announced politely to screen readers.
 */
export function SlackProgress({ message }: { message: string }) {
  return (
    <Box role="status" sx={{ minHeight: '50dvh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}>
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}
