import { useParams } from 'react-router';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import { SummaryDetailScreen } from '@/features/summaries/components/summary-detail';

/**
 * /questions/summaries/{id} (issue #11): one summary — read, edit, publish, update. Writers edit;
 * a USER reads; a GUEST sees the questions' "no access" page.
 */
function SummaryRoute() {
  const access = useQuestionsAccess();
  const { id = '' } = useParams();
  if (!access) return null;
  if (!access.canView) return <NoQuestionsAccess />;
  return (
    <SummaryDetailScreen key={`${access.workspaceId}:${id}`} workspaceId={access.workspaceId} summaryId={id} canEdit={access.canEdit} />
  );
}

export { SummaryRoute as Component };
