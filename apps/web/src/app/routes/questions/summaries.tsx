import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { summaryStatuses, summaryStatusLabels } from '@tandem/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SearchField } from '@/components/ui/search-field';
import { paths } from '@/config/paths';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { LoadError, LoadingRows } from '@/components/ui/screen-states';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import { useSummaries } from '@/features/summaries/api/get-summaries';
import { SummaryRows } from '@/features/summaries/components/summary-rows';
import {
  DEFAULT_SUMMARY_FILTERS,
  hasActiveSummaryFilters,
  parseSummaryFilters,
  toSummaryListParams,
  writeSummaryFilters,
  type SummaryFilters,
} from '@/features/summaries/utils/summary-filters';

/**
 * /questions/summaries (issue #11): every summary of the workspace with its status, scope and
 * freshness, filtered by status and title search (kept in the URL); "Load more" follows nextCursor.
 * A USER reads only; a GUEST sees the questions' "no access" page.
 */
function SummariesRoute() {
  const access = useQuestionsAccess();
  if (!access) return null;
  if (!access.canView) return <NoQuestionsAccess />;
  return (
    <SummaryListScreen
      key={access.workspaceId}
      workspaceId={access.workspaceId}
      workspaceName={access.workspaceName}
      canEdit={access.canEdit}
    />
  );
}

function SummaryListScreen({ workspaceId, workspaceName, canEdit }: { workspaceId: string; workspaceName: string; canEdit: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseSummaryFilters(searchParams), [searchParams]);
  const summaries = useSummaries(
    workspaceId,
    useMemo(() => toSummaryListParams(filters), [filters]),
  );
  const items = useMemo(() => summaries.data?.pages.flatMap((page) => page.items) ?? [], [summaries.data]);
  // A second filter change made before the URL caught up builds on the first (as the requests list).
  const pendingFilters = useRef<SummaryFilters | null>(null);
  useEffect(() => {
    pendingFilters.current = null;
  }, [filters]);
  const handleFiltersChange = useCallback(
    (changes: Partial<SummaryFilters>) => {
      const next = { ...(pendingFilters.current ?? filters), ...changes };
      pendingFilters.current = next;
      setSearchParams((current) => writeSummaryFilters(next, current), { replace: true });
    },
    [filters, setSearchParams],
  );
  const isFiltered = hasActiveSummaryFilters(filters);
  const newButton = canEdit && (
    <Button component={RouterLink} to={paths.questions.summaries.new.getHref()} variant="contained" startIcon={<Add />}>
      New summary
    </Button>
  );
  return (
    <>
      <title>{`Summaries · ${workspaceName} · Tandem`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Summaries
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>
            What people answered, with every point traced to its answers.
          </Typography>
        </Box>
        {newButton}
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <SearchField
            label="Search titles"
            query={filters.q}
            onSearch={(q) => handleFiltersChange({ q })}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
          />
          <Box role="group" aria-label="Status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {summaryStatuses.map((status) => {
              const isOn = filters.statuses.includes(status);
              return (
                <Chip
                  key={status}
                  label={summaryStatusLabels[status]}
                  clickable
                  onClick={() =>
                    handleFiltersChange({
                      statuses: isOn ? filters.statuses.filter((item) => item !== status) : [...filters.statuses, status],
                    })
                  }
                  aria-pressed={isOn}
                  color={isOn ? 'primary' : 'default'}
                  variant={isOn ? 'filled' : 'outlined'}
                  icon={isOn ? <Check aria-hidden /> : undefined}
                  sx={{ fontWeight: 600 }}
                />
              );
            })}
          </Box>
        </Box>
        <Box aria-busy={summaries.isFetching && !summaries.isFetchingNextPage}>
          {summaries.isPending ? (
            <LoadingRows label="Loading summaries" />
          ) : summaries.isError ? (
            <LoadError message="The summaries could not be loaded." onRetry={() => void summaries.refetch()} />
          ) : (
            <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
              <SummaryRows summaries={items} emptyText={isFiltered ? 'No summary matches these filters.' : 'No summaries yet.'} />
              {items.length === 0 && isFiltered && (
                <Button sx={{ mt: 1 }} onClick={() => handleFiltersChange(DEFAULT_SUMMARY_FILTERS)}>
                  Clear filters
                </Button>
              )}
              {items.length === 0 && !isFiltered && newButton && <Box sx={{ mt: 2 }}>{newButton}</Box>}
              {summaries.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                  <Button variant="outlined" loading={summaries.isFetchingNextPage} onClick={() => void summaries.fetchNextPage()}>
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

export { SummariesRoute as Component };
