import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { describeRefusal, type Brief } from '@tandem/contract';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { usePublicLinkSettings } from '@/features/workspaces';
import { useShareLinks } from '../api/get-share-links';
import { ShareLinkForm } from './share-link-form';
import { ShareLinkItem } from './share-link-item';

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  workspaceId: string;
  brief: Pick<Brief, 'id' | 'title' | 'meetingAt'>;
  /** OWNER or EXECUTIVE: the "links off" message points to the setting they can change. */
  canManagePublicLinks: boolean;
}

/**
 * The share dialog of a brief (issue #9; PRODUCT §3 "Share"): a form for a new link and the
 * brief's links, newest first — copy, revoke, views. Says clearly when the workspace turned public
 * links off (no link works, none can be made). Full screen on a phone.
 */
export function ShareDialog({ open, onClose, workspaceId, brief, canManagePublicLinks }: ShareDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [newLinkId, setNewLinkId] = useState<string | null>(null);
  const links = useShareLinks(workspaceId, brief.id);
  const settings = usePublicLinkSettings(workspaceId);
  const isEnabled = settings.data?.enabled !== false;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isPhone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        Share “{brief.title}”
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Anyone with a link can read this brief without signing in — its title, meeting time and sections, not its marks. Revoke a link to
          stop it at once.
        </Typography>
        {!isEnabled && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Public links are turned off for this workspace: none of these links opens the brief, and no new link can be made.{' '}
            {canManagePublicLinks ? (
              <Link component={RouterLink} to={paths.workspaces.settings.getHref()}>
                Turn them on in workspace settings.
              </Link>
            ) : (
              describeRefusal('managePublicLinks')
            )}
          </Alert>
        )}
        <Typography variant="h2" sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1.5 }}>
          New link
        </Typography>
        <ShareLinkForm
          workspaceId={workspaceId}
          briefId={brief.id}
          meetingAt={brief.meetingAt}
          isEnabled={isEnabled}
          onCreated={(link) => {
            setNewLinkId(link.id);
            showToast('The link was created. Copy it and send it.', 'success');
          }}
        />
        <Divider sx={{ my: 3 }} />
        <Typography variant="h2" sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1.5 }}>
          Links
        </Typography>
        {links.isPending ? (
          <Box aria-busy="true">
            <Skeleton variant="rounded" height={120} />
          </Box>
        ) : links.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void links.refetch()}>
                Try again
              </Button>
            }
          >
            We couldn't load the links of this brief.
          </Alert>
        ) : links.data.length === 0 ? (
          <Typography color="text.secondary">No links yet. Create one above to share this brief.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }} aria-label="Links of this brief">
            {links.data.map((link) => (
              <ShareLinkItem key={link.id} workspaceId={workspaceId} briefId={brief.id} link={link} isNew={link.id === newLinkId} />
            ))}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
