// Member types with their labels and descriptions (seed §3): the contract's vocabulary without zod. A screen that only shows a label or checks a
// permission imports these and evaluates no schema (a chunk holds whole modules, so a label kept
// beside its schemas brought them all; bench/README, issue #13). members.ts builds its schemas on
// them and re-exports them, so '@tandem/contract' offers the same names.

/** Member types and their labels (seed §3). */
export const workspaceMemberTypes = ['OWNER', 'EXECUTIVE', 'EXECUTIVEASSISTANT', 'USER', 'GUEST'] as const;
export type WorkspaceMemberType = (typeof workspaceMemberTypes)[number];

export const workspaceMemberTypeLabels: Record<WorkspaceMemberType, string> = {
  OWNER: 'Owner',
  EXECUTIVE: 'Executive',
  EXECUTIVEASSISTANT: 'Executive Assistant',
  USER: 'User',
  GUEST: 'Guest',
};

/**
 * One line per member type, shown wherever a type is chosen (invite, change type; issue #8). Each
 * states what PRODUCT §1 and §6 give that type, so keep them in step with permissions.ts.
 */
export const workspaceMemberTypeDescriptions: Record<WorkspaceMemberType, string> = {
  OWNER: 'Runs the workspace: name, plan, members and all the work.',
  EXECUTIVE: 'The person this office supports: owner rights, and acknowledges briefs. One per workspace.',
  EXECUTIVEASSISTANT: 'Prepares briefs, questions and tasks; invites users and guests.',
  USER: 'Staff who help: sees briefs and questions, creates tasks, edits their own.',
  GUEST: 'Read-only outsider: sees ready briefs and the tasks assigned to them.',
};
