import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import { SummaryScopeFormView } from '@/features/summaries/components/summary-scope-form';

/**
 * /questions/summaries/new (issue #11, step 1): choose what the summary covers and generate it.
 * `?requestId=` preselects a request. Writers only (PRODUCT §6): a USER reads, a GUEST sees nothing.
 */
function SummariesNewRoute() {
  const access = useQuestionsAccess();
  const [searchParams] = useSearchParams();
  if (!access) return null;
  if (!access.canEdit) return <NoQuestionsAccess isReader={access.canView} />;
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', display: 'grid', gap: 2 }}>
      <title>{`New summary · ${access.workspaceName} · Tandem`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        New summary
      </Typography>
      <Typography color="text.secondary">
        Step 1 of 2: choose the answers to summarise. You review every point and its sources before anything is shared.
      </Typography>
      <SummaryScopeFormView key={access.workspaceId} workspaceId={access.workspaceId} initialRequestId={searchParams.get('requestId')} />
    </Box>
  );
}

export { SummariesNewRoute as Component };
