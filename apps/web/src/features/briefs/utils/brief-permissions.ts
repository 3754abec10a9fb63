import { can, type Brief, type WorkspaceMemberType } from '@tandem/contract';

/** What the signed-in member may do with a brief, from the contract's matrix (PRODUCT §6; issue #9). */
export interface BriefAbilities {
  /** Create, edit, delete, restore, mark ready, share: OWNER, EXECUTIVE, EXECUTIVEASSISTANT. */
  canEdit: boolean;
  /** Mark sections read / decided / need more: the EXECUTIVE. */
  canMark: boolean;
  /** Acknowledge a READY brief: the EXECUTIVE. */
  canAcknowledge: boolean;
  /** "Mark ready": an editor, while the brief is a DRAFT. */
  canMarkReady: boolean;
}

/** True when `type` may create briefs (the list's "New brief"; USERs and GUESTs read only). */
export function canCreateBriefs(type: WorkspaceMemberType): boolean {
  return can(type, 'editBriefs');
}

/** The member's abilities on `brief` (its status decides the status actions). Pure. */
export function getBriefAbilities(type: WorkspaceMemberType, brief: Pick<Brief, 'status'>): BriefAbilities {
  const canEdit = can(type, 'editBriefs');
  return {
    canEdit,
    canMark: can(type, 'markBriefs'),
    canAcknowledge: can(type, 'acknowledgeBriefs') && brief.status === 'READY',
    canMarkReady: canEdit && brief.status === 'DRAFT',
  };
}
