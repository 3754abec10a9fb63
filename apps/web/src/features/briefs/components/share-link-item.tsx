import ExpandMore from '@mui/icons-material/ExpandMore';
import LinkOff from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { ShareLink } from '@tandem/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { CopyField } from '@/components/ui/copy-field';
import { showToast } from '@/lib/toast-store';
import { useRevokeShareLink } from '../api/revoke-share-link';
import {
  describeShareLinkExpiry,
  describeShareLinkViews,
  getShareLinkState,
  getShareLinkUrl,
  shareLinkStateLabels,
  type ShareLinkState,
} from '../utils/share-links';
import { ShareLinkViews } from './share-link-views';

/** Props of {@link ShareLinkItem}. */
export interface ShareLinkItemProps {
  workspaceId: string;
  briefId: string;
  link: ShareLink;
  /** The link was just made: its "Copy link" button takes the focus. */
  isNew?: boolean;
}

const stateColors: Record<ShareLinkState, 'success' | 'default' | 'warning'> = {
  active: 'success',
  revoked: 'default',
  expired: 'default',
  off: 'warning',
};

/**
 * One share link of the share dialog (issue #9): its label, state (active, revoked, expired, off),
 * the URL with "Copy link", expiry, passcode yes/no, "Opened 3 times, last 10 minutes ago", the
 * access log on demand, and "Revoke" — one click, after which the row shows "Revoked" and the
 * public page answers "This link is no longer active".
 */
export function ShareLinkItem({ workspaceId, briefId, link, isNew = false }: ShareLinkItemProps) {
  const labelId = useId();
  const viewsId = useId();
  const [areViewsOpen, setViewsOpen] = useState(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const revoke = useRevokeShareLink();
  const state = getShareLinkState(link);
  const url = getShareLinkUrl(link.id);
  const isUsable = state === 'active' || state === 'off';

  useEffect(() => {
    if (isNew) copyButton.current?.focus();
  }, [isNew]);

  const handleRevoke = () => {
    revoke.mutate(
      { workspaceId, briefId, linkId: link.id },
      { onSuccess: () => showToast('The link was revoked. It no longer opens the brief.', 'success') },
    );
  };

  return (
    <Card component="li" variant="outlined" aria-labelledby={labelId} sx={{ p: 2, opacity: isUsable ? 1 : 0.85 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={labelId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
          {link.label || 'Link without a label'}
        </Typography>
        <Chip
          size="small"
          label={shareLinkStateLabels[state]}
          color={stateColors[state]}
          variant={state === 'active' ? 'filled' : 'outlined'}
        />
      </Box>
      {isUsable && (
        <Box sx={{ mt: 1 }}>
          <CopyField
            value={url}
            name="Link"
            buttonText="Copy link"
            buttonRef={copyButton}
            fieldLabel={`Link address${link.label ? ` for ${link.label}` : ''}`}
          />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {state === 'revoked' && link.revokedAt ? 'Revoked · ' : ''}
        {describeShareLinkExpiry(link)} · {link.hasPasscode ? 'Passcode required' : 'No passcode'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {describeShareLinkViews(link)}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          color="inherit"
          endIcon={<ExpandMore sx={{ transform: areViewsOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
          aria-expanded={areViewsOpen}
          aria-controls={areViewsOpen ? viewsId : undefined}
          onClick={() => setViewsOpen((open) => !open)}
          sx={{ ml: -0.5 }}
        >
          {areViewsOpen ? 'Hide views' : 'Show views'}
        </Button>
        {state !== 'revoked' && state !== 'expired' && (
          <Button
            size="small"
            color="error"
            startIcon={<LinkOff />}
            onClick={handleRevoke}
            loading={revoke.isPending}
            aria-describedby={labelId}
          >
            Revoke
          </Button>
        )}
      </Box>
      <Collapse in={areViewsOpen} unmountOnExit>
        <Box id={viewsId} sx={{ pt: 1 }}>
          <ShareLinkViews workspaceId={workspaceId} briefId={briefId} linkId={link.id} />
        </Box>
      </Collapse>
    </Card>
  );
}
