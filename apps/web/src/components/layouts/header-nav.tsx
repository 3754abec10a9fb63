import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import type { SvgIconComponent } from '@mui/icons-material';
import { can, type WorkspaceAction } from '@tandem/contract';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { preloadOnIntent } from '@/lib/route-preload';
import { useSession } from '@/lib/session/session-store';

/** Height of the phone's bottom navigation bar, px, without the device's safe area (the layout keeps room for it). */
export const PHONE_NAV_HEIGHT_PX = 64;

interface NavItem {
  label: string;
  href: string;
  /** The section the link stands for: active on every URL under it (/dashboard/home and /dashboard/old). */
  section: string;
  icon: SvgIconComponent;
  /** Shown only to members allowed this (PRODUCT §6); absent = everyone. */
  permission?: WorkspaceAction;
}

const items: NavItem[] = [
  { label: 'Dashboard', href: paths.dashboard.home.getHref(), section: paths.dashboard.root.path, icon: SpaceDashboardOutlined },
  { label: 'Briefs', href: paths.briefs.list.getHref(), section: paths.briefs.list.path, icon: ArticleOutlined },
  { label: 'Tasks', href: paths.tasks.list.getHref(), section: paths.tasks.list.path, icon: ChecklistOutlined },
  {
    label: 'Questions',
    href: paths.questions.hub.getHref(),
    section: paths.questions.hub.path,
    icon: QuestionAnswerOutlined,
    permission: 'viewQuestions',
  },
];

/** True when `pathname` is `section` or below it. */
const isInSection = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);

/**
 * The app's main navigation (PRODUCT §3 screens): Dashboard, Briefs, Tasks and Questions (issue #10), each an icon with its name
 * written out. In the header from 600 px up; on phones a bar fixed at the bottom of the screen,
 * the names under the icons (issue #8: the phone header showed unlabelled icons and left the
 * workspace name no room). One `<nav>` either way, styled by width. The link of the current
 * section is highlighted and carries aria-current="page".
 */
export function HeaderNav() {
  const { pathname } = useLocation();
  const memberType = useSession((session) => session.workspaceMember?.workspaceMemberType);
  // A GUEST does not see questions (PRODUCT §6).
  const shown = items.filter((item) => !item.permission || (memberType !== undefined && can(memberType, item.permission)));
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        [theme.breakpoints.down('sm')]: {
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: theme.zIndex.appBar,
          gap: 0,
          alignItems: 'stretch',
          height: `calc(${PHONE_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom))`,
          pb: 'env(safe-area-inset-bottom)',
          bgcolor: 'background.paper',
          borderTop: `1px solid ${theme.palette.divider}`,
        },
      })}
    >
      {shown.map(({ label, href, section, icon: Icon }) => (
        <ButtonBase
          key={section}
          component={RouterLink}
          to={href}
          // The route's code starts loading when the pointer or focus reaches the link (issue #13).
          {...preloadOnIntent(href)}
          // Matched by section, not by `to` (as NavLink would): /dashboard/old lights "Dashboard" too.
          aria-current={isInSection(pathname, section) ? 'page' : undefined}
          sx={(theme) => ({
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.75,
            height: 40,
            px: 1.5,
            borderRadius: '10px',
            fontWeight: 600,
            fontSize: '0.9375rem',
            color: 'text.secondary',
            '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            '&[aria-current="page"]': { color: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.1) },
            [theme.breakpoints.down('sm')]: {
              flex: 1,
              flexDirection: 'column',
              justifyContent: 'center',
              gap: 0.25,
              height: 'auto',
              borderRadius: 0,
              fontSize: '0.75rem',
              '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -4 },
              // On the bar, the current item's icon sits in a pill (Material's navigation bar).
              '&[aria-current="page"]': { color: 'primary.main', bgcolor: 'transparent' },
              '&[aria-current="page"] .nav-icon': { bgcolor: alpha(theme.palette.primary.main, 0.14) },
            },
          })}
        >
          <Box
            component="span"
            className="nav-icon"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: '14px',
              px: { xs: 2, sm: 0 },
              py: { xs: 0.25, sm: 0 },
            }}
          >
            <Icon fontSize="small" aria-hidden="true" />
          </Box>
          {label}
        </ButtonBase>
      ))}
    </Box>
  );
}
