import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { LoadError, LoadingRows, PageMessage } from '@/components/ui/screen-states';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { useSummary } from '../api/get-summary';
import { useDeleteSummary } from '../api/delete-summary';
import { SummaryEditor } from './summary-editor';

/**
 * Step 2 of a summary (issue #11 /questions/summaries/step2?id=): the generated DRAFT in the editor.
 * Save → the summary's page; "Discard draft" deletes it (confirmed) and goes back to the list.
 */
export function SummaryReview({ workspaceId, summaryId }: { workspaceId: string; summaryId: string }) {
  const navigate = useNavigate();
  const summary = useSummary(workspaceId, summaryId);
  const remove = useDeleteSummary(workspaceId, summaryId);
  const [isDiscarding, setDiscarding] = useState(false);
  // The editor's leave guard, let through once the draft is deleted (its edits are meant to go).
  const releaseGuard = useRef<() => void>(() => undefined);
  if (summary.isPending) return <LoadingRows label="Loading the draft" rows={5} />;
  if (summary.isError) {
    if (isApiError(summary.error) && (summary.error.status === 404 || summary.error.status === 400)) {
      return (
        <PageMessage
          title="Draft not found"
          action={
            <Button component={RouterLink} to={paths.questions.summaries.new.getHref()} variant="outlined">
              New summary
            </Button>
          }
        >
          It was discarded, or the link is wrong.
        </PageMessage>
      );
    }
    return <LoadError message="The draft could not be loaded." onRetry={() => void summary.refetch()} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <title>{`Review: ${summary.data.title} · Tandem`}</title>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          Review the summary
        </Typography>
        <Typography color="text.secondary">
          Step 2 of 2: check every key point against the answers it cites before you save or publish.
        </Typography>
      </Box>
      <SummaryEditor
        key={summary.data.id}
        workspaceId={workspaceId}
        summary={summary.data}
        onReload={() => void summary.refetch()}
        onSaved={(saved) => void navigate(paths.questions.summaries.detail.getHref(saved.id))}
        secondaryAction={(release) => {
          releaseGuard.current = release;
          return (
            <Button color="error" onClick={() => setDiscarding(true)}>
              Discard draft
            </Button>
          );
        }}
      />
      <ConfirmDialog
        open={isDiscarding}
        title="Discard this draft?"
        confirmLabel="Discard"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(summary.data.version, {
            onSuccess: () => {
              releaseGuard.current();
              showToast('The draft was discarded.', 'success');
              void navigate(paths.questions.summaries.list.getHref());
            },
            onError: (error) => {
              setDiscarding(false);
              showToast(getApiErrorMessage(error), 'error');
            },
          })
        }
        onClose={() => setDiscarding(false)}
      >
        The generated summary and your edits are deleted. The answers stay.
      </ConfirmDialog>
    </Box>
  );
}
