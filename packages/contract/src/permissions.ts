import { workspaceMemberTypes, type WorkspaceMemberType } from './vocabulary/members.js';

/**
 * A cell of the permission matrix: 'yes', 'no', or 'scoped' — allowed, but only over part of the
 * data, which the feature narrows (the scope is written beside the row).
 */
export type Grant = 'yes' | 'no' | 'scoped';

const row = (owner: Grant, executive: Grant, assistant: Grant, user: Grant, guest: Grant): Record<WorkspaceMemberType, Grant> => ({
  OWNER: owner,
  EXECUTIVE: executive,
  EXECUTIVEASSISTANT: assistant,
  USER: user,
  GUEST: guest,
});

/**
 * The whole permission matrix of PRODUCT §6 as data: action → member type → grant. The columns
 * are OWNER, EXECUTIVE, EXECUTIVEASSISTANT, USER, GUEST. An EXECUTIVE holds owner rights
 * (PRODUCT §1). The server's routes enforce it (assertAllowed); the web app reads it only to hide or disable
 * what would be refused.
 */
export const permissionMatrix = {
  renameWorkspace: row('yes', 'yes', 'no', 'no', 'no'),
  changePlan: row('yes', 'yes', 'no', 'no', 'no'),
  connectSlack: row('yes', 'yes', 'yes', 'no', 'no'),
  changeMemberTypes: row('yes', 'yes', 'no', 'no', 'no'),
  removeMembers: row('yes', 'yes', 'no', 'no', 'no'),
  /** Assistants invite USERs and GUESTs only (see `invitableTypes`). */
  inviteMembers: row('yes', 'yes', 'scoped', 'no', 'no'),
  viewMembers: row('yes', 'yes', 'yes', 'yes', 'yes'),
  viewSubscription: row('yes', 'yes', 'yes', 'yes', 'yes'),
  listAudit: row('yes', 'yes', 'no', 'no', 'no'),
  /** GUESTs see only what they may see otherwise (PRODUCT §6 "limited to what they can see"). */
  viewActivity: row('yes', 'yes', 'yes', 'yes', 'scoped'),
  /** Briefs and templates: create, edit, share. */
  editBriefs: row('yes', 'yes', 'yes', 'no', 'no'),
  /** GUESTs see READY and ACKNOWLEDGED briefs only. */
  viewBriefs: row('yes', 'yes', 'yes', 'yes', 'scoped'),
  acknowledgeBriefs: row('no', 'yes', 'no', 'no', 'no'),
  /** The executive's per-section marks (read / decided / need more), like acknowledging (issue #9). */
  markBriefs: row('no', 'yes', 'no', 'no', 'no'),
  /** The workspace setting that turns every public link off at once (PRODUCT §2 PublicLink). */
  managePublicLinks: row('yes', 'yes', 'no', 'no', 'no'),
  /** Contacts, question requests, chat, summaries. */
  editQuestions: row('yes', 'yes', 'yes', 'no', 'no'),
  viewQuestions: row('yes', 'yes', 'yes', 'yes', 'no'),
  /** USERs create tasks and edit their own and those assigned to them. */
  editTasks: row('yes', 'yes', 'yes', 'scoped', 'no'),
  /** USERs see their own and assigned tasks; GUESTs only those assigned to them. */
  viewTasks: row('yes', 'yes', 'yes', 'scoped', 'scoped'),
  /** GUESTs change the status of tasks assigned to them. */
  changeTaskStatus: row('yes', 'yes', 'yes', 'scoped', 'scoped'),
} as const satisfies Record<string, Record<WorkspaceMemberType, Grant>>;

export type WorkspaceAction = keyof typeof permissionMatrix;

/** Which types each type may invite (PRODUCT §6 "invite members" row). */
export const invitableTypes: Record<WorkspaceMemberType, readonly WorkspaceMemberType[]> = {
  OWNER: workspaceMemberTypes,
  EXECUTIVE: workspaceMemberTypes,
  EXECUTIVEASSISTANT: ['USER', 'GUEST'],
  USER: [],
  GUEST: [],
};

