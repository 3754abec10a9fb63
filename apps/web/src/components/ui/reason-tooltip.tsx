import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/** Props of {@link ReasonTooltip}. */
export interface ReasonTooltipProps {
  /** Why the control is disabled; null when it is enabled (no tooltip). */
  reason: string | null;
  children: ReactElement;
}

/**
 * Explains a disabled control on hover (tooltips appear on top, seed §9). A disabled element fires
 * no pointer events, so the tooltip listens on a wrapper. Screens state the same reason in text
 * for keyboard and screen-reader users.
 */
export function ReasonTooltip({ reason, children }: ReasonTooltipProps) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} placement="top">
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {children}
      </Box>
    </Tooltip>
  );
}
