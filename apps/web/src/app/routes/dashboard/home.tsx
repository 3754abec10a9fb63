import { useSession } from '@/features/auth/stores/session-store';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** /dashboard/home (seed §2, workflow layout, login required; PRODUCT §3): today at a glance, with charts. */
function DashboardHomeRoute() {
  const user = useSession((session) => session.user);
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!user || !workspace || !member) return null;
  return (
    <DashboardPage
      key={workspace.id}
      view="home"
      workspaceId={workspace.id}
      workspaceName={workspace.name}
      myMemberId={member.id}
      firstName={user.firstName}
    />
  );
}

export { DashboardHomeRoute as Component };
