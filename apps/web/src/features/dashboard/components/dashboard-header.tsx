import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { format, parseISO } from 'date-fns';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** Props of {@link DashboardHeader}. */
export interface DashboardHeaderProps {
  firstName: string;
  /** YYYY-MM-DD, the local day shown. */
  today: string;
  /** Which view this is; the link leads to the other one. */
  view: 'home' | 'old';
}

/**
 * The dashboard's h1 (greets by first name), the local date, and the link between the charts view
 * (/dashboard/home) and the plain lists (/dashboard/old, PRODUCT §3).
 */
export function DashboardHeader({ firstName, today, view }: DashboardHeaderProps) {
  const other =
    view === 'home'
      ? { href: paths.dashboard.old.getHref(), label: 'Show as plain lists' }
      : { href: paths.dashboard.home.getHref(), label: 'Show with charts' };
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          Hello, {firstName}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          <time dateTime={today}>{format(parseISO(today), 'EEEE, MMMM d')}</time>
          {view === 'home' ? ' · today at a glance' : ' · plain lists'}
        </Typography>
      </Box>
      <Link component={RouterLink} to={other.href}>
        {other.label}
      </Link>
    </Box>
  );
}
