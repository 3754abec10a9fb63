import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { WorkspaceMemberType } from '@tandem/contract';
import { Suspense, useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { DeferredFirstRender } from '@/components/ui/deferred-first-render';
import { preloadMarkdown } from '@/components/ui/lazy-markdown';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session/session-store';
import { prefetchMembers, useMembers } from '@/features/workspaces';
import { useBrief } from '@/features/briefs/api/get-brief';
import { usePrewarmedMeetingTimes } from '@/features/briefs/hooks/use-prewarmed-meeting-times';
import { BriefModeToggle } from '@/features/briefs/components/brief-mode-toggle';
import { BriefReader } from '@/features/briefs/components/brief-reader';
import { LazyBriefEditor } from '@/features/briefs/components/lazy-brief-editor';
import { BRIEF_MODE_PARAM, resolveBriefMode, withBriefMode } from '@/features/briefs/utils/brief-mode';
import { getBriefAbilities } from '@/features/briefs/utils/brief-permissions';

/**
 * /executive-briefs/{id} (seed §2, PRODUCT §3; issue #9): the brief rendered for reading and marking,
 * or the brief editor. The EXECUTIVE reads by default, OWNERs and EXECUTIVEASSISTANTs edit by default;
 * all three switch with the Read / Edit toggle, kept in the URL (`?mode=edit`, `?mode=read`) so a
 * reload keeps it. USERs and GUESTs only read (PRODUCT §6). A brief that does not exist, is in
 * another workspace or is not visible is one "not found" (404). The editor's code loads with the
 * first edit mode shown (issue #13).
 */
function BriefRoute() {
  const { id = '' } = useParams();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  return (
    <BriefScreen
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      briefId={id}
      member={{ id: member.id, type: member.workspaceMemberType }}
    />
  );
}

interface BriefScreenProps {
  workspaceId: string;
  briefId: string;
  member: { id: string; type: WorkspaceMemberType };
}

function BriefScreen({ workspaceId, briefId, member }: BriefScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = resolveBriefMode(member.type, searchParams.get(BRIEF_MODE_PARAM));
  const brief = useBrief(workspaceId, briefId);
  usePrewarmedMeetingTimes();
  // The sections' renderer loads with the brief, not after it: no skeletons that grow when it comes.
  useEffect(preloadMarkdown, []);
  // The editor lists the members (attendees); the read view does not wait for them or render again when they come.
  const members = useMembers(workspaceId, { enabled: mode === 'edit' });
  if (!brief.data) {
    if (brief.isError && !brief.data) {
      const isGone = isApiError(brief.error) && (brief.error.status === 404 || brief.error.status === 400);
      return (
        <Box sx={{ maxWidth: 760, mx: 'auto' }}>
          <title>Brief not found · Tandem</title>
          <Alert
            severity={isGone ? 'info' : 'warning'}
            action={
              isGone ? undefined : (
                <Button color="inherit" onClick={() => void brief.refetch()}>
                  Try again
                </Button>
              )
            }
          >
            {isGone ? 'This brief does not exist, or you cannot see it.' : 'The brief could not be loaded.'}
          </Alert>
          <Button component={RouterLink} to={paths.briefs.list.getHref()} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
            All briefs
          </Button>
        </Box>
      );
    }
    return <BriefSkeleton />;
  }
  const abilities = getBriefAbilities(member.type, brief.data);
  // Deleted while open (its live event refetched it): the page keeps what it shows, and says so.
  const deletedNotice = brief.isError && isApiError(brief.error) && brief.error.status === 404 && (
    <Alert severity="warning" sx={{ maxWidth: 880, mx: 'auto', mb: 2 }}>
      This brief was deleted or is no longer visible to you. Copy anything you still need.
    </Alert>
  );
  const modeToggle = abilities.canEdit && (
    <BriefModeToggle
      mode={mode}
      onChange={(next) => setSearchParams((current) => withBriefMode(current, member.type, next), { replace: true })}
      onEditIntent={() => {
        LazyBriefEditor.preload();
        void prefetchMembers(queryClient, workspaceId);
      }}
    />
  );
  return (
    // The brief first renders in slices after the skeleton (issue #13).
    <DeferredFirstRender fallback={<BriefSkeleton />}>
      {deletedNotice}
      {mode === 'edit' ? (
        <Suspense fallback={<BriefSkeleton />}>
          <LazyBriefEditor
            workspaceId={workspaceId}
            brief={brief.data}
            member={member}
            members={members.data ?? []}
            modeToggle={modeToggle}
          />
        </Suspense>
      ) : (
        <BriefReader workspaceId={workspaceId} brief={brief.data} member={member} modeToggle={modeToggle || undefined} />
      )}
    </DeferredFirstRender>
  );
}

/** The brief's place while it loads and renders: title, meeting card and first section. */
function BriefSkeleton() {
  return (
    <Box role="status" aria-label="Loading the brief" sx={{ maxWidth: 880, mx: 'auto' }}>
      <Skeleton variant="text" height={56} width="60%" />
      <Skeleton variant="rounded" height={120} sx={{ my: 2 }} />
      <Skeleton variant="rounded" height={200} />
    </Box>
  );
}

export { BriefRoute as Component };
