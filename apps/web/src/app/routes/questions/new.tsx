import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { NoQuestionsAccess } from '@/features/questions/components/no-questions-access';
import { RequestComposer } from '@/features/questions/components/request-composer';
import { useQuestionsAccess } from '@/features/questions/hooks/use-questions-access';
import { emptyDraft } from '@/features/questions/utils/composer-draft';
import { draftFromGenerated, dropGeneratedHandoff, readGeneratedHandoff } from '@/features/questions/utils/generated-handoff';

/**
 * /questions/new (issue #10): the composer of a new request. Nothing is saved until something
 * meaningful is typed; the first save creates the draft and the URL becomes /questions/{id}
 * (replaced; the composer's state, typing until the new route mounts included, is handed over by
 * the questions feature's composer handoff, so nothing typed is lost). With `?generated={key}`
 * (issue #11, from /questions/generate) the new draft starts from the generated questions, people
 * and goal in session storage; the entry is consumed once the draft is created (a reload before
 * that keeps it).
 */
function NewQuestionRequestRoute() {
  const access = useQuestionsAccess();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const generatedKey = searchParams.get('generated');
  const generated = useMemo(() => (generatedKey ? readGeneratedHandoff(generatedKey) : null), [generatedKey]);
  const initialDraft = useMemo(() => (generated ? draftFromGenerated(generated) : emptyDraft()), [generated]);
  if (!access) return null;
  if (!access.canEdit) return <NoQuestionsAccess isReader={access.canView} />;
  return (
    <>
      <title>{`New request · ${access.workspaceName} · Tandem`}</title>
      <RequestComposer
        key={generatedKey ?? 'new'}
        workspaceId={access.workspaceId}
        initialDraft={initialDraft}
        initialSaved={null}
        shouldShowItemProblems={generated !== null}
        onCreated={(request) => {
          if (generatedKey) dropGeneratedHandoff(generatedKey);
          void navigate(paths.questions.detail.getHref(request.id), { replace: true });
        }}
        onSent={(request) => void navigate(paths.questions.detail.getHref(request.id), { replace: true })}
      />
    </>
  );
}

export { NewQuestionRequestRoute as Component };
