import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Brief, BriefChanges, BriefVersionSummary } from '@tandem/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogDrawer } from '@/components/ui/dialog-drawer';
import { LazyMarkdown } from '@/components/ui/lazy-markdown';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useBriefVersion, useBriefVersions } from '../api/get-brief-versions';
import { useRestoreBriefVersion } from '../api/restore-brief-version';
import { formatMeetingTime, getBrowserTimeZone } from '../utils/meeting-time';

/** Props of {@link BriefHistoryDrawer}. */
export interface BriefHistoryDrawerProps {
  open: boolean;
  workspaceId: string;
  /** The brief as the editor holds it (its `version` is the current one). */
  brief: Brief;
  /** Editors may restore; not while edits are unsaved (the restore would replace them). */
  canRestore: boolean;
  hasUnsavedChanges: boolean;
  onRestored: (brief: Brief, version: number) => void;
  onClose: () => void;
}

const changeWords = { added: 'added', edited: 'edited', moved: 'moved', removed: 'removed' } as const;

/** "Title, meeting; Agenda edited, Risks added" — what one save changed. Pure. */
export function describeChanges(changes: BriefChanges): string {
  const parts = [changes.title ? 'title' : '', changes.meeting ? 'meeting' : '', changes.confidential ? 'confidential' : ''].filter(
    Boolean,
  );
  const sections = changes.sections.map((section) => `${section.heading.trim() || 'Untitled'} ${changeWords[section.change]}`);
  const head = parts.length > 0 ? `${parts.join(', ').replace(/^./, (first) => first.toUpperCase())} changed` : '';
  return [head, sections.join(', ')].filter(Boolean).join('; ') || 'No visible change';
}

const authorName = (summary: BriefVersionSummary) =>
  summary.author ? `${summary.author.firstName} ${summary.author.lastName}` : 'A former member';

/**
 * The brief's version history in a side drawer (issue #9): every save that changed content, newest
 * first, with who, when and which sections changed ("Load more" for older ones). A version opens
 * read-only, rendered; editors can restore it (after a confirmation; restoring saves it as a new
 * version, so nothing is lost).
 */
export function BriefHistoryDrawer({
  open,
  workspaceId,
  brief,
  canRestore,
  hasUnsavedChanges,
  onRestored,
  onClose,
}: BriefHistoryDrawerProps) {
  const titleId = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const versions = useBriefVersions(workspaceId, brief.id, open);
  const version = useBriefVersion(workspaceId, brief.id, open ? viewing : null);
  const restore = useRestoreBriefVersion();
  const items = versions.data?.pages.flatMap((page) => page.items) ?? [];
  const viewerZone = getBrowserTimeZone();

  const handleRestore = () => {
    if (viewing === null) return;
    restore.mutate(
      { workspaceId, brief, version: viewing },
      {
        onSuccess: (restored) => {
          setConfirming(false);
          setViewing(null);
          onRestored(restored, viewing);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <DialogDrawer open={open} onClose={onClose} labelledBy={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, pt: 2.5, pb: 1 }}>
        {viewing !== null && (
          <IconButton aria-label="Back to the history" edge="start" onClick={() => setViewing(null)}>
            <ArrowBack />
          </IconButton>
        )}
        <Typography id={titleId} variant="h2" sx={{ flex: 1 }}>
          {viewing === null ? 'Version history' : `Version ${viewing}`}
        </Typography>
        <IconButton aria-label="Close" edge="end" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 3, pb: 3 }}>
        {viewing === null ? (
          versions.isPending ? (
            <Box role="status" aria-label="Loading the history">
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} variant="rounded" height={56} sx={{ mb: 1 }} />
              ))}
            </Box>
          ) : versions.isError ? (
            <Alert severity="warning" action={<Button onClick={() => void versions.refetch()}>Try again</Button>}>
              The history could not be loaded.
            </Alert>
          ) : (
            <>
              <List aria-label="Versions" disablePadding sx={{ mx: -1 }}>
                {items.map((item) => (
                  <ListItem key={item.version} disablePadding>
                    <ListItemButton onClick={() => setViewing(item.version)} sx={{ borderRadius: '12px', px: 1 }}>
                      <ListItemText
                        primary={`Version ${item.version}${item.version === brief.version ? ' (current)' : ''} · ${authorName(item)}`}
                        secondary={
                          <>
                            <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                              {formatRelativeTime(item.createdAt)}
                            </time>
                            {' · '}
                            {item.version === 1
                              ? 'Created'
                              : item.restoredFrom
                                ? `Restored version ${item.restoredFrom}`
                                : describeChanges(item.changes)}
                          </>
                        }
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              {versions.hasNextPage && (
                <Button
                  variant="outlined"
                  sx={{ mt: 2 }}
                  loading={versions.isFetchingNextPage}
                  onClick={() => void versions.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </>
          )
        ) : version.data ? (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Saved by {authorName(version.data)}, {formatDateTime(version.data.createdAt)}
            </Typography>
            {canRestore && (
              <Box sx={{ mb: 3 }}>
                <Button variant="contained" onClick={() => setConfirming(true)} disabled={viewing === brief.version || hasUnsavedChanges}>
                  Restore this version
                </Button>
                {viewing === brief.version ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    This is the current version.
                  </Typography>
                ) : hasUnsavedChanges ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    Wait until your changes are saved to restore a version.
                  </Typography>
                ) : null}
              </Box>
            )}
            <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 0.5, overflowWrap: 'anywhere' }}>
              {version.data.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {version.data.meetingAt
                ? formatMeetingTime(version.data.meetingAt, version.data.meetingTimeZone, viewerZone)
                : 'No meeting time'}
            </Typography>
            {version.data.sections.map((section) => (
              <Box key={section.id} component="section" sx={{ mb: 2.5 }}>
                <Typography variant="h4" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>
                  {section.heading.trim() || 'Untitled section'}
                </Typography>
                {section.body.trim() ? <LazyMarkdown>{section.body}</LazyMarkdown> : <Typography color="text.secondary">Empty.</Typography>}
              </Box>
            ))}
          </Box>
        ) : version.isError ? (
          <Alert severity="warning">This version could not be loaded.</Alert>
        ) : (
          <Box role="status" aria-label="Loading the version">
            <Skeleton variant="rounded" height={160} />
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={isConfirming}
        title={`Restore version ${viewing ?? ''}?`}
        confirmLabel="Restore"
        isPending={restore.isPending}
        onConfirm={handleRestore}
        onClose={() => setConfirming(false)}
      >
        The brief’s content becomes what it was in version {viewing}, saved as a new version; the current one stays in the history. A ready
        or acknowledged brief goes back to draft.
      </ConfirmDialog>
    </DialogDrawer>
  );
}
