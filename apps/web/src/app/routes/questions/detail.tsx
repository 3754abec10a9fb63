import Button from '@mui/material/Button';
import type { QuestionRequest } from '@tandem/contract';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useContactsById } from '@/features/questions/api/contacts';
import { useQuestionRequest } from '@/features/questions/api/get-question-request';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { RequestComposer } from '@/features/questions/components/request-composer';
import { RequestDetailView } from '@/features/questions/components/request-detail';
import { LoadError, LoadingRows, PageMessage } from '@/components/ui/screen-states';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import { dropComposerHandoff, readComposerHandoff } from '@/features/questions/utils/composer-handoff';
import { draftFromRequest, toSaveBody, type DraftRecipient } from '@/features/questions/utils/composer-draft';

/**
 * The composer's state handed over by /questions/new for request `id` (its newest, typing during the
 * URL change included), read when this route renders for `id` and dropped when it leaves `id`.
 */
function useComposerHandoff(id: string) {
  const handoff = useMemo(() => readComposerHandoff(id), [id]);
  useEffect(() => () => dropComposerHandoff(id), [id]);
  return handoff;
}

/**
 * /questions/{id} (issue #10): the composer while the request is a DRAFT (for those who edit
 * questions), else its people, answers and actions (RequestDetailView). Kept live by the
 * `question` events (features/questions/events). 404 → "not found".
 */
function QuestionRequestRoute() {
  const access = useQuestionsAccess();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const request = useQuestionRequest(access?.workspaceId ?? '', id);
  const handoff = useComposerHandoff(id);
  if (!access) return null;
  if (!access.canView) return <NoQuestionsAccess />;
  const { workspaceId } = access;
  const onSent = () => void navigate(paths.questions.detail.getHref(id), { replace: true });

  if (request.data && (request.data.status !== 'DRAFT' || !access.canEdit))
    return <RequestDetailView workspaceId={workspaceId} request={request.data} canEdit={access.canEdit} />;
  if (handoff)
    return <RequestComposer key={id} workspaceId={workspaceId} initialDraft={handoff.draft} initialSaved={handoff} onSent={onSent} />;
  if (request.isError) {
    const isGone = isApiError(request.error) && (request.error.status === 404 || request.error.status === 400);
    return isGone ? (
      <PageMessage
        title="Request not found"
        action={
          <Button component={RouterLink} to={paths.questions.list.getHref()} variant="outlined">
            All requests
          </Button>
        }
      >
        It was deleted, or the link is wrong.
      </PageMessage>
    ) : (
      <LoadError message="The request could not be loaded." onRetry={() => void request.refetch()} />
    );
  }
  if (!request.data) return <LoadingRows label="Loading the request" rows={3} height={120} />;
  return <DraftComposer key={id} workspaceId={workspaceId} request={request.data} onSent={onSent} />;
}

/** A saved draft opened again: its people are loaded by id, then the composer continues it. */
function DraftComposer({ workspaceId, request, onSent }: { workspaceId: string; request: QuestionRequest; onSent: () => void }) {
  const contacts = useContactsById(workspaceId, request.contactIds);
  const isLoading = contacts.some((contact) => contact.isPending);
  const recipients = useMemo<DraftRecipient[]>(
    () => contacts.flatMap((contact) => (contact.data ? [contact.data] : [])),
    // The composer reads them once, when it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isLoading],
  );
  if (isLoading) return <LoadingRows label="Loading the draft" rows={3} height={120} />;
  const draft = draftFromRequest(request, recipients);
  return (
    <RequestComposer
      workspaceId={workspaceId}
      initialDraft={draft}
      initialSaved={{ requestId: request.id, version: request.version, savedJson: JSON.stringify(toSaveBody(draft)) }}
      onSent={onSent}
    />
  );
}

export { QuestionRequestRoute as Component };
