import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { describeRefusal } from '@tandem/contract';
import { useId } from 'react';
import { showToast } from '@/lib/toast-store';
import { usePublicLinkSettings } from '../api/get-public-link-settings';
import { useUpdatePublicLinkSettings } from '../api/update-public-link-settings';
import { SettingsSection } from './settings-section';

/** Props of {@link PublicLinksSettings}. */
export interface PublicLinksSettingsProps {
  workspaceId: string;
  /** OWNER or EXECUTIVE (PRODUCT §6 `managePublicLinks`); others see the state as text and why they cannot change it. */
  canChange: boolean;
}

/**
 * The "Public links" card of the General tab (issue #9; PRODUCT §2 PublicLink): one switch that
 * turns every share link of the workspace off at once (GET/PUT v1/workspaces/{id}/public-links).
 * Off stops the links without revoking them; on again revives those neither revoked nor expired.
 */
export function PublicLinksSettings({ workspaceId, canChange }: PublicLinksSettingsProps) {
  const stateId = useId();
  const settings = usePublicLinkSettings(workspaceId);
  const update = useUpdatePublicLinkSettings();

  const handleChange = (enabled: boolean) => {
    update.mutate(
      { workspaceId, body: { enabled } },
      {
        onSuccess: () =>
          showToast(enabled ? 'Public links are on.' : 'Public links are off. Every shared link stopped working.', 'success'),
      },
    );
  };

  const enabled = update.isPending ? update.variables.body.enabled : settings.data?.enabled;
  return (
    <SettingsSection
      title="Public links"
      description="Share links let people outside the workspace read a brief without signing in. Turning them off stops every link of this workspace at once; turning them back on revives the links that are neither revoked nor expired."
    >
      {settings.isPending ? (
        <Skeleton width={240} height={40} />
      ) : settings.isError ? (
        <Alert severity="error">We couldn't load this setting. Reload the page to try again.</Alert>
      ) : (
        <Box>
          {canChange ? (
            <FormControlLabel
              control={
                <Switch
                  checked={enabled ?? false}
                  onChange={(event) => handleChange(event.target.checked)}
                  disabled={update.isPending}
                  slotProps={{ input: { 'aria-describedby': stateId } }}
                />
              }
              label="Allow public links"
            />
          ) : (
            // Issue #8: no control a role can never use; the state as text.
            <Box component="dl" sx={{ m: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                Public links
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {enabled ? 'On' : 'Off'}
              </Typography>
            </Box>
          )}
          <Typography id={stateId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {enabled
              ? 'On: share links of briefs open for anyone who has them, until they expire or are revoked.'
              : 'Off: every share link of this workspace shows "This link is no longer active", and no new link can be made.'}
          </Typography>
          {!canChange && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {describeRefusal('managePublicLinks')}
            </Alert>
          )}
        </Box>
      )}
    </SettingsSection>
  );
}
