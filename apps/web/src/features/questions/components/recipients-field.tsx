import PersonAddAlt from '@mui/icons-material/PersonAddAltOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REQUEST_RECIPIENTS_MAX } from '@tandem/contract';
import { useEffect, useRef, useState } from 'react';
import { getApiErrorMessage } from '@/lib/error-message';
import { useContactSearch, useCreateContact } from '../api/contacts';
import type { DraftRecipient } from '../utils/composer-draft';
import { contactName } from '../utils/request-format';

/** Props of {@link RecipientsField}. */
export interface RecipientsFieldProps {
  workspaceId: string;
  value: DraftRecipient[];
  onChange: (recipients: DraftRecipient[]) => void;
  error?: string;
}

const toRecipient = (contact: DraftRecipient): DraftRecipient => ({
  id: contact.id,
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email,
  company: contact.company,
  slackUserId: contact.slackUserId ?? null,
});

/**
 * The composer's recipients (issue #10: "picked from people or added inline"): an autocomplete over
 * the workspace's contacts by name, email and company (the server's search), and "Add a person"
 * (first name, last name, email) that creates the contact and adds them.
 */
export function RecipientsField({ workspaceId, value, onChange, error }: RecipientsFieldProps) {
  const [input, setInput] = useState('');
  const search = useContactSearch(workspaceId, input);
  const [isAdding, setAdding] = useState(false);
  const options = (search.data?.items ?? []).map(toRecipient);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Autocomplete
        multiple
        options={options}
        value={value}
        filterOptions={(all) => all}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        getOptionLabel={(option) => contactName(option)}
        loading={search.isFetching}
        inputValue={input}
        onInputChange={(_event, next) => setInput(next)}
        onChange={(_event, next) => onChange(next.slice(0, REQUEST_RECIPIENTS_MAX))}
        noOptionsText={search.isError ? 'People could not be loaded.' : input ? 'No one matches — add them below.' : 'No people yet.'}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{contactName(option)}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[option.email ?? 'No email', option.company].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </li>
        )}
        renderValue={(chosen, getItemProps) =>
          chosen.map((option, index) => {
            const { key, ...props } = getItemProps({ index });
            return (
              <Chip key={key} {...props} label={contactName(option)} color={option.email ? 'default' : 'warning'} variant="outlined" />
            );
          })
        }
        renderInput={(params) => (
          <TextField {...params} label="People" placeholder="Search by name, email or company" error={Boolean(error)} helperText={error} />
        )}
      />
      {isAdding ? (
        <AddPersonForm
          workspaceId={workspaceId}
          onCancel={() => setAdding(false)}
          onAdded={(person) => {
            onChange([...value, person]);
            setAdding(false);
          }}
        />
      ) : (
        <Box>
          <Button startIcon={<PersonAddAlt />} onClick={() => setAdding(true)}>
            Add a person
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The inline "add a person" form: POST …/contacts with first name, last name and email. */
function AddPersonForm({
  workspaceId,
  onAdded,
  onCancel,
}: {
  workspaceId: string;
  onAdded: (person: DraftRecipient) => void;
  onCancel: () => void;
}) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const create = useCreateContact();
  const firstField = useRef<HTMLInputElement>(null);
  // The form opened from "Add a person": typing starts in its first field.
  useEffect(() => firstField.current?.focus(), []);
  const fieldError = (field: string) => create.error?.errorData?.[field];
  const submit = () =>
    create.mutate(
      { workspaceId, body: { firstName, lastName, email: email.trim() || null } },
      { onSuccess: (contact) => onAdded(toRecipient(contact)) },
    );
  return (
    <Box
      role="group"
      aria-label="Add a person"
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          submit();
        } else if (event.key === 'Escape') onCancel();
      }}
      sx={{ display: 'grid', gap: 1.5, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextField
          size="small"
          label="First name"
          required
          inputRef={firstField}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={Boolean(fieldError('firstName'))}
          helperText={fieldError('firstName')}
        />
        <TextField
          size="small"
          label="Last name"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={Boolean(fieldError('lastName'))}
          helperText={fieldError('lastName')}
        />
        <TextField
          size="small"
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(fieldError('email'))}
          helperText={fieldError('email')}
        />
      </Box>
      {create.isError && !create.error.errorData && <Alert severity="error">{getApiErrorMessage(create.error)}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" loading={create.isPending} onClick={submit}>
          Add person
        </Button>
      </Box>
    </Box>
  );
}
