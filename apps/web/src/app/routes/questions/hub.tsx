import Add from '@mui/icons-material/Add';
import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useQuestionRequests } from '@/features/questions/api/get-question-requests';
import { useWaitingOn } from '@/features/questions/api/get-waiting-on';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { RequestRows } from '@/features/questions/components/request-rows';
import { LoadError, LoadingRows } from '@/components/ui/screen-states';
import { WaitingOnRows } from '@/features/questions/components/waiting-on-rows';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';

/** Requests the hub shows; the rest are one click away on /questions/list. */
const HUB_RECENT = 8;
const HUB_WAITING = 10;

function HubCard({ title, action, children, isWide }: { title: string; action?: ReactNode; children: ReactNode; isWide?: boolean }) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0, gridColumn: isWide ? { md: '1 / -1' } : undefined }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

/**
 * /questions, the hub (issue #10): recent requests with progress bars (answered/total), the people
 * who owe answers (oldest first, how overdue, Remind for editors), a People card, "New request",
 * and links to every request and the archive. Issue #11 adds "Generate questions with AI" (editors)
 * and a Summaries card (the list for everyone who reads questions; "New summary" for editors).
 */
function QuestionsHubRoute() {
  const access = useQuestionsAccess();
  const canView = access?.canView ?? false;
  const recent = useQuestionRequests(
    access?.workspaceId ?? '',
    useMemo(() => ({ sort: 'updatedAt' }), []),
    { enabled: canView },
  );
  const waiting = useWaitingOn(access?.workspaceId ?? '', HUB_WAITING);
  if (!access) return null;
  if (!canView) return <NoQuestionsAccess />;
  const recentItems = (recent.data?.pages[0]?.items ?? []).slice(0, HUB_RECENT);
  return (
    <>
      <title>{`Questions · ${access.workspaceName} · Tandem`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: { xs: '1 1 0', sm: '1 1 240px' }, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Questions
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>
            Ask people outside Tandem, see who answered, nudge the rest.
          </Typography>
        </Box>
        {access.canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.questions.generate.getHref()} variant="outlined" startIcon={<AutoAwesome />}>
              Generate questions with AI
            </Button>
            <Button component={RouterLink} to={paths.questions.new.getHref()} variant="contained" startIcon={<Add />}>
              New request
            </Button>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <HubCard
          title="Recent requests"
          action={
            <Box sx={{ display: 'flex', gap: 2 }}>
              <Link component={RouterLink} to={paths.questions.list.getHref()} variant="body2">
                All requests
              </Link>
              <Link component={RouterLink} to={paths.questions.legacy.getHref()} variant="body2">
                Archive
              </Link>
            </Box>
          }
        >
          {recent.isPending ? (
            <LoadingRows label="Loading recent requests" rows={3} />
          ) : recent.isError ? (
            <LoadError message="The requests could not be loaded." onRetry={() => void recent.refetch()} />
          ) : (
            <RequestRows
              requests={recentItems}
              label="Recent requests"
              emptyText={access.canEdit ? 'No requests yet. Start one with “New request”.' : 'No requests yet.'}
            />
          )}
        </HubCard>
        <HubCard title="Waiting on">
          {waiting.isPending ? (
            <LoadingRows label="Loading who owes answers" rows={3} height={48} />
          ) : waiting.isError ? (
            <LoadError message="The people who owe answers could not be loaded." onRetry={() => void waiting.refetch()} />
          ) : (
            <WaitingOnRows
              rows={waiting.data.items}
              total={waiting.data.nextCursor ? undefined : waiting.data.items.length}
              label="People who owe answers"
              emptyText="No one owes answers right now."
              workspaceId={access.canEdit ? access.workspaceId : undefined}
            />
          )}
          {waiting.data?.nextCursor && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              More people owe answers: see each request on{' '}
              <Link component={RouterLink} to={paths.questions.list.getHref('status=SENT')}>
                the sent requests
              </Link>
              .
            </Typography>
          )}
        </HubCard>
        <HubCard title="Summaries" isWide>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <SummarizeOutlined color="action" aria-hidden="true" />
            <Typography color="text.secondary" sx={{ flex: '1 1 240px' }}>
              What people answered, summarised with every point traced back to their own words.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={paths.questions.summaries.list.getHref()} variant="outlined">
                Open summaries
              </Button>
              {access.canEdit && (
                <Button component={RouterLink} to={paths.questions.summaries.new.getHref()} variant="outlined" startIcon={<Add />}>
                  New summary
                </Button>
              )}
            </Box>
          </Box>
        </HubCard>
        <HubCard title="People" isWide>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <PeopleAltOutlined color="action" aria-hidden="true" />
            <Typography color="text.secondary" sx={{ flex: '1 1 240px' }}>
              The people you ask: their details, every request and answer, and a thread with each.
            </Typography>
            <Button component={RouterLink} to={paths.questions.people.list.getHref()} variant="outlined">
              Open people
            </Button>
          </Box>
        </HubCard>
      </Box>
    </>
  );
}

export { QuestionsHubRoute as Component };
