import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { summaryStatusLabels, type RegeneratedSummary, type Summary } from '@tandem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { AiProviderNote } from '@/components/ai/ai-provider-note';
import { GenerationProgress } from '@/components/ai/generation-progress';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { LoadError, LoadingRows, PageMessage } from '@/components/ui/screen-states';
import { useGeneration } from '@/hooks/use-generation';
import { isApiError, type ApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import type { GenerationStreamOptions } from '@/lib/generation-stream';
import { showToast } from '@/lib/toast-store';
import { useSummary } from '../api/get-summary';
import { regenerateSummary } from '../api/regenerate-summary';
import { useDeleteSummary } from '../api/delete-summary';
import { useUnpublishSummary } from '../api/unpublish-summary';
import { summaryListsQueryKey, summaryQueryKey } from '../api/summary-keys';
import { describeNewAnswers, formatWhen } from '../utils/summary-format';
import { PublicationPanel } from './publication-panel';
import { PublishDialog } from './publish-dialog';
import { SummaryEditor } from './summary-editor';
import { SummaryReadView } from './summary-read-view';
import { WhatChangedDialog } from './what-changed-dialog';

/**
 * /questions/summaries/{id} (issue #11): the summary read, or edited with the step-2 editor; Publish
 * (disabled while issues remain, listed as the reason), the public link with its log, Publish
 * changes, Unpublish and Delete (each destroying action confirmed); a freshness banner with Update
 * (progress + Cancel, then "What changed"). A USER reads only.
 */
export function SummaryDetailScreen({ workspaceId, summaryId, canEdit }: { workspaceId: string; summaryId: string; canEdit: boolean }) {
  const summary = useSummary(workspaceId, summaryId);
  if (summary.isPending) return <LoadingRows label="Loading the summary" rows={5} />;
  if (summary.isError) {
    if (isApiError(summary.error) && summary.error.status === 404) {
      return (
        <PageMessage
          title="Summary not found"
          action={
            <Button component={RouterLink} to={paths.questions.summaries.list.getHref()} variant="outlined">
              All summaries
            </Button>
          }
        >
          It was deleted, or the link is wrong.
        </PageMessage>
      );
    }
    return <LoadError message="The summary could not be loaded." onRetry={() => void summary.refetch()} />;
  }
  return <SummaryDetail workspaceId={workspaceId} summary={summary.data} canEdit={canEdit} onReload={() => void summary.refetch()} />;
}

function SummaryDetail({
  workspaceId,
  summary,
  canEdit,
  onReload,
}: {
  workspaceId: string;
  summary: Summary;
  canEdit: boolean;
  onReload: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const [publishMode, setPublishMode] = useState<'publish' | 'republish' | null>(null);
  const [confirm, setConfirm] = useState<'unpublish' | 'delete' | null>(null);
  const [changes, setChanges] = useState<RegeneratedSummary | null>(null);
  const [updateFailure, setUpdateFailure] = useState<ApiError | null>(null);
  const unpublish = useUnpublishSummary(workspaceId, summary.id);
  const remove = useDeleteSummary(workspaceId, summary.id);
  const run = useCallback(
    (version: number, options: GenerationStreamOptions) => regenerateSummary(workspaceId, summary.id, version, options),
    [workspaceId, summary.id],
  );
  const regeneration = useGeneration(run);

  const handleUpdate = async () => {
    setUpdateFailure(null);
    try {
      const result = await regeneration.start(summary.version);
      if (!result) return;
      queryClient.setQueryData(summaryQueryKey(workspaceId, summary.id), result.summary);
      void queryClient.invalidateQueries({ queryKey: summaryListsQueryKey(workspaceId) });
      setChanges(result);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setUpdateFailure(error);
    }
  };

  const publication = summary.publication;
  const isLinkActive = publication?.isActive === true;
  const canPublish = summary.issues.length === 0;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <title>{`${summary.title} · Summaries · Tandem`}</title>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Link component={RouterLink} to={paths.questions.summaries.list.getHref()} variant="body2">
            All summaries
          </Link>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
            {summary.title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Chip
              size="small"
              variant="outlined"
              color={summary.status === 'PUBLISHED' ? 'success' : 'default'}
              label={summaryStatusLabels[summary.status]}
            />
            <Typography variant="body2" color="text.secondary">
              Made {formatWhen(summary.generatedAt)} from {summary.answersAtGeneration} answers
            </Typography>
            {!isEditing && <AiProviderNote provider={summary.provider} />}
          </Box>
        </Box>
        {canEdit && !isEditing && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit
            </Button>
            {!isLinkActive && (
              <Button variant="contained" disabled={!canPublish} onClick={() => setPublishMode('publish')}>
                Publish
              </Button>
            )}
            <Button color="error" onClick={() => setConfirm('delete')}>
              Delete
            </Button>
          </Box>
        )}
      </Box>

      {summary.freshness.newAnswers > 0 && (
        <Alert
          severity="info"
          action={
            canEdit &&
            !regeneration.isRunning && (
              <Button color="inherit" onClick={() => void handleUpdate()}>
                Update
              </Button>
            )
          }
        >
          {describeNewAnswers(summary.freshness.newAnswers)} since this summary was made.
        </Alert>
      )}
      {regeneration.isRunning && (
        <GenerationProgress label="Updating the summary" progress={regeneration.progress} onCancel={regeneration.cancel} />
      )}
      {updateFailure && <ApiErrorAlert error={updateFailure} />}
      {canEdit && summary.issues.length > 0 && !isEditing && (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Publishing needs these fixed first:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {summary.issues.map((issue) => (
              <li key={`${issue.path}-${issue.message}`}>{issue.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      {publication && !isEditing && (
        <PublicationPanel
          workspaceId={workspaceId}
          summaryId={summary.id}
          publication={publication}
          canEdit={canEdit}
          canPostToSlack={canEdit && summary.status === 'PUBLISHED'}
          onPublishChanges={() => setPublishMode('republish')}
          onUnpublish={() => setConfirm('unpublish')}
        />
      )}

      {isEditing ? (
        <SummaryEditor
          workspaceId={workspaceId}
          summary={summary}
          saveLabel="Save changes"
          onReload={() => {
            setEditing(false);
            onReload();
          }}
          onSaved={() => {
            showToast('The summary is saved.', 'success');
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <SummaryReadView summary={summary} />
      )}

      <PublishDialog
        open={publishMode !== null}
        workspaceId={workspaceId}
        summaryId={summary.id}
        version={summary.version}
        isRepublish={publishMode === 'republish'}
        onClose={() => setPublishMode(null)}
      />
      <ConfirmDialog
        open={confirm === 'unpublish'}
        title="Unpublish this summary?"
        confirmLabel="Unpublish"
        isDestructive
        isPending={unpublish.isPending}
        onConfirm={() =>
          unpublish.mutate(summary.version, {
            onSuccess: () => {
              setConfirm(null);
              showToast('The link no longer opens the summary.', 'success');
            },
            onError: (error) => {
              setConfirm(null);
              showToast(getApiErrorMessage(error), 'error');
            },
          })
        }
        onClose={() => setConfirm(null)}
      >
        The public link stops working at once: anyone who opens it is told it is no longer active.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this summary?"
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(summary.version, {
            onSuccess: () => {
              showToast('The summary was deleted.', 'success');
              void navigate(paths.questions.summaries.list.getHref());
            },
            onError: (error) => {
              setConfirm(null);
              showToast(getApiErrorMessage(error), 'error');
            },
          })
        }
        onClose={() => setConfirm(null)}
      >
        The summary and its public link are gone for good. The answers it summarised stay.
      </ConfirmDialog>
      <WhatChangedDialog result={changes} onClose={() => setChanges(null)} />
    </Box>
  );
}
