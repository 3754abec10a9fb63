import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useQuestionRequests } from '@/features/questions/api/get-question-requests';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { RequestRows } from '@/features/questions/components/request-rows';
import { RequestsToolbar } from '@/features/questions/components/requests-toolbar';
import { LoadError, LoadingRows } from '@/components/ui/screen-states';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import {
  parseRequestFilters,
  toRequestListParams,
  writeRequestFilters,
  type RequestFilters,
} from '@/features/questions/utils/request-filters';

/**
 * /questions/legacy (issue #10): the archive of CLOSED requests, read-only, newest change first;
 * a title search kept in the URL; "Load more" follows nextCursor. Each opens its read-only detail.
 */
function QuestionArchiveRoute() {
  const access = useQuestionsAccess();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo<RequestFilters>(
    () => ({ ...parseRequestFilters(searchParams), statuses: ['CLOSED'], sort: 'updatedAt' }),
    [searchParams],
  );
  const requests = useQuestionRequests(
    access?.workspaceId ?? '',
    useMemo(() => toRequestListParams(filters), [filters]),
    { enabled: Boolean(access?.canView) },
  );
  const handleChange = useCallback(
    (changes: Partial<RequestFilters>) =>
      setSearchParams((current) => writeRequestFilters({ statuses: [], sort: 'updatedAt', q: changes.q ?? filters.q }, current), {
        replace: true,
      }),
    [filters.q, setSearchParams],
  );
  if (!access) return null;
  if (!access.canView) return <NoQuestionsAccess />;
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <title>{`Archive · Questions · ${access.workspaceName} · Tandem`}</title>
      <Box sx={{ mb: { xs: 2, sm: 3 } }}>
        <Link
          component={RouterLink}
          to={paths.questions.hub.getHref()}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBack fontSize="inherit" aria-hidden="true" /> Questions
        </Link>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          Archive
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Closed requests. Their answers are read-only.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <RequestsToolbar filters={filters} onChange={handleChange} searchOnly />
        {requests.isPending ? (
          <LoadingRows label="Loading closed requests" />
        ) : requests.isError ? (
          <LoadError message="The archive could not be loaded." onRetry={() => void requests.refetch()} />
        ) : (
          <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
            <RequestRows
              requests={items}
              label="Closed requests"
              emptyText={filters.q ? 'No closed request matches this search.' : 'No closed requests yet.'}
            />
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
    </>
  );
}

export { QuestionArchiveRoute as Component };
