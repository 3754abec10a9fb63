import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGE_MAX } from '@tandem/contract';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/relative-time';
import { postPublicMessage, type PublicThreadMessage } from '../api/post-public-message';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link PublicThread}. */
export interface PublicThreadProps {
  shortUrl: string;
  /** The thread as the page loaded it, oldest first. */
  initialMessages: readonly PublicThreadMessage[];
  /** How the office is named when a member's name is unknown (the workspace's name). */
  officeName: string;
  /** A send answered 410: the link stopped working. */
  onInactive: () => void;
}

/** The message of a refused send, for the person writing. */
function describeSendError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 400) return error.errorData?.body ?? error.errorDisplayMessage ?? 'This message could not be sent.';
    if (error.status === 429) return 'Too many messages in a short time. Wait a minute, then send it again.';
    if (error.status === 0) return 'Not sent: you seem to be offline. Your message is kept; send it again once you are connected.';
  }
  return 'Not sent. Your message is kept; try again.';
}

/**
 * The recipient's thread with the office under their answers (issue #10 chat): each message with
 * its author ("You" for theirs) and time, bodies as inert text, then a reply box (Send, or
 * Ctrl/Cmd+Enter). A refused send keeps what was typed and says why.
 */
export function PublicThread({ shortUrl, initialMessages, officeName, onInactive }: PublicThreadProps) {
  const [messages, setMessages] = useState<PublicThreadMessage[]>(() => [...initialMessages]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const headingId = useId();

  const send = async () => {
    const body = draft.trim();
    if (body === '') {
      setError('Write a message.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const message = await postPublicMessage(shortUrl, body);
      setMessages((current) => [...current, message]);
      setDraft('');
    } catch (caught) {
      if (isApiError(caught) && caught.status === 410) onInactive();
      setError(describeSendError(caught));
    } finally {
      setSending(false);
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
    <Box component="section" aria-labelledby={headingId} sx={{ mt: { xs: 5, sm: 6 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        Messages with {officeName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A question about a question? Write here; the office sees it right away.
      </Typography>
      {messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No messages yet.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5 }}>
          {messages.map((message) => {
            const isMine = message.authorType === 'CONTACT';
            const author = isMine ? 'You' : (message.authorFirstName ?? officeName);
            return (
              <Box component="li" key={message.id} sx={{ display: 'flex', justifyContent: isMine ? 'flex-end' : 'flex-start' }}>
                <Box
                  sx={{
                    maxWidth: '85%',
                    px: 2,
                    py: 1.25,
                    borderRadius: '16px',
                    bgcolor: isMine ? 'primary.main' : 'action.hover',
                    color: isMine ? 'primary.contrastText' : 'text.primary',
                  }}
                >
                  <Typography variant="caption" component="p" sx={{ fontWeight: 600, opacity: 0.9 }}>
                    {author} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 1 }}>
        <MultilineTextField
          label="Your message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          minRows={2}
          fullWidth
          error={Boolean(error)}
          helperText={error ?? 'Ctrl+Enter (⌘+Enter on a Mac) sends.'}
          slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" endIcon={<Send />} loading={isSending} sx={{ minHeight: 44 }}>
            Send
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
