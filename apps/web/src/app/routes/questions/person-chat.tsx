import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { describeRefusal } from '@tandem/contract';
import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session/session-store';
import { useContact } from '@/features/contacts/api/get-contact';
import { useContactTimeline } from '@/features/contacts/api/get-contact-timeline';
import { ChatComposer } from '@/features/contacts/components/chat-composer';
import { ContactTimeline } from '@/features/contacts/components/contact-timeline';
import { formatContactName, getContactAbilities } from '@/features/contacts/utils/contact-format';

/**
 * /questions/people/{id}/chat (issue #10): the person's one timeline, oldest to newest (earlier
 * pages on demand) — requests sent, their answers, messages both ways — live through `contact` and
 * `question` events (features/contacts/events); editors write follow-ups at the bottom.
 */
function PersonChatRoute() {
  const { id = '' } = useParams();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  const abilities = getContactAbilities(member.workspaceMemberType);
  if (!abilities.canView) return <Alert severity="info">{describeRefusal('viewQuestions')}</Alert>;
  return <PersonChatScreen key={`${workspace.id}:${id}`} workspaceId={workspace.id} contactId={id} canEdit={abilities.canEdit} />;
}

function PersonChatScreen({ workspaceId, contactId, canEdit }: { workspaceId: string; contactId: string; canEdit: boolean }) {
  const contact = useContact(workspaceId, contactId);
  const timeline = useContactTimeline(workspaceId, contactId);
  // Pages come newest first; the conversation reads oldest to newest.
  const entries = useMemo(() => (timeline.data?.pages.flatMap((page) => page.items) ?? []).toReversed(), [timeline.data]);
  const name = contact.data ? formatContactName(contact.data) : 'this person';
  // A new newest entry (a sent message, a live reply) scrolls into view; earlier pages do not move the view.
  const end = useRef<HTMLDivElement>(null);
  const newestId = entries.at(-1)?.id;
  useEffect(() => {
    if (newestId) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestId]);
  const isGone = isApiError(contact.error) && (contact.error.status === 404 || contact.error.status === 400);

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <title>{`Conversation with ${name} · Tandem`}</title>
      <Button
        component={RouterLink}
        to={paths.questions.people.detail.getHref(contactId)}
        color="inherit"
        startIcon={<ArrowBack />}
        sx={{ mb: 2, ml: -1 }}
      >
        {contact.data ? name : 'Profile'}
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: { xs: 2, sm: 3 }, overflowWrap: 'anywhere' }}>
        Conversation with {name}
      </Typography>
      {isGone ? (
        <Alert severity="info">This person does not exist, or is in another workspace.</Alert>
      ) : (
        <Card variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {timeline.isPending ? (
            <Box role="status" aria-label="Loading the conversation">
              <Skeleton variant="rounded" height={48} sx={{ mb: 1.5 }} />
              <Skeleton variant="rounded" height={72} sx={{ mb: 1.5, ml: 'auto', width: '60%' }} />
              <Skeleton variant="rounded" height={72} sx={{ width: '60%' }} />
            </Box>
          ) : timeline.isError ? (
            <Box sx={{ textAlign: 'center', py: 2 }}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                The conversation could not be loaded.
              </Typography>
              <Button variant="outlined" onClick={() => void timeline.refetch()}>
                Try again
              </Button>
            </Box>
          ) : (
            <>
              {timeline.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
                  <Button variant="text" loading={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
                    Load earlier
                  </Button>
                </Box>
              )}
              {entries.length === 0 ? (
                <Typography color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
                  Nothing yet. Requests you send {name}, their answers and your messages will appear here.
                </Typography>
              ) : (
                <ContactTimeline entries={entries} contactName={name} />
              )}
            </>
          )}
          <Box ref={end} sx={{ mt: 3 }}>
            {contact.data?.deletedAt ? (
              <Alert severity="info">Former contact: {name} can no longer be written to.</Alert>
            ) : (
              canEdit && contact.data && <ChatComposer workspaceId={workspaceId} contactId={contactId} firstName={contact.data.firstName} />
            )}
          </Box>
        </Card>
      )}
    </Box>
  );
}

export { PersonChatRoute as Component };
