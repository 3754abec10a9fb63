import { workspaceMemberTypeLabels, type ActivityItem, type WorkspaceMemberType } from '@tandem/contract';

/** A member's names, as the profile lists them (seed §3). */
export interface MemberName {
  firstName: string;
  lastName: string;
}

/** "an Executive Assistant", "a User": the type's label with its article (by sound, not spelling). */
const typeWithArticle: Record<WorkspaceMemberType, string> = {
  OWNER: 'an Owner',
  EXECUTIVE: 'an Executive',
  EXECUTIVEASSISTANT: 'an Executive Assistant',
  USER: 'a User',
  GUEST: 'a Guest',
};

const isMemberType = (value: string | undefined): value is WorkspaceMemberType => value !== undefined && value in workspaceMemberTypeLabels;

/**
 * The human sentence of one activity item (PRODUCT §2 kinds), e.g. "Jordan Reyes joined the
 * workspace", "Avery made Jordan an Executive Assistant". `members` resolves the memberIds in
 * `subject` (memberId, workspaceMemberType, title…); unknown people read "Someone" / "a member".
 * Pure.
 */
export function describeActivity(item: ActivityItem, members: ReadonlyMap<string, MemberName>): string {
  const actorFull = item.actor ? `${item.actor.firstName} ${item.actor.lastName}` : 'Someone';
  const actorFirst = item.actor?.firstName ?? 'Someone';
  const subjectMember = item.subject.memberId ? members.get(item.subject.memberId) : undefined;
  const title = item.subject.title ? ` “${item.subject.title}”` : '';
  switch (item.kind) {
    case 'MEMBER_JOINED': {
      const who = subjectMember ? `${subjectMember.firstName} ${subjectMember.lastName}` : actorFull;
      return `${who} joined the workspace`;
    }
    case 'MEMBER_ROLE_CHANGED': {
      const who = subjectMember?.firstName ?? 'a member';
      const type = item.subject.workspaceMemberType ?? item.subject.to;
      if (!isMemberType(type)) return `${actorFirst} changed the member type of ${who}`;
      return `${actorFirst} made ${who} ${typeWithArticle[type]}`;
    }
    case 'ANSWER_RECEIVED':
      return `${item.subject.contactName ?? actorFull} answered${title || ' a question request'}`;
    case 'BRIEF_READY':
      return `${actorFirst} marked the brief${title} ready`;
    case 'BRIEF_ACKNOWLEDGED':
      return `${actorFirst} acknowledged the brief${title}`;
    case 'TASK_ASSIGNED':
      return subjectMember
        ? `${actorFirst} assigned${title || ' a task'} to ${subjectMember.firstName}`
        : `${actorFirst} assigned${title || ' a task'}`;
    case 'TASK_DONE':
      return `${actorFirst} completed${title || ' a task'}`;
    case 'CHAT_REPLY':
      return `${item.subject.contactName ?? actorFull} replied in a chat`;
    case 'SUMMARY_PUBLISHED':
      return `${actorFirst} published the summary${title}`;
  }
}
