import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppearanceSettings } from '@/features/auth/components/appearance-settings';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { ProfileSettings } from '@/features/auth/components/profile-settings';
import { useSession } from '@/lib/session/session-store';

/**
 * /account (issue #8; the account menu's "Profile"): the signed-in person's own settings, the
 * same in every workspace — their name and email (Profile), their theme (Appearance, "Match
 * system" by default) and their password (not while a platform admin views as them: PRODUCT §5
 * refuses it). Saving the name refreshes the member lists that show it.
 */
function AccountRoute() {
  const passwordHeadingId = useId();
  const queryClient = useQueryClient();
  const user = useSession((session) => session.user);
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  if (!user) return null;
  const isImpersonated = user.impersonator !== null;

  return (
    <>
      <title>Your account · Tandem</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Your account
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Your own settings, the same in every workspace.
      </Typography>
      <Stack spacing={3}>
        <ProfileSettings onSaved={() => void queryClient.invalidateQueries({ queryKey: ['workspaces'] })} />
        <AppearanceSettings />
        {!isImpersonated && (
          <Card component="section" aria-labelledby={passwordHeadingId} sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography id={passwordHeadingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
                  Password
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  Changing it signs you out everywhere else.
                </Typography>
              </Box>
              <Button variant="outlined" startIcon={<LockOutlined />} onClick={() => setIsChangingPassword(true)}>
                Change password
              </Button>
            </Box>
            <ChangePasswordDialog open={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
          </Card>
        )}
      </Stack>
    </>
  );
}

export { AccountRoute as Component };
