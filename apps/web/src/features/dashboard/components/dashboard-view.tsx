import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Dashboard, WorkspaceMemberType } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { DashboardBriefRows, dashboardBriefLists, visibleBriefLists } from './brief-lists';
import { CreatedDoneChart } from './created-done-chart';
import { DashboardSection } from './dashboard-section';
import { OpenByAssigneeChart } from './open-by-assignee-chart';
import { DashboardQuestionRows, dashboardQuestionLists, visibleQuestionLists } from './question-lists';
import { RecentActivity } from './recent-activity';
import { DashboardTaskList } from './task-rows';

/** Props of {@link DashboardView}. */
export interface DashboardViewProps {
  dashboard: Dashboard;
  workspaceId: string;
  myMemberId: string;
  /** Which brief lists show (issue #9): awaiting acknowledgement for the executive, needs more for editors. */
  memberType: WorkspaceMemberType;
}

const sectionLink = (href: string, label: string) => (
  <Link component={RouterLink} to={href} variant="body2">
    {label}
  </Link>
);

/**
 * /dashboard/home's "today at a glance" (PRODUCT §3): briefs for today, awaiting your
 * acknowledgement (executive) and needs more (editors) (issue #9), due today & overdue (with the
 * overdue tasks nobody is assigned to, issue #8), waiting on others (most urgent first), the two
 * charts and recent activity, in a two-column grid on wide screens and one column on phones.
 * Question requests add "Waiting on" and "New answers" (issue #10) for those who see questions.
 */
export function DashboardView({ dashboard, workspaceId, myMemberId, memberType }: DashboardViewProps) {
  const { today, totals } = dashboard;
  const hasNothingDue = dashboard.dueToday.length === 0 && dashboard.overdue.length === 0;
  const hasUnassignedOverdue = dashboard.overdueUnassigned.length > 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {visibleBriefLists(memberType).map((list) => (
        <DashboardSection
          key={list}
          title={dashboardBriefLists[list].title}
          description={dashboardBriefLists[list].description}
          action={list === 'briefsForToday' ? sectionLink(paths.briefs.list.getHref(), 'All briefs') : undefined}
        >
          <DashboardBriefRows dashboard={dashboard} list={list} />
        </DashboardSection>
      ))}
      <DashboardSection
        title="Due today & overdue"
        description={hasUnassignedOverdue ? 'Tasks assigned to you, and overdue ones nobody has' : 'Tasks assigned to you'}
        action={sectionLink(paths.tasks.list.getHref('mine=1'), 'All my tasks')}
      >
        {hasNothingDue && !hasUnassignedOverdue ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            Nothing due today, and nothing overdue.
          </Typography>
        ) : (
          <>
            {dashboard.overdue.length > 0 && (
              <Box sx={{ mb: 2 }}>
                <Typography variant="h3" sx={{ fontSize: '0.9375rem', color: 'error.main', mb: 0.5 }}>
                  Overdue ({totals.overdue})
                </Typography>
                <DashboardTaskList dashboard={dashboard} list="overdue" myMemberId={myMemberId} />
              </Box>
            )}
            {/* Nobody's list shows these otherwise (issue #8); only when there are any. */}
            {hasUnassignedOverdue && (
              <Box sx={{ mb: 2 }}>
                <Typography variant="h3" sx={{ fontSize: '0.9375rem', color: 'error.main', mb: 0.5 }}>
                  Overdue, nobody assigned ({totals.overdueUnassigned})
                </Typography>
                <DashboardTaskList dashboard={dashboard} list="overdueUnassigned" myMemberId={myMemberId} />
              </Box>
            )}
            <Typography variant="h3" sx={{ fontSize: '0.9375rem', mb: 0.5 }}>
              Due today ({totals.dueToday})
            </Typography>
            <DashboardTaskList dashboard={dashboard} list="dueToday" myMemberId={myMemberId} />
          </>
        )}
      </DashboardSection>

      <DashboardSection
        title="Waiting on others"
        description="Tasks you delegated that are not done yet, most urgent first"
        action={sectionLink(paths.tasks.list.getHref('delegated=1'), 'All delegated')}
      >
        <DashboardTaskList dashboard={dashboard} list="delegatedWaiting" myMemberId={myMemberId} />
      </DashboardSection>

      {visibleQuestionLists(memberType).map((list) => (
        <DashboardSection
          key={list}
          title={dashboardQuestionLists[list].title}
          description={dashboardQuestionLists[list].description}
          action={list === 'waitingOn' ? sectionLink(paths.questions.hub.getHref(), 'All questions') : undefined}
        >
          <DashboardQuestionRows dashboard={dashboard} list={list} />
        </DashboardSection>
      ))}

      <DashboardSection title="Tasks created vs done" description="Per week, the last 8 weeks">
        <CreatedDoneChart weeks={dashboard.createdVsDone} today={today} title="Tasks created vs done per week" />
      </DashboardSection>

      <DashboardSection title="Open tasks by assignee" description="Tasks not done yet">
        <OpenByAssigneeChart rows={dashboard.openByAssignee} title="Open tasks by assignee" />
      </DashboardSection>

      <DashboardSection title="Recent activity" isWide>
        <RecentActivity workspaceId={workspaceId} label="Recent activity" />
      </DashboardSection>
    </Box>
  );
}
