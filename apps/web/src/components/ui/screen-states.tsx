import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Rows of placeholders while a list loads, announced as `label`. */
export function LoadingRows({ label, rows = 4, height = 64 }: { label: string; rows?: number; height?: number }) {
  return (
    <Box role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} variant="rounded" height={height} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** A card saying something could not be loaded, with "Try again". */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {message}
      </Typography>
      <Button variant="outlined" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/** A page-level message (no access, not found, nothing chosen) with an optional action. */
export function PageMessage({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: action ? 3 : 0 }}>
        {children}
      </Typography>
      {action}
    </Card>
  );
}
