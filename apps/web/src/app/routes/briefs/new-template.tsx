import { useSession } from '@/lib/session/session-store';
import { TemplatePage } from '@/features/briefs/components/template-page';

/**
 * /executive-briefs/templates/new (seed §2, login required; PRODUCT §3; issue #9): the template
 * editor for a new template; saving opens /executive-briefs/templates/{id}.
 */
function NewTemplateRoute() {
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  return (
    <TemplatePage workspaceId={workspace.id} workspaceName={workspace.name} memberType={member.workspaceMemberType} templateId="new" />
  );
}

export { NewTemplateRoute as Component };
