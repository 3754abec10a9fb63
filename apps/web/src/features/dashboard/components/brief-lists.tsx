import { can, type Dashboard, type WorkspaceMemberType } from '@tandem/contract';
import { BriefRows } from '@/features/briefs';

/**
 * The dashboard's brief lists (issue #9; contract DashboardSchema) and who sees each: briefs for
 * today (everyone; meetings of the viewer's day), awaiting your acknowledgement (the EXECUTIVE,
 * who acknowledges), needs more (those who edit briefs: a section the executive marked "need more").
 */
export const dashboardBriefLists = {
  briefsForToday: {
    title: 'Briefs for today',
    description: 'Meetings today, soonest first',
    label: 'Briefs for today',
    emptyText: 'No meetings with a brief today.',
    meeting: 'time',
    isShownTo: () => true,
  },
  awaitingAcknowledgement: {
    title: 'Awaiting your acknowledgement',
    description: 'Ready briefs you have not acknowledged yet',
    label: 'Briefs awaiting your acknowledgement',
    emptyText: 'Nothing waiting: every ready brief is acknowledged.',
    meeting: 'full',
    isShownTo: (type: WorkspaceMemberType) => can(type, 'acknowledgeBriefs'),
  },
  needsMore: {
    title: 'Needs more',
    description: 'Briefs with a section the executive marked “need more”',
    label: 'Briefs that need more',
    emptyText: 'No section is waiting for more.',
    meeting: 'full',
    isShownTo: (type: WorkspaceMemberType) => can(type, 'editBriefs'),
  },
} as const;

export type DashboardBriefList = keyof typeof dashboardBriefLists;

/** The brief lists `type` sees, in the dashboard's order. */
export function visibleBriefLists(type: WorkspaceMemberType): DashboardBriefList[] {
  return (Object.keys(dashboardBriefLists) as DashboardBriefList[]).filter((list) => dashboardBriefLists[list].isShownTo(type));
}

/** One of the dashboard's brief lists as rows linking to the briefs. */
export function DashboardBriefRows({ dashboard, list }: { dashboard: Dashboard; list: DashboardBriefList }) {
  const { label, emptyText, meeting } = dashboardBriefLists[list];
  return <BriefRows briefs={dashboard[list]} total={dashboard.totals[list]} label={label} emptyText={emptyText} meeting={meeting} />;
}
