import { WelcomeCard } from '@/features/home/components/welcome-card';
import { useSession } from '@/features/auth/stores/session-store';

/** / (seed §2, login required): the welcome card of the signed-in home. */
function HomeRoute() {
  const user = useSession((session) => session.user);
  const workspace = useSession((session) => session.workspace);
  const subscription = useSession((session) => session.subscription);
  if (!user || !workspace) return null;
  return (
    <>
      <title>{`${workspace.name} · Tandem`}</title>
      <WelcomeCard firstName={user.firstName} workspaceName={workspace.name} subscription={subscription} />
    </>
  );
}

export { HomeRoute as Component };
