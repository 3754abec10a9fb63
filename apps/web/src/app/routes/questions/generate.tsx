import { GenerateQuestionsPage } from '@/features/ai';
import { NoQuestionsAccess, useQuestionsAccess } from '@/features/questions';

/**
 * /questions/generate (issue #11): the assistant proposes questions for a goal and an audience.
 * Writing questions is OWNER, EXECUTIVE and EXECUTIVEASSISTANT (PRODUCT §6 editQuestions): a USER
 * is told they cannot, a GUEST that questions are not shared with guests.
 */
function GenerateRoute() {
  const access = useQuestionsAccess();
  if (!access) return null;
  if (!access.canEdit) return <NoQuestionsAccess isReader={access.canView} />;
  return (
    <>
      <title>{`Generate questions · ${access.workspaceName} · Tandem`}</title>
      <GenerateQuestionsPage key={access.workspaceId} workspaceId={access.workspaceId} />
    </>
  );
}

export { GenerateRoute as Component };
