import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useQuestionRequests } from '@/features/questions/api/get-question-requests';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { RequestRows } from '@/features/questions/components/request-rows';
import { RequestsToolbar } from '@/features/questions/components/requests-toolbar';
import { LoadError, LoadingRows } from '@/components/ui/screen-states';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import {
  DEFAULT_REQUEST_FILTERS,
  hasActiveRequestFilters,
  parseRequestFilters,
  toRequestListParams,
  writeRequestFilters,
  type RequestFilters,
} from '@/features/questions/utils/request-filters';

/**
 * /questions/list (issue #10): every request of the workspace, filtered by status and title
 * search, sorted by last change, due date or title, all kept in the URL; "Load more" follows
 * nextCursor.
 */
function QuestionRequestListRoute() {
  const access = useQuestionsAccess();
  if (!access) return null;
  if (!access.canView) return <NoQuestionsAccess />;
  return (
    <RequestListScreen
      key={access.workspaceId}
      workspaceId={access.workspaceId}
      workspaceName={access.workspaceName}
      canEdit={access.canEdit}
    />
  );
}

function RequestListScreen({ workspaceId, workspaceName, canEdit }: { workspaceId: string; workspaceName: string; canEdit: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseRequestFilters(searchParams), [searchParams]);
  const requests = useQuestionRequests(
    workspaceId,
    useMemo(() => toRequestListParams(filters), [filters]),
  );
  const items = useMemo(() => requests.data?.pages.flatMap((page) => page.items) ?? [], [requests.data]);
  // A second filter change made before the URL caught up builds on the first (as the briefs list).
  const pendingFilters = useRef<RequestFilters | null>(null);
  useEffect(() => {
    pendingFilters.current = null;
  }, [filters]);
  const handleFiltersChange = useCallback(
    (changes: Partial<RequestFilters>) => {
      const next = { ...(pendingFilters.current ?? filters), ...changes };
      pendingFilters.current = next;
      setSearchParams((current) => writeRequestFilters(next, current), { replace: true });
    },
    [filters, setSearchParams],
  );
  const isFiltered = hasActiveRequestFilters(filters);
  return (
    <>
      <title>{`All requests · ${workspaceName} · Tandem`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            All requests
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>
            Drafts, requests waiting for answers, and closed ones.
          </Typography>
        </Box>
        <Button component={RouterLink} to={paths.questions.legacy.getHref()} variant="outlined">
          Archive
        </Button>
        {canEdit && (
          <Button component={RouterLink} to={paths.questions.new.getHref()} variant="contained" startIcon={<Add />}>
            New request
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <RequestsToolbar filters={filters} onChange={handleFiltersChange} />
        <Box aria-busy={requests.isFetching && !requests.isFetchingNextPage}>
          {requests.isPending ? (
            <LoadingRows label="Loading requests" />
          ) : requests.isError ? (
            <LoadError message="The requests could not be loaded." onRetry={() => void requests.refetch()} />
          ) : (
            <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
              <RequestRows
                requests={items}
                label="Requests"
                emptyText={isFiltered ? 'No request matches these filters.' : 'No requests yet.'}
              />
              {items.length === 0 && isFiltered && (
                <Button sx={{ mt: 1 }} onClick={() => handleFiltersChange(DEFAULT_REQUEST_FILTERS)}>
                  Clear filters
                </Button>
              )}
              {requests.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                  <Button variant="outlined" loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
                    Load more
                  </Button>
                </Box>
              )}
            </Card>
          )}
        </Box>
      </Box>
    </>
  );
}

export { QuestionRequestListRoute as Component };
