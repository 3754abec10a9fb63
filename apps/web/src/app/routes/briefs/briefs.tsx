import Add from '@mui/icons-material/Add';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Brief, BriefTemplate } from '@tandem/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { useSession } from '@/lib/session/session-store';
import { useCreateBrief } from '@/features/briefs/api/create-brief';
import { useBriefTemplates } from '@/features/briefs/api/get-brief-templates';
import { useBriefs } from '@/features/briefs/api/get-briefs';
import { usePrewarmedMeetingTimes } from '@/features/briefs/hooks/use-prewarmed-meeting-times';
import { BriefRows } from '@/features/briefs/components/brief-rows';
import { BriefsToolbar } from '@/features/briefs/components/briefs-toolbar';
import { EmptyBriefs } from '@/features/briefs/components/empty-briefs';
import { onIntent } from '@/lib/lazy-with-preload';
import { preloadMeetingFields } from '@/features/briefs/components/meeting-fields';
import { NewBriefDialog } from '@/features/briefs/components/new-brief-dialog';
import {
  DEFAULT_BRIEF_FILTERS,
  hasActiveBriefFilters,
  parseBriefFilters,
  toBriefListParams,
  toTodayListParams,
  writeBriefFilters,
  type BriefFilters,
} from '@/features/briefs/utils/brief-filters';
import { canCreateBriefs } from '@/features/briefs/utils/brief-permissions';
import { formatLocalToday, getBrowserTimeZone } from '@/features/briefs/utils/meeting-time';

/**
 * /executive-briefs (seed §2, PRODUCT §3; issue #9): the briefs of the workspace, today's meetings
 * first (a "Today" group in the viewer's time zone), then the rest by last change; status and title
 * filters kept in the URL; "Load more" through nextCursor. Editors get "New brief" (a dialog) and
 * "Templates"; an empty workspace offers the templates. USERs and GUESTs read only (a GUEST sees
 * READY and ACKNOWLEDGED briefs only — the server narrows the list).
 */
function BriefsRoute() {
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  return (
    <BriefsScreen
      key={workspace.id}
      workspaceId={workspace.id}
      workspaceName={workspace.name}
      canCreate={canCreateBriefs(member.workspaceMemberType)}
    />
  );
}

interface BriefsScreenProps {
  workspaceId: string;
  workspaceName: string;
  canCreate: boolean;
}

