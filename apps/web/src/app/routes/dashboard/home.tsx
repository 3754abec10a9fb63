import { CurrentDashboardPage } from '@/features/dashboard/components/dashboard-page';

/** /dashboard/home (seed §2, workflow layout, login required; PRODUCT §3): today at a glance, with charts. */
function DashboardHomeRoute() {
  return <CurrentDashboardPage view="home" />;
}

export { DashboardHomeRoute as Component };
