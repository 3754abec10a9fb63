import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { visuallyHidden } from '@/components/ui/visually-hidden';

interface NavItem {
  label: string;
  href: string;
  /** The section the link stands for: active on every URL under it (/dashboard/home and /dashboard/old). */
  section: string;
  icon: SvgIconComponent;
}

const items: NavItem[] = [
  { label: 'Dashboard', href: paths.dashboard.home.getHref(), section: paths.dashboard.root.path, icon: SpaceDashboardOutlined },
  { label: 'Tasks', href: paths.tasks.list.getHref(), section: paths.tasks.list.path, icon: ChecklistOutlined },
];

/** True when `pathname` is `section` or below it. */
const isInSection = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);

/**
 * The app's main navigation in the header (PRODUCT §3 screens): Dashboard and Tasks. The link of
 * the current section is highlighted and carries aria-current="page"; on phones only the icons
 * show, the names stay for screen readers (and as tooltips via `title`).
 */
export function HeaderNav() {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 0.5 } }}>
      {items.map(({ label, href, section, icon: Icon }) => (
        <ButtonBase
          key={section}
          component={RouterLink}
          to={href}
          // Matched by section, not by `to` (as NavLink would): /dashboard/old lights "Dashboard" too.
          aria-current={isInSection(pathname, section) ? 'page' : undefined}
          sx={(theme) => ({
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.75,
            height: 40,
            minWidth: 40,
            px: { xs: 1, sm: 1.5 },
            borderRadius: '10px',
            fontWeight: 600,
            fontSize: '0.9375rem',
            color: 'text.secondary',
            '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            '&[aria-current="page"]': { color: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.1) },
          })}
          title={label}
        >
          <Icon fontSize="small" aria-hidden="true" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {label}
          </Box>
          <Box component="span" sx={{ ...visuallyHidden, display: { xs: 'inline', sm: 'none' } }}>
            {label}
          </Box>
        </ButtonBase>
      ))}
    </Box>
  );
}
