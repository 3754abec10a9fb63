import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

/** Props of {@link ResendCode}. */
export interface ResendCodeProps {
  /** When the last code was sent, ms since the epoch; null enables the button at once. */
  sentAt: number | null;
  /** Seconds after `sentAt` before a new code may be asked for (PRODUCT §5: 60). */
  waitSeconds: number;
  onResend: () => void;
  isPending?: boolean;
}

/**
 * The "Resend code" button, disabled until `waitSeconds` after the last send, with a countdown
 * under it (the button's name stays exactly "Resend code").
 */
export function ResendCode({ sentAt, waitSeconds, onResend, isPending = false }: ResendCodeProps) {
  const [now, setNow] = useState(() => Date.now());
  const remaining = sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + waitSeconds * 1000 - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [remaining]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Didn&apos;t get it?
        </Typography>
        <Button variant="text" size="small" disabled={remaining > 0} loading={isPending} onClick={onResend}>
          Resend code
        </Button>
      </Box>
      {remaining > 0 && (
        <Typography variant="caption" color="text.secondary">
          You can ask for a new code in {remaining} s
        </Typography>
      )}
    </Box>
  );
}
