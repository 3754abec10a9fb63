import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Delete from '@mui/icons-material/Delete';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Contact } from '@tandem/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/relative-time';
import { showToast } from '@/lib/toast-store';
import { useDeleteContact } from '../api/delete-contact';
import { useUpdateContact } from '../api/update-contact';
import { formatContactName, formatContactRole, formatWorkingHours } from '../utils/contact-format';
import { ContactForm } from './contact-form';
import { ContactRequests } from './contact-requests';
import { ContactSlackMatch } from './contact-slack-match';

/** Props of {@link ContactProfile}. */
export interface ContactProfileProps {
  workspaceId: string;
  contact: Contact;
  canEdit: boolean;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0, sm: 2 } }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A person's profile (issue #10 /questions/people/{id}): their details, Edit (a dialog with the
 * person form) and Delete (after a confirmation; back to the list) for editors, a "Former contact"
 * banner once deleted (their requests and answers kept), their Slack match (issue #12), the
 * requests sent to them, and the way to their conversation.
 */
export function ContactProfile({ workspaceId, contact, canEdit }: ContactProfileProps) {
  const navigate = useNavigate();
  const [isEditing, setEditing] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const update = useUpdateContact({ meta: { errorToast: (error) => !error.errorData } });
  const remove = useDeleteContact();
  const editTitleId = useId();
  const name = formatContactName(contact);
  const isFormer = contact.deletedAt !== null;
  const role = formatContactRole(contact);

  const handleDelete = () =>
    remove.mutate(
      { workspaceId, contactId: contact.id },
      {
        onSuccess: () => {
          showToast(`${name} was deleted. Their requests and answers are kept.`, 'success');
          void navigate(paths.questions.people.list.getHref());
        },
        onSettled: () => setConfirmingDelete(false),
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {isFormer && (
        <Alert severity="info">
          Former contact: {name} was deleted {formatDateTime(contact.deletedAt!)}. Their requests and answers are kept.
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
            {name}
            {isFormer && <Chip label="Former contact" size="small" sx={{ ml: 1.5, verticalAlign: 'middle' }} />}
          </Typography>
          {role && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {role}
            </Typography>
          )}
        </Box>
        <Button component={RouterLink} to={paths.questions.people.chat.getHref(contact.id)} variant="outlined" startIcon={<ChatOutlined />}>
          Conversation
        </Button>
        {canEdit && !isFormer && (
          <>
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="outlined" color="error" startIcon={<Delete />} onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          </>
        )}
      </Box>
      <Card component="section" aria-labelledby="person-details" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="person-details" variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
          Details
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
          <Field label="Email">{contact.email ?? 'No email: reached through a copied link only'}</Field>
          <Field label="Time zone">{contact.timeZone.replaceAll('_', ' ')}</Field>
          <Field label="Working hours">{formatWorkingHours(contact.workingHours)}</Field>
          <Field label="Tags">
            {contact.tags.length === 0 ? (
              'None'
            ) : (
              <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.75 }}>
                {contact.tags.map((tag) => (
                  <Chip
                    key={tag}
                    size="small"
                    label={tag}
                    component={RouterLink}
                    to={paths.questions.people.list.getHref(new URLSearchParams({ tag }))}
                    clickable
                  />
                ))}
              </Box>
            )}
          </Field>
          <Field label="Open requests">{contact.openRequests}</Field>
          <Field label="Last answered">{contact.lastAnsweredAt ? formatDateTime(contact.lastAnsweredAt) : 'Never'}</Field>
          <Field label="Notes">
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {contact.notes || 'None'}
            </Box>
          </Field>
        </Box>
      </Card>
      <Card component="section" aria-labelledby="person-slack" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="person-slack" variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          Slack
        </Typography>
        <ContactSlackMatch workspaceId={workspaceId} contact={contact} canEdit={canEdit} />
      </Card>
      <Card component="section" aria-labelledby="person-requests" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="person-requests" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          Requests
        </Typography>
        <ContactRequests workspaceId={workspaceId} contactId={contact.id} />
      </Card>
      {canEdit && (
        <>
          <Dialog open={isEditing} onClose={() => setEditing(false)} fullWidth maxWidth="sm" aria-labelledby={editTitleId}>
            <DialogTitle id={editTitleId}>Edit {name}</DialogTitle>
            <DialogContent>
              <Box sx={{ pt: 1 }}>
                {isEditing && (
                  <ContactForm
                    contact={contact}
                    label={`Edit ${name}`}
                    submitLabel="Save"
                    onCancel={() => setEditing(false)}
                    onSubmit={async (body) => {
                      await update.mutateAsync({ workspaceId, contactId: contact.id, body });
                      showToast('Changes saved.', 'success');
                      setEditing(false);
                    }}
                  />
                )}
              </Box>
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            open={isConfirmingDelete}
            title={`Delete ${name}?`}
            confirmLabel="Delete"
            isDestructive
            isPending={remove.isPending}
            onConfirm={handleDelete}
            onClose={() => setConfirmingDelete(false)}
          >
            They leave the list and search, and can no longer be sent requests. Their requests and answers are kept and shown as a former
            contact.
          </ConfirmDialog>
        </>
      )}
    </Box>
  );
}
