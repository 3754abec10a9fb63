import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SummaryPublication } from '@tandem/contract';
import { showToast } from '@/lib/toast-store';
import { useSummaryViews } from '../api/get-summary-views';
import { formatWhen, plural } from '../utils/summary-format';
import { PostToSlack } from './post-to-slack';

/** Props of {@link PublicationPanel}. */
export interface PublicationPanelProps {
  workspaceId: string;
  summaryId: string;
  publication: SummaryPublication;
  canEdit: boolean;
  /** The summary is PUBLISHED and the member may post it (issue #12 "Post to Slack"; shown only while Slack is connected). */
  canPostToSlack?: boolean;
  onPublishChanges: () => void;
  onUnpublish: () => void;
}

/**
 * A published summary's link (issue #11; PRODUCT §2 PublicLink): the /s address with Copy, whether
 * it is active ("no longer active" once unpublished or expired), its expiry, view count and access
 * log, "Publish changes" when the summary changed since, Unpublish, and "Post to Slack" (issue #12).
 */
export function PublicationPanel({
  workspaceId,
  summaryId,
  publication,
  canEdit,
  canPostToSlack = false,
  onPublishChanges,
  onUnpublish,
}: PublicationPanelProps) {
  const views = useSummaryViews(workspaceId, summaryId, canEdit);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(publication.url);
      showToast('Link copied.', 'success');
    } catch {
      showToast("We couldn't copy the link. Select it and copy it yourself.", 'error');
    }
  };
  return (
    <Card component="section" aria-label="Public link" sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        Public link
      </Typography>
      {publication.isActive ? (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              label="Link"
              value={publication.url}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
              sx={{ flex: '1 1 260px' }}
            />
            <Button variant="outlined" onClick={() => void handleCopy()}>
              Copy
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Published {formatWhen(publication.publishedAt)} ·{' '}
            {publication.expiresAt ? `expires ${formatWhen(publication.expiresAt)}` : 'never expires'} ·{' '}
            {plural(publication.viewCount, 'view')}
            {publication.lastViewedAt ? ` · last viewed ${formatWhen(publication.lastViewedAt)}` : ''}
          </Typography>
        </>
      ) : (
        <Alert severity="info" variant="outlined">
          The link {publication.url} is no longer active: it no longer opens the summary.
        </Alert>
      )}
      {publication.isActive && publication.hasUnpublishedChanges && (
        <Alert
          severity="warning"
          action={
            canEdit && (
              <Button color="inherit" onClick={onPublishChanges}>
                Publish changes
              </Button>
            )
          }
        >
          The summary changed since it was published; the public page still shows the earlier copy.
        </Alert>
      )}
      {canPostToSlack && <PostToSlack workspaceId={workspaceId} summaryId={summaryId} />}
      {canEdit && publication.isActive && (
        <Button color="error" sx={{ justifySelf: 'start' }} onClick={onUnpublish}>
          Unpublish
        </Button>
      )}
      {canEdit && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Access log
          </Typography>
          {views.isPending ? (
            <Typography variant="body2" color="text.secondary">
              Loading views…
            </Typography>
          ) : views.isError ? (
            <Typography variant="body2" color="text.secondary">
              The access log could not be loaded.
            </Typography>
          ) : views.data.items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nobody has opened the link yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {views.data.items.map((view) => (
                <li key={`${view.at}-${view.ipPrefix}`}>
                  <Typography variant="body2">
                    {formatWhen(view.at)} · {view.ipPrefix}
                    {view.userAgentFamily ? ` · ${view.userAgentFamily}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Card>
  );
}
