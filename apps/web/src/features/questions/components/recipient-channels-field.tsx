import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { recipientChannelLabels, type RecipientChannel } from '@tandem/contract';
import { isReachableInSlack, recipientChannelOf, type ComposerDraft, type DraftRecipient } from '../utils/composer-draft';
import { contactName } from '../utils/request-format';

/** Props of {@link RecipientChannelsField}. */
export interface RecipientChannelsFieldProps {
  draft: ComposerDraft;
  /** The workspace's Slack is connected (issue #12): Slack is offered to matched people. */
  isSlackConnected: boolean;
  onChange: (recipient: DraftRecipient, channel: RecipientChannel) => void;
}

/** Why a person gets what they get, or null when there is nothing to say. */
function describeChannel(draft: ComposerDraft, recipient: DraftRecipient, channel: RecipientChannel, isSlackConnected: boolean) {
  if (draft.recipientChannels[recipient.id]) return 'Chosen for this person';
  if (draft.channel === 'SLACK' && channel === 'EMAIL') return isSlackConnected ? 'Not matched in Slack' : 'Slack is not connected';
  return null;
}

/**
 * The composer's per-person channel (issue #12: "a request's channel is chosen per recipient"):
 * each picked person with the channel they will get — Slack for matched people under "Slack where
 * possible", Email for the others, Link when asked by a copied link — switchable per person. Slack
 * is offered only to people reachable there; Email only to people with an address.
 */
export function RecipientChannelsField({ draft, isSlackConnected, onChange }: RecipientChannelsFieldProps) {
  if (draft.recipients.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography id="recipient-channels" variant="subtitle2" component="h3">
        How each person is asked
      </Typography>
      <Box component="ul" aria-labelledby="recipient-channels" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {draft.recipients.map((recipient) => {
          const name = contactName(recipient);
          const channel = recipientChannelOf(draft, recipient, isSlackConnected);
          const canSlack = isReachableInSlack(recipient, isSlackConnected);
          const note = describeChannel(draft, recipient, channel, isSlackConnected);
          // Slack stays visible while chosen, so an unreachable choice can be seen and changed.
          const choices: RecipientChannel[] = [...(isSlackConnected || channel === 'SLACK' ? (['SLACK'] as const) : []), 'EMAIL', 'LINK'];
          return (
            <Box
              component="li"
              key={recipient.id}
              aria-label={name}
              sx={{
                py: 1,
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                flexWrap: 'wrap',
                '& + &': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[recipient.email ?? 'No email', note].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={channel}
                aria-label={`Channel for ${name}`}
                onChange={(_event, next: RecipientChannel | null) => {
                  if (next) onChange(recipient, next);
                }}
              >
                {choices.map((choice) => (
                  <ToggleButton
                    key={choice}
                    value={choice}
                    disabled={choice !== channel && ((choice === 'SLACK' && !canSlack) || (choice === 'EMAIL' && !recipient.email))}
                    sx={{ px: 1.5, textTransform: 'none' }}
                  >
                    {recipientChannelLabels[choice]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
