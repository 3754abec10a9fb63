import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cloneElement, useId, type ReactElement } from 'react';

/** Props of {@link ActionReason}. */
export interface ActionReasonProps {
  /** Why the action is unavailable now; null when it is available (nothing is added). */
  reason: string | null;
  /** The action (a button); it is described by the reason (aria-describedby). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** How the action and its reason line up in their column. Default 'start'. */
  align?: 'start' | 'center' | 'end';
}

const alignItems = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;

/**
 * A disabled action with its reason in visible text under it (issue #8: a hover tooltip never
 * reaches touch, keyboard or screen-reader users). The reason describes the action
 * (aria-describedby), so it is read with it. Disable with a reason only what is temporarily
 * impossible; hide what the person's role can never do (issue #8, PRODUCT §6).
 */
export function ActionReason({ reason, children, align = 'start' }: ActionReasonProps) {
  const reasonId = useId();
  if (!reason) return children;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: alignItems[align], gap: 0.5, maxWidth: '100%', minWidth: 0 }}
    >
      {cloneElement(children, { 'aria-describedby': reasonId })}
      <Typography
        id={reasonId}
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', maxWidth: 320, textAlign: align === 'end' ? 'right' : align === 'center' ? 'center' : 'left' }}
      >
        {reason}
      </Typography>
    </Box>
  );
}
