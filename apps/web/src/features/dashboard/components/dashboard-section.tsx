import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** Props of {@link DashboardSection}. */
export interface DashboardSectionProps {
  title: string;
  /** A short line under the title. */
  description?: ReactNode;
  /** On the right of the title (e.g. a link to the full list). */
  action?: ReactNode;
  /** Spans the whole grid row on wide screens. */
  isWide?: boolean;
  children: ReactNode;
}

/**
 * One card of the dashboard: a `<section>` named by its h2 (cards rounded, seed §9). Future
 * sections (briefs for today, requests awaiting answers, PRODUCT §3) slot into the same grid.
 */
export function DashboardSection({ title, description, action, isWide = false, children }: DashboardSectionProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0, gridColumn: isWide ? { md: '1 / -1' } : undefined }}
    >
      <Box sx={{ mb: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem', minWidth: 0 }}>
            {title}
          </Typography>
          {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
        </Box>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {description}
          </Typography>
        )}
      </Box>
      {children}
    </Card>
  );
}