function BriefsScreen({ workspaceId, workspaceName, canCreate }: BriefsScreenProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseBriefFilters(searchParams), [searchParams]);
  const today = formatLocalToday();
  const timeZone = getBrowserTimeZone();
  const todayBriefs = useBriefs(
    workspaceId,
    useMemo(() => toTodayListParams(filters, today, timeZone), [filters, today, timeZone]),
  );
  const briefs = useBriefs(
    workspaceId,
    useMemo(() => toBriefListParams(filters), [filters]),
  );
  usePrewarmedMeetingTimes();
  const templates = useBriefTemplates(workspaceId, { enabled: canCreate });
  const [isCreating, setCreating] = useState(false);
  const [pendingChoice, setPendingChoice] = useState<string | null>(null);
  const create = useCreateBrief();

  const todayItems = useMemo(() => todayBriefs.data?.pages.flatMap((page) => page.items) ?? [], [todayBriefs.data]);
  const todayIds = useMemo(() => new Set(todayItems.map((brief) => brief.id)), [todayItems]);
  // Today's briefs show once, in their group.
  const restItems = useMemo(
    () => (briefs.data?.pages.flatMap((page) => page.items) ?? []).filter((brief) => !todayIds.has(brief.id)),
    [briefs.data, todayIds],
  );

  // A second filter change made before the URL caught up builds on the first (as /tasks does).
  const pendingFilters = useRef<BriefFilters | null>(null);
  useEffect(() => {
    pendingFilters.current = null;
  }, [filters]);
  const handleFiltersChange = useCallback(
    (changes: Partial<BriefFilters>) => {
      const next = { ...(pendingFilters.current ?? filters), ...changes };
      pendingFilters.current = next;
      setSearchParams((current) => writeBriefFilters(next, current), { replace: true });
    },
    [filters, setSearchParams],
  );

  const openBrief = (brief: Brief) => void navigate(paths.briefs.detail.getHref(brief.id));
  const createFrom = (choice: BriefTemplate | 'blank') => {
    setPendingChoice(choice === 'blank' ? 'blank' : choice.id);
    create.mutate(
      { workspaceId, body: choice === 'blank' ? { title: 'Untitled brief' } : { title: choice.name, templateId: choice.id } },
      {
        onSuccess: (brief) => {
          showToast(`“${brief.title}” was created.`, 'success');
          openBrief(brief);
        },
        onSettled: () => setPendingChoice(null),
      },
    );
  };

  const isEmpty = !briefs.isPending && !todayBriefs.isPending && todayItems.length === 0 && restItems.length === 0;
  return (
    <>
      <title>{`Briefs · ${workspaceName} · Tandem`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: { xs: '1 1 0', sm: '1 1 240px' }, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Briefs
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>
            What the executive needs to know before each meeting.
          </Typography>
        </Box>
        {canCreate && (
          <>
            <Button component={RouterLink} to={paths.briefs.templates.new.getHref()} variant="outlined" startIcon={<ViewQuiltOutlined />}>
              Templates
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} {...onIntent(preloadMeetingFields)}>
              New brief
            </Button>
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <BriefsToolbar filters={filters} onChange={handleFiltersChange} />
        <Box aria-busy={briefs.isFetching && !briefs.isFetchingNextPage}>
          {briefs.isPending || todayBriefs.isPending ? (
            <Box role="status" aria-label="Loading briefs">
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} variant="rounded" height={68} sx={{ mb: 1 }} />
              ))}
            </Box>
          ) : briefs.isError ? (
            <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                The briefs could not be loaded.
              </Typography>
              <Button variant="outlined" onClick={() => void Promise.all([briefs.refetch(), todayBriefs.refetch()])}>
                Try again
              </Button>
            </Card>
          ) : isEmpty ? (
            <EmptyBriefs
              isFiltered={hasActiveBriefFilters(filters)}
              canCreate={canCreate}
              templates={templates.data ?? []}
              isLoadingTemplates={templates.isPending}
              pendingChoice={pendingChoice}
              onChooseTemplate={createFrom}
              onBlank={() => createFrom('blank')}
              onClearFilters={() => handleFiltersChange(DEFAULT_BRIEF_FILTERS)}
            />
          ) : (
            <Box sx={{ display: 'grid', gap: 3 }}>
              {todayItems.length > 0 && (
                <Card component="section" aria-labelledby="briefs-today" sx={{ p: { xs: 2, sm: 3 } }}>
                  <Typography id="briefs-today" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                    Today
                  </Typography>
                  <BriefRows briefs={todayItems} label="Briefs for today" emptyText="" meeting="time" />
                </Card>
              )}
              <Card component="section" aria-labelledby="briefs-all" sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography id="briefs-all" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                  {todayItems.length > 0 ? 'Other briefs' : 'All briefs'}
                </Typography>
                <BriefRows briefs={restItems} label={todayItems.length > 0 ? 'Other briefs' : 'All briefs'} emptyText="No other briefs." />
                {briefs.hasNextPage && (
                  <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                    <Button variant="outlined" loading={briefs.isFetchingNextPage} onClick={() => void briefs.fetchNextPage()}>
                      Load more
                    </Button>
                  </Box>
                )}
              </Card>
            </Box>
          )}
        </Box>
      </Box>
      {canCreate && (
        <NewBriefDialog
          open={isCreating}
          workspaceId={workspaceId}
          templates={templates.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={(brief) => {
            setCreating(false);
            openBrief(brief);
          }}
        />
      )}
    </>
  );
}

export { BriefsRoute as Component };
