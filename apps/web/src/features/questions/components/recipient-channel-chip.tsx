import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MailOutline from '@mui/icons-material/MailOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { recipientChannelLabels, type RecipientChannel } from '@tandem/contract';

const channelIcons = { SLACK: <ChatBubbleOutline />, EMAIL: <MailOutline />, LINK: <LinkIcon /> } as const;

/** How one person is asked (issue #12: Slack, Email or Link) as a small outlined chip. */
export function RecipientChannelChip({ channel, ...props }: { channel: RecipientChannel } & Omit<ChipProps, 'label' | 'icon'>) {
  return <Chip size="small" variant="outlined" icon={channelIcons[channel]} label={recipientChannelLabels[channel]} {...props} />;
}
