import Refresh from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SlackChannel, SlackPost } from '@tandem/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { useSlackChannels, useSlackConnected } from '@/features/slack';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { usePostSummaryToSlack } from '../api/post-summary-to-slack';

/** "#general" for a public channel, "board (private)" for a private one. */
function channelLabel(channel: SlackChannel): string {
  return channel.isPrivate ? `${channel.name} (private)` : `#${channel.name}`;
}

/** Props of {@link PostToSlack}. */
export interface PostToSlackProps {
  workspaceId: string;
  summaryId: string;
}

/**
 * "Post to Slack" for a published summary (issue #12), shown only while the workspace's Slack is
 * connected: a dialog picks one of the channels the bot was invited to (not every channel; none →
 * how to invite the app, and Refresh), then posts the key points with a link to /s/{id}. After a
 * post, a line says where it went with a link to the message in Slack when Slack gave one.
 */
export function PostToSlack({ workspaceId, summaryId }: PostToSlackProps) {
  const isConnected = useSlackConnected(workspaceId);
  const [isOpen, setOpen] = useState(false);
  const [lastPost, setLastPost] = useState<{ post: SlackPost; channelName: string } | null>(null);
  if (!isConnected) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Post to Slack
      </Button>
      {lastPost && (
        <Typography variant="body2" color="text.secondary" role="status">
          Posted to {lastPost.channelName}.{' '}
          {lastPost.post.permalink && (
            <Link href={lastPost.post.permalink} target="_blank" rel="noopener noreferrer">
              Open in Slack
            </Link>
          )}
        </Typography>
      )}
      {isOpen && (
        <PostToSlackDialog
          workspaceId={workspaceId}
          summaryId={summaryId}
          onClose={() => setOpen(false)}
          onPosted={(post, channelName) => {
            setLastPost({ post, channelName });
            setOpen(false);
          }}
        />
      )}
    </Box>
  );
}

function PostToSlackDialog({
  workspaceId,
  summaryId,
  onClose,
  onPosted,
}: PostToSlackProps & { onClose: () => void; onPosted: (post: SlackPost, channelName: string) => void }) {
  const channels = useSlackChannels(workspaceId);
  const post = usePostSummaryToSlack(workspaceId, summaryId);
  const [channelId, setChannelId] = useState('');
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const items = channels.data ?? [];
  const failure = post.error;
  const channelError = choiceError ?? failure?.errorData?.channelId;

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const channel = items.find((item) => item.id === channelId);
    if (!channel) {
      setChoiceError('Choose a channel.');
      return;
    }
    setChoiceError(undefined);
    post.mutate(
      { channelId },
      {
        onSuccess: (result) => {
          showToast(`Posted to ${channelLabel(channel)} in Slack.`, 'success');
          onPosted(result, channelLabel(channel));
        },
      },
    );
  };

  return (
    <FormDialog open title="Post to Slack" submitLabel="Post" onSubmit={handleSubmit} onClose={onClose} isSubmitting={post.isPending}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          The key points and a link to the public page are posted to the channel.
        </Typography>
        {failure && !failure.errorData?.channelId && <Alert severity="error">{getApiErrorMessage(failure)}</Alert>}
        {channels.isPending ? (
          <Typography variant="body2" color="text.secondary" role="status">
            Loading channels…
          </Typography>
        ) : channels.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void channels.refetch()}>
                Retry
              </Button>
            }
          >
            The channels could not be loaded. {getApiErrorMessage(channels.error)}
          </Alert>
        ) : items.length === 0 ? (
          <Alert
            severity="info"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<Refresh />}
                loading={channels.isFetching}
                onClick={() => void channels.refetch()}
              >
                Refresh
              </Button>
            }
          >
            Tandem is in no channel yet. Invite the Tandem app to a channel in Slack, then refresh.
          </Alert>
        ) : (
          <TextField
            select
            label="Channel"
            value={channelId}
            onChange={(event) => {
              setChannelId(event.target.value);
              setChoiceError(undefined);
            }}
            error={Boolean(channelError)}
            helperText={channelError ?? 'Only channels the Tandem app was invited to.'}
            required
          >
            {items.map((channel) => (
              <MenuItem key={channel.id} value={channel.id}>
                {channelLabel(channel)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
    </FormDialog>
  );
}
