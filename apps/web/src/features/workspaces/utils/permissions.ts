import { workspaceMemberTypes, type WorkspaceMemberType } from '@tandem/contract';

/** Settings actions the UI offers or withholds (PRODUCT §6, rows "rename workspace…" and "invite members"). */
export type SettingsAction = 'renameWorkspace' | 'changePlan' | 'changeMemberTypes' | 'removeMembers' | 'inviteMembers';

const administrators: readonly WorkspaceMemberType[] = ['OWNER', 'EXECUTIVE'];

/**
 * Which member types each type may invite (PRODUCT §6): OWNER and EXECUTIVE any type,
 * EXECUTIVEASSISTANT USERs and GUESTs only, USER and GUEST none. The server decides; the UI only
 * hides what would be refused.
 */
export const invitableTypes: Record<WorkspaceMemberType, readonly WorkspaceMemberType[]> = {
  OWNER: workspaceMemberTypes,
  EXECUTIVE: workspaceMemberTypes,
  EXECUTIVEASSISTANT: ['USER', 'GUEST'],
  USER: [],
  GUEST: [],
};

/** True when a member of `type` may take `action` (PRODUCT §6; an EXECUTIVE holds owner rights, §1). */
export function canTake(type: WorkspaceMemberType | undefined, action: SettingsAction): boolean {
  if (!type) return false;
  if (action === 'inviteMembers') return invitableTypes[type].length > 0;
  return administrators.includes(type);
}

/** Why an action is withheld, for the disabled control's tooltip (the server's wording of a 403). */
export const refusalReasons: Record<SettingsAction, string> = {
  renameWorkspace: 'Only an owner or the executive can rename the workspace',
  changePlan: 'Only an owner or the executive can change the plan',
  changeMemberTypes: 'Only an owner or the executive can change member types',
  removeMembers: 'Only an owner or the executive can remove members',
  inviteMembers: 'Only an owner, the executive or an executive assistant can invite members',
};
