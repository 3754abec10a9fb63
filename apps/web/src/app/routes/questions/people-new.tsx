import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { describeRefusal } from '@tandem/contract';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-store';
import { showToast } from '@/lib/toast-store';
import { useCreateContact } from '@/features/contacts/api/create-contact';
import { ContactForm } from '@/features/contacts/components/contact-form';
import { formatContactName, getContactAbilities } from '@/features/contacts/utils/contact-format';

/**
 * /questions/people/new (issue #10): the person form as a page; Add → toast and the new person's
 * profile; Cancel → the list. Only editors (PRODUCT §6 editQuestions).
 */
function NewPersonRoute() {
  const navigate = useNavigate();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  const create = useCreateContact({ meta: { errorToast: (error) => !error.errorData } });
  if (!workspace || !member) return null;
  const canEdit = getContactAbilities(member.workspaceMemberType).canEdit;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <title>{`Add a person · ${workspace.name} · Tandem`}</title>
      <Button
        component={RouterLink}
        to={paths.questions.people.list.getHref()}
        color="inherit"
        startIcon={<ArrowBack />}
        sx={{ mb: 2, ml: -1 }}
      >
        People
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 3 }}>
        Add a person
      </Typography>
      {canEdit ? (
        <Card variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          <ContactForm
            contact={null}
            label="New person"
            submitLabel="Add person"
            onCancel={() => void navigate(paths.questions.people.list.getHref())}
            onSubmit={async (body) => {
              const contact = await create.mutateAsync({ workspaceId: workspace.id, body });
              showToast(`${formatContactName(contact)} was added.`, 'success');
              await navigate(paths.questions.people.detail.getHref(contact.id));
            }}
          />
        </Card>
      ) : (
        <Alert severity="info">{describeRefusal('editQuestions')}</Alert>
      )}
    </Box>
  );
}

export { NewPersonRoute as Component };
