import { useParams } from 'react-router';
import { useSession } from '@/lib/session/session-store';
import { TemplatePage } from '@/features/briefs/components/template-page';

/**
 * /executive-briefs/templates/{id} (seed §2, login required; PRODUCT §3; issue #9): a template's
 * editor, or read-only with "Duplicate" for a built-in; "Use this template" starts a brief from it.
 */
function TemplateRoute() {
  const { id = '' } = useParams();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  return <TemplatePage workspaceId={workspace.id} workspaceName={workspace.name} memberType={member.workspaceMemberType} templateId={id} />;
}

export { TemplateRoute as Component };
