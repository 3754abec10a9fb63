import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout, useSession } from '@/lib/session/session-store';

/**
 * The persistent "Viewing as {name}" banner while a platform admin impersonates the user
 * (PRODUCT §5); "Stop viewing" signs out. Renders nothing otherwise.
 */
export function ImpersonationBanner() {
  const navigate = useNavigate();
  const user = useSession((session) => session.user);
  if (!user?.impersonator) return null;
  return (
    <Box
      role="region"
      aria-label="Impersonation"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        px: 2,
        py: 1,
        bgcolor: '#7A2E0E',
        color: '#FFFFFF',
      }}
    >
      <VisibilityOutlined fontSize="small" aria-hidden="true" />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Viewing as {user.firstName} {user.lastName}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        onClick={() => {
          logout();
          void navigate(paths.auth.login.getHref(), { replace: true });
        }}
      >
        Stop viewing
      </Button>
    </Box>
  );
}
