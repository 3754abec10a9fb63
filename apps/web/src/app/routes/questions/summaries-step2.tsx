import { useSearchParams } from 'react-router';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { PageMessage } from '@/components/ui/screen-states';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import { SummaryReview } from '@/features/summaries/components/summary-review';

/** /questions/summaries/step2?id= (issue #11, step 2): review the generated draft. Writers only. */
function SummariesStep2Route() {
  const access = useQuestionsAccess();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!access) return null;
  if (!access.canEdit) return <NoQuestionsAccess isReader={access.canView} />;
  if (!id) return <PageMessage title="No draft chosen">Start a new summary from the summaries list.</PageMessage>;
  return <SummaryReview key={`${access.workspaceId}:${id}`} workspaceId={access.workspaceId} summaryId={id} />;
}

export { SummariesStep2Route as Component };