/** What a refusal says the caller tried, e.g. "Only an owner or the executive can {phrase}." */
const actionPhrases: Record<WorkspaceAction, string> = {
  renameWorkspace: 'rename the workspace',
  changePlan: 'change the plan',
  connectSlack: 'connect Slack',
  changeMemberTypes: 'change member types',
  removeMembers: 'remove members',
  inviteMembers: 'invite members',
  viewMembers: 'see the members',
  viewSubscription: 'see the subscription',
  listAudit: 'see the audit log',
  viewActivity: 'see the activity',
  editBriefs: 'edit briefs',
  viewBriefs: 'see briefs',
  acknowledgeBriefs: 'acknowledge briefs',
  markBriefs: 'mark the sections of a brief',
  managePublicLinks: 'turn public links on or off',
  editQuestions: 'edit questions, contacts and summaries',
  viewQuestions: 'see questions, contacts and summaries',
  editTasks: 'edit tasks',
  viewTasks: 'see tasks',
  changeTaskStatus: 'change the status of tasks',
};

const typeNouns: Record<WorkspaceMemberType, string> = {
  OWNER: 'an owner',
  EXECUTIVE: 'the executive',
  EXECUTIVEASSISTANT: 'an executive assistant',
  USER: 'a user',
  GUEST: 'a guest',
};
const typePlurals: Record<WorkspaceMemberType, string> = {
  OWNER: 'owners',
  EXECUTIVE: 'executives',
  EXECUTIVEASSISTANT: 'executive assistants',
  USER: 'users',
  GUEST: 'guests',
};

function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The message of a refusal, built from the matrix: "Only an owner or the executive can …". */
export function describeRefusal(action: WorkspaceAction): string {
  const allowed = workspaceMemberTypes.filter((type) => permissionMatrix[action][type] !== 'no');
  const subject = allowed.length === 0 ? 'nobody' : listWords(allowed.map((type) => typeNouns[type]));
  return `Only ${subject} can ${actionPhrases[action]}.`;
}

/** Why a member who may invite cannot invite this type: "As an executive assistant, you can invite users or guests only." */
export function describeInviteLimit(type: WorkspaceMemberType): string {
  const allowed = invitableTypes[type].map((invitable) => typePlurals[invitable]);
  return `As ${typeNouns[type]}, you can invite ${listWords(allowed)} only.`;
}

/**
 * True when `type` may do `action` (PRODUCT §6). For inviteMembers, `invitedType` (the type of
 * the person being invited) must also be one the caller may invite.
 */
export function can(type: WorkspaceMemberType, action: WorkspaceAction, options: { invitedType?: WorkspaceMemberType } = {}): boolean {
  if (permissionMatrix[action][type] === 'no') return false;
  if (action === 'inviteMembers' && options.invitedType) return invitableTypes[type].includes(options.invitedType);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Tasks (PRODUCT §6 tasks rows)

/** The people a task concerns, as visibility checks need them. */
export interface TaskParties {
  createdByMemberId: string | null;
  assigneeMemberId: string | null;
}

/**
 * Whether a member of type `type` with id `memberId` may see a task (PRODUCT §6 tasks row):
 * OWNER, EXECUTIVE and EXECUTIVEASSISTANT see all; a USER the tasks they created or that are
 * assigned to them; a GUEST only tasks assigned to them.
 */
export function canSeeTask(type: WorkspaceMemberType, memberId: string, task: TaskParties): boolean {
  if (permissionMatrix.viewTasks[type] === 'yes') return true;
  if (type === 'USER') return task.createdByMemberId === memberId || task.assigneeMemberId === memberId;
  if (type === 'GUEST') return task.assigneeMemberId === memberId;
  return false;
}

/**
 * Whether a member may change fields other than `status` of a task they can see (PRODUCT §6):
 * everyone but a GUEST. A GUEST may change only the status of tasks assigned to them.
 */
export function canEditTask(type: WorkspaceMemberType, memberId: string, task: TaskParties): boolean {
  return permissionMatrix.editTasks[type] !== 'no' && canSeeTask(type, memberId, task);
}

/**
 * Whether a member may change the status of a task they can see (PRODUCT §6): whoever may edit it,
 * and a GUEST on a task assigned to them ("assigned to them: view, change status").
 */
export function canChangeTaskStatus(type: WorkspaceMemberType, memberId: string, task: TaskParties): boolean {
  return canEditTask(type, memberId, task) || (canSeeTask(type, memberId, task) && permissionMatrix.changeTaskStatus[type] !== 'no');
}

/**
 * Whether a member may delete a task: OWNER, EXECUTIVE and EXECUTIVEASSISTANT any; a USER only
 * the tasks they created (an assignee cannot make delegated work disappear); never a GUEST.
 */
export function canDeleteTask(type: WorkspaceMemberType, memberId: string, task: TaskParties): boolean {
  if (permissionMatrix.editTasks[type] === 'yes') return true;
  return type === 'USER' && task.createdByMemberId === memberId;
}
