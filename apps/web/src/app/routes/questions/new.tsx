import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { RequestComposer } from '@/features/questions/components/request-composer';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import { emptyDraft } from '@/features/questions/utils/composer-draft';

/**
 * /questions/new (issue #10): the composer of a new request. Nothing is saved until something
 * meaningful is typed; the first save creates the draft and the URL becomes /questions/{id}
 * (replaced; the composer's state, typing until the new route mounts included, is handed over by
 * the questions feature's composer handoff, so nothing typed is lost).
 */
function NewQuestionRequestRoute() {
  const access = useQuestionsAccess();
  const navigate = useNavigate();
  const initialDraft = useMemo(() => emptyDraft(), []);
  if (!access) return null;
  if (!access.canEdit) return <NoQuestionsAccess isReader={access.canView} />;
  return (
    <>
      <title>{`New request · ${access.workspaceName} · Tandem`}</title>
      <RequestComposer
        workspaceId={access.workspaceId}
        initialDraft={initialDraft}
        initialSaved={null}
        onCreated={(request) => void navigate(paths.questions.detail.getHref(request.id), { replace: true })}
        onSent={(request) => void navigate(paths.questions.detail.getHref(request.id), { replace: true })}
      />
    </>
  );
}

export { NewQuestionRequestRoute as Component };
