import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CHAT_MESSAGE_MAX } from '@tandem/contract';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { usePostChatMessage } from '../api/post-chat-message';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link ChatComposer}. */
export interface ChatComposerProps {
  workspaceId: string;
  contactId: string;
  /** The person's first name, for the field's label and the 409 explanation. */
  firstName: string;
}

/**
 * The follow-up box under a person's conversation (issue #10: members post follow-ups, mailed to
 * the person with their answer link; issue #12: posted in their Slack DM thread when they were asked in Slack): Send, or Ctrl/Cmd+Enter (Enter alone is a new line). A
 * refused message stays in the box; 409 explains that a request must be sent to them first.
 */
export function ChatComposer({ workspaceId, contactId, firstName }: ChatComposerProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const post = usePostChatMessage();

  const send = async () => {
    const body = draft.trim();
    setNotice(null);
    if (body === '') {
      setError('Write a message.');
      return;
    }
    setError(null);
    try {
      await post.mutateAsync({ workspaceId, contactId, body: { body } });
      setDraft('');
    } catch (caught) {
      if (isApiError(caught) && caught.status === 409) {
        setNotice(
          `${firstName} has no open answer link, so there is nowhere for them to read and reply. Send them a request first; your follow-ups reach them through its page.`,
        );
      } else if (isApiError(caught) && caught.errorData?.body) setError(caught.errorData.body);
      else setError(isApiError(caught) ? getApiErrorMessage(caught) : 'The message could not be sent. Try again.');
    }
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={`Message ${firstName}`} sx={{ display: 'grid', gap: 1 }}>
      {notice && (
        <Alert severity="info" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <MultilineTextField
        label={`Message to ${firstName}`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
        minRows={2}
        maxRows={10}
        fullWidth
        error={Boolean(error)}
        helperText={
          error ??
          'Reaches them where they were asked: in their Slack DM, or by email with their answer link. Ctrl+Enter (⌘+Enter on a Mac) sends.'
        }
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" endIcon={<Send />} loading={post.isPending}>
          Send
        </Button>
      </Box>
    </Box>
  );
}
