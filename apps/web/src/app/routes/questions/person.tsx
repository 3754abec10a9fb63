import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { describeRefusal } from '@tandem/contract';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session/session-store';
import { useContact } from '@/features/contacts/api/get-contact';
import { ContactProfile } from '@/features/contacts/components/contact-profile';
import { formatContactName, getContactAbilities } from '@/features/contacts/utils/contact-format';

/**
 * /questions/people/{id} (issue #10): a person's profile — details, requests, the conversation;
 * edit and delete for editors. An unknown person, or one of another workspace, is "not found" (404).
 */
function PersonRoute() {
  const { id = '' } = useParams();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  const abilities = getContactAbilities(member.workspaceMemberType);
  if (!abilities.canView) return <Alert severity="info">{describeRefusal('viewQuestions')}</Alert>;
  return <PersonScreen key={`${workspace.id}:${id}`} workspaceId={workspace.id} contactId={id} canEdit={abilities.canEdit} />;
}

function PersonScreen({ workspaceId, contactId, canEdit }: { workspaceId: string; contactId: string; canEdit: boolean }) {
  const contact = useContact(workspaceId, contactId);
  const back = (
    <Button
      component={RouterLink}
      to={paths.questions.people.list.getHref()}
      color="inherit"
      startIcon={<ArrowBack />}
      sx={{ mb: 2, ml: -1 }}
    >
      People
    </Button>
  );
  if (!contact.data) {
    if (contact.isError) {
      const isGone = isApiError(contact.error) && (contact.error.status === 404 || contact.error.status === 400);
      return (
        <Box sx={{ maxWidth: 880, mx: 'auto' }}>
          <title>Person not found · Tandem</title>
          {back}
          <Alert
            severity={isGone ? 'info' : 'warning'}
            action={
              isGone ? undefined : (
                <Button color="inherit" onClick={() => void contact.refetch()}>
                  Try again
                </Button>
              )
            }
          >
            {isGone ? 'This person does not exist, or is in another workspace.' : 'The person could not be loaded.'}
          </Alert>
        </Box>
      );
    }
    return (
      <Box role="status" aria-label="Loading the person" sx={{ maxWidth: 880, mx: 'auto' }}>
        <Skeleton variant="text" height={56} width="50%" />
        <Skeleton variant="rounded" height={200} sx={{ my: 2 }} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <title>{`${formatContactName(contact.data)} · People · Tandem`}</title>
      {back}
      <ContactProfile workspaceId={workspaceId} contact={contact.data} canEdit={canEdit} />
    </Box>
  );
}

export { PersonRoute as Component };
