import LockOutlined from '@mui/icons-material/LockOutlined';
import Logout from '@mui/icons-material/Logout';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useThemeChoice } from '../hooks/use-theme-choice';
import { logout, useSession } from '@/lib/session/session-store';
import { useHasOpened } from '@/hooks/use-has-opened';
import { lazyWithPreload, onIntent } from '@/lib/lazy-with-preload';
import { themePreferenceLabel } from './theme-grid';

// Loaded on intent to open (pointer over or focus on the item): neither the password form nor the theme chooser is part of a page's first render (issue #13).
const ChangePasswordDialog = lazyWithPreload(async () => (await import('./change-password-dialog')).ChangePasswordDialog);
const ThemeDialog = lazyWithPreload(async () => (await import('./theme-dialog')).ThemeDialog);

/**
 * The user menu (IconButton "Account menu, AB" — the name contains the visible initials, WCAG
 * 2.5.3 label in name, so "click AB" works for speech input): the user's name and email, "Profile"
 * (/account: name, email, theme, password; issue #8), "Workspace settings" (/workspaces/settings),
 * a quick theme chooser (saved with PATCH v1/profile), "Change password" (not while impersonating:
 * PRODUCT §5 refuses it) and "Sign out" (logout, seed §4, then /auth/login).
 */
export function AccountMenu() {
  const navigate = useNavigate();
  const menuId = useId();
  const user = useSession((session) => session.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'theme' | 'password' | null>(null);
  const { current: currentTheme, choose: handleSelectTheme } = useThemeChoice();
  const hasOpenedTheme = useHasOpened(dialog === 'theme');
  const hasOpenedPassword = useHasOpened(dialog === 'password');
  if (!user) return null;

  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  const isImpersonated = user.impersonator !== null;

  const openDialog = (which: 'theme' | 'password') => {
    setAnchor(null);
    setDialog(which);
  };

  const handleSignOut = () => {
    setAnchor(null);
    logout();
    void navigate(paths.auth.login.getHref(), { replace: true });
  };

  return (
    <>
      <IconButton
        aria-label={initials ? `Account menu, ${initials}` : 'Account menu'}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          sx={{
            width: 34,
            height: 34,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.875rem',
            fontWeight: 600,
          }}
        >
          {initials}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }} role="none">
          <Typography variant="subtitle1" noWrap>
            {user.firstName} {user.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={Link} to={paths.account.getHref()} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Profile" />
        </MenuItem>
        <MenuItem component={Link} to={paths.workspaces.settings.getHref()} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Workspace settings" />
        </MenuItem>
        <MenuItem onClick={() => openDialog('theme')} {...onIntent(ThemeDialog.preload)}>
          <ListItemIcon>
            <PaletteOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Theme" secondary={themePreferenceLabel(currentTheme)} />
        </MenuItem>
        {!isImpersonated && (
          <MenuItem onClick={() => openDialog('password')} {...onIntent(ChangePasswordDialog.preload)}>
            <ListItemIcon>
              <LockOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Change password" />
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={handleSignOut}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Sign out" />
        </MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {hasOpenedTheme && (
          <ThemeDialog open={dialog === 'theme'} current={currentTheme} onSelect={handleSelectTheme} onClose={() => setDialog(null)} />
        )}
        {!isImpersonated && hasOpenedPassword && <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
