import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** Props of {@link UsageMeter}. */
export interface UsageMeterProps {
  label: string;
  used: number;
  /** null = unlimited (PRODUCT §8): no bar, "Unlimited". */
  limit: number | null;
}

/**
 * One limit of the plan with its usage (PRODUCT §3 "limits and usage meters"): a labelled progress
 * bar, "2 of 3"; amber from 80 %, red at the limit.
 */
export function UsageMeter({ label, used, limit }: UsageMeterProps) {
  const labelId = useId();
  const ratio = limit === null || limit === 0 ? 0 : Math.min(1, used / limit);
  const color = limit !== null && used >= limit ? 'error' : ratio >= 0.8 ? 'warning' : 'primary';
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {limit === null ? `${used.toLocaleString()} used · Unlimited` : `${used.toLocaleString()} of ${limit.toLocaleString()}`}
        </Typography>
      </Box>
      {limit !== null && (
        <LinearProgress
          variant="determinate"
          value={ratio * 100}
          color={color}
          aria-labelledby={labelId}
          aria-valuetext={`${used} of ${limit} used`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      )}
    </Box>
  );
}
