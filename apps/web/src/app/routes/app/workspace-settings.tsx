import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { can } from '@tandem/contract';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { reloadProfile, useSession } from '@/lib/session/session-store';
import { workspacesQueryOptions } from '@/features/workspaces/api/get-workspaces';
import { useLeaveWorkspace } from '@/features/workspaces/api/leave-workspace';
import { GeneralSettings } from '@/features/workspaces/components/general-settings';
import { MembersSettings } from '@/features/workspaces/components/members-settings';
import { PublicLinksSettings } from '@/features/workspaces/components/public-links-settings';
import { SettingsSection } from '@/features/workspaces/components/settings-section';
import { SubscriptionSettings } from '@/features/workspaces/components/subscription-settings';
import { SlackSettings, slackPurpose } from '@/features/slack/components/slack-settings';

const tabs = [
  { value: 'general', label: 'General' },
  { value: 'members', label: 'Members' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'slack', label: 'Slack' },
] as const;
type TabValue = (typeof tabs)[number]['value'];

const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

/**
 * /workspaces/settings (seed §2, workflow layout; PRODUCT §3): tabs General, Members,
 * Subscription and Slack (issue #12; /slack/oauth/callback returns to ?tab=slack). The open tab is
 * the `tab` query parameter, so it survives a reload. What the member's type may not change
 * (PRODUCT §6) is read-only. General also holds the workspace's public-links switch (issue #9). The
 * theme is the person's own and lives on /account (issue #8); the old ?tab=appearance goes there.
 */
function WorkspaceSettingsRoute() {
  const baseId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  const workspaceCount = useSession((session) => session.user?.workspaces.length ?? 0);
  const leave = useLeaveWorkspace();
  if (!workspace || !member) return null;

  const requested = searchParams.get('tab');
  if (requested === 'appearance') return <Navigate to={paths.account.getHref()} replace />;
  const tab: TabValue = isTab(requested) ? requested : 'general';
  const type = member.workspaceMemberType;

  const handleTabChange = (value: TabValue) => {
    setSearchParams(value === 'general' ? {} : { tab: value }, { replace: true });
  };

  const handleLeave = async () => {
    const name = workspace.name;
    await leave.mutateAsync(workspace.id);
    await reloadProfile();
    void queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey });
    showToast(`You left ${name}.`, 'success');
    void navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <>
      <title>{`Settings · ${workspace.name} · Tandem`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Workspace settings
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {workspace.name}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 3, mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabValue) => handleTabChange(value)}
          aria-label="Settings sections"
          variant="scrollable"
          scrollButtons={false}
        >
          {tabs.map((item) => (
            <Tab
              key={item.value}
              value={item.value}
              label={item.label}
              id={`${baseId}-tab-${item.value}`}
              aria-controls={`${baseId}-panel-${item.value}`}
              sx={{ px: { xs: 1.25, sm: 2 }, minWidth: { xs: 0, sm: 90 } }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'general' && (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <GeneralSettings
              workspaceId={workspace.id}
              name={workspace.name}
              canRename={type !== undefined && can(type, 'renameWorkspace')}
            />
            <PublicLinksSettings workspaceId={workspace.id} canChange={type !== undefined && can(type, 'managePublicLinks')} />
          </Box>
        )}
        {tab === 'members' && (
          <MembersSettings
            workspaceId={workspace.id}
            workspaceName={workspace.name}
            me={{ memberId: member.id, workspaceMemberType: type }}
            canLeave={workspaceCount > 1}
            onLeave={handleLeave}
          />
        )}
        {tab === 'subscription' && (
          <SubscriptionSettings workspaceId={workspace.id} canChangePlan={type !== undefined && can(type, 'changePlan')} />
        )}
        {tab === 'slack' && (
          <SettingsSection title="Slack" description={slackPurpose}>
            <SlackSettings workspaceId={workspace.id} />
          </SettingsSection>
        )}
      </Box>
    </>
  );
}

export { WorkspaceSettingsRoute as Component };
