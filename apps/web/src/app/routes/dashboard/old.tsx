import { CurrentDashboardPage } from '@/features/dashboard/components/dashboard-page';

/** /dashboard/old (seed §2, workflow layout, login required; PRODUCT §3): the same data as plain lists, no charts. */
function DashboardOldRoute() {
  return <CurrentDashboardPage view="old" />;
}

export { DashboardOldRoute as Component };
