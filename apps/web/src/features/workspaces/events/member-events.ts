import { defineWorkspaceEventHandler } from '@/lib/events/event-handlers';
import { reloadProfile } from '@/lib/session/session-store';
import { membersQueryOptions } from '../api/get-members';

/** True for the activity kinds about membership (MEMBER_JOINED, MEMBER_ROLE_CHANGED, later ones). */
export function isMembershipKind(kind: string): boolean {
  return kind.startsWith('MEMBER_');
}

/**
 * The workspaces feature's live updates (ARCHITECTURE "events"): a membership activity item
 * (MEMBER_*) refreshes the member list and reloads the profile, whose workspace lists the members
 * and the signed-in member's own type (seed §4). Other activity leaves both alone. A reopened
 * stream refreshes the member list; the profile was reloaded by the session refresh that reopened it.
 */
export const memberEventHandler = defineWorkspaceEventHandler({
  type: 'activity',
  handle: (event, { queryClient, workspaceId }) => {
    if (!isMembershipKind(event.kind)) return;
    void queryClient.invalidateQueries({ queryKey: membersQueryOptions(workspaceId).queryKey });
    void reloadProfile();
  },
  onResync: ({ queryClient, workspaceId }) => void queryClient.invalidateQueries({ queryKey: membersQueryOptions(workspaceId).queryKey }),
});
