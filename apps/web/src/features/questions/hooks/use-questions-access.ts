import { can } from '@tandem/contract';
import { useSession } from '@/lib/session/session-store';

/**
 * Who may do what with questions (PRODUCT §6): OWNER, EXECUTIVE and EXECUTIVEASSISTANT edit
 * (`editQuestions`), a USER views (`viewQuestions`), a GUEST sees nothing. null before the session
 * has a workspace.
 */
export function useQuestionsAccess(): { workspaceId: string; workspaceName: string; canView: boolean; canEdit: boolean } | null {
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    canView: can(member.workspaceMemberType, 'viewQuestions'),
    canEdit: can(member.workspaceMemberType, 'editQuestions'),
  };
}
