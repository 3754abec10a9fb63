import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Fragment, useId, type ReactNode } from 'react';
import type { Dashboard, WorkspaceMemberType } from '@tandem/contract';
import { DashboardBriefRows, dashboardBriefLists, visibleBriefLists } from './brief-lists';
import { DashboardQuestionRows, dashboardQuestionLists, visibleQuestionLists } from './question-lists';
import { formatAssignee, formatWeek } from '../utils/chart-summaries';
import { RecentActivity } from './recent-activity';
import { DashboardTaskList } from './task-rows';

/** Props of {@link DashboardPlainView}. */
export interface DashboardPlainViewProps {
  dashboard: Dashboard;
  workspaceId: string;
  myMemberId: string;
  /** Which brief lists show (issue #9), as on /dashboard/home. */
  memberType: WorkspaceMemberType;
}

function PlainSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: { xs: 2, sm: 2.5 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const plainListSx = { m: 0, pl: 2.5, '& li': { py: 0.25 } } as const;

/**
 * /dashboard/old (PRODUCT §3): the same data as /dashboard/home (the brief lists of issue #9 and the question lists of issue #10 included) as plain lists in one column as
 * wide as the layout's content (issue #8), no charts, for those who prefer it. The chart numbers
 * are written out as lists.
 */
export function DashboardPlainView({ dashboard, workspaceId, myMemberId, memberType }: DashboardPlainViewProps) {
  const { today, totals } = dashboard;
  const sections: { id: string; title: string; content: ReactNode }[] = [
    ...visibleBriefLists(memberType).map((list) => ({
      id: list,
      title: `${dashboardBriefLists[list].title} (${totals[list]})`,
      content: <DashboardBriefRows dashboard={dashboard} list={list} />,
    })),
    {
      id: 'overdue',
      title: `Overdue (${totals.overdue})`,
      content: <DashboardTaskList dashboard={dashboard} list="overdue" myMemberId={myMemberId} />,
    },
    {
      id: 'overdue-unassigned',
      title: `Overdue, nobody assigned (${totals.overdueUnassigned})`,
      content: <DashboardTaskList dashboard={dashboard} list="overdueUnassigned" myMemberId={myMemberId} />,
    },
    {
      id: 'due-today',
      title: `Due today (${totals.dueToday})`,
      content: <DashboardTaskList dashboard={dashboard} list="dueToday" myMemberId={myMemberId} />,
    },
    {
      id: 'waiting',
      title: `Waiting on others (${totals.delegatedWaiting})`,
      content: <DashboardTaskList dashboard={dashboard} list="delegatedWaiting" myMemberId={myMemberId} />,
    },
    ...visibleQuestionLists(memberType).map((list) => ({
      id: list,
      title: `${dashboardQuestionLists[list].title} (${totals[list]})`,
      content: <DashboardQuestionRows dashboard={dashboard} list={list} />,
    })),
    {
      id: 'created-vs-done',
      title: 'Tasks created vs done per week',
      content: (
        <Box component="ul" aria-label="Tasks created vs done per week" sx={plainListSx}>
          {[...dashboard.createdVsDone].reverse().map((week) => (
            <li key={week.weekStart}>
              {formatWeek(week.weekStart, today)}: {week.created} created, {week.done} done
            </li>
          ))}
        </Box>
      ),
    },
    {
      id: 'open-by-assignee',
      title: 'Open tasks by assignee',
      content:
        dashboard.openByAssignee.length === 0 ? (
          <Typography color="text.secondary">No open tasks.</Typography>
        ) : (
          <Box component="ul" aria-label="Open tasks by assignee" sx={plainListSx}>
            {dashboard.openByAssignee.map((row) => (
              <li key={row.memberId ?? 'unassigned'}>
                {formatAssignee(row)}: {row.open} open
              </li>
            ))}
          </Box>
        ),
    },
    { id: 'activity', title: 'Recent activity', content: <RecentActivity workspaceId={workspaceId} label="Recent activity" /> },
  ];
  return (
    <Card sx={{ px: { xs: 2, sm: 4 }, py: 1 }}>
      {sections.map((section, index) => (
        <Fragment key={section.id}>
          {index > 0 && <Divider />}
          <PlainSection title={section.title}>{section.content}</PlainSection>
        </Fragment>
      ))}
    </Card>
  );
}
