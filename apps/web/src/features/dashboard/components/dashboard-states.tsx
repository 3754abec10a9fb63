import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** Placeholder cards while the dashboard loads (role status, so the wait is announced). */
export function DashboardSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <Box
      role="status"
      aria-label="Loading the dashboard"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      {Array.from({ length: cards }, (_, card) => (
        <Card key={card} sx={{ p: { xs: 2, sm: 3 } }}>
          <Skeleton width="40%" height={28} />
          {[0, 1, 2].map((row) => (
            <Box key={row} sx={{ py: 1 }}>
              <Skeleton width="75%" />
              <Skeleton width="35%" />
            </Box>
          ))}
        </Card>
      ))}
    </Box>
  );
}

/** Props of {@link DashboardError}. */
export interface DashboardErrorProps {
  /** The failed query's error; its message is written for people (lib/api-error). */
  error: Error;
  onRetry: () => void;
  isRetrying: boolean;
}

/** The dashboard failed to load: what happened and a retry button. */
export function DashboardError({ error, onRetry, isRetrying }: DashboardErrorProps) {
  return (
    <Card role="alert" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        The dashboard could not be loaded
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {error.message}
      </Typography>
      <Button variant="contained" onClick={onRetry} loading={isRetrying}>
        Try again
      </Button>
    </Card>
  );
}
