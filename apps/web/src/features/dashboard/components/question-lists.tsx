import { can, type Dashboard, type WorkspaceMemberType } from '@tandem/contract';
import { NewAnswerRows, WaitingOnRows } from '@/features/questions';

/**
 * The dashboard's question lists (issue #10; contract DashboardSchema `waitingOn`, `newAnswers`):
 * people who owe answers (oldest request first) and who answered in the last 7 days. Shown to
 * those who may see questions (PRODUCT §6 viewQuestions: not GUESTs).
 */
export const dashboardQuestionLists = {
  waitingOn: {
    title: 'Waiting on',
    description: 'People who owe answers, oldest request first',
    label: 'People who owe answers',
    emptyText: 'No one owes answers right now.',
  },
  newAnswers: {
    title: 'New answers',
    description: 'Answers from the last 7 days, newest first',
    label: 'New answers',
    emptyText: 'No new answers this week.',
  },
} as const;

export type DashboardQuestionList = keyof typeof dashboardQuestionLists;

/** The question lists `type` sees: both, or none for a GUEST. */
export function visibleQuestionLists(type: WorkspaceMemberType): DashboardQuestionList[] {
  return can(type, 'viewQuestions') ? ['waitingOn', 'newAnswers'] : [];
}

/** One of the dashboard's question lists as rows linking to the requests and people. */
export function DashboardQuestionRows({ dashboard, list }: { dashboard: Dashboard; list: DashboardQuestionList }) {
  const { label, emptyText } = dashboardQuestionLists[list];
  return list === 'waitingOn' ? (
    <WaitingOnRows rows={dashboard.waitingOn} total={dashboard.totals.waitingOn} label={label} emptyText={emptyText} />
  ) : (
    <NewAnswerRows rows={dashboard.newAnswers} total={dashboard.totals.newAnswers} label={label} emptyText={emptyText} />
  );
}
