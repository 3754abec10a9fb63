import { workspaceMemberTypeLabels, type ActivityItem, type SubscriptionType, type WorkspaceMemberType } from '@tandem/contract';

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

/** Plan names as the subscription tab shows them (PRODUCT §8). */
const planLabels: Record<SubscriptionType, string> = { FREE: 'Free', PRO: 'Pro', ENTERPRISE: 'Enterprise' };

const isMemberType = (value: string | undefined): value is WorkspaceMemberType => value !== undefined && value in workspaceMemberTypeLabels;
const isPlan = (value: string | undefined): value is SubscriptionType => value !== undefined && value in planLabels;

/**
 * The human sentence of one activity item (PRODUCT §2 kinds; issue #8 "who did what to whom"),
 * e.g. "Eleanor assigned “Prepare talking points” to Alex", "Eleanor invited Jamie Doe as an
 * Executive Assistant", "“Sign the NDA”, assigned to Eleanor, is overdue". The acting person is
 * `item.actor` (none: the system); the person acted upon is `item.subjectMember`, else `members`
 * resolves `subject.memberId` (older servers); unknown people read "Someone" / "a member". The
 * result is plain text: render it as text (user-written titles stay inert). Pure.
 */
export function describeActivity(item: ActivityItem, members: ReadonlyMap<string, MemberName> = new Map()): string {
  const actorFull = item.actor ? `${item.actor.firstName} ${item.actor.lastName}` : 'Someone';
  const actorFirst = item.actor?.firstName ?? 'Someone';
  const subjectMember: MemberName | undefined =
    item.subjectMember ?? (item.subject.memberId ? members.get(item.subject.memberId) : undefined);
  const subjectFull = subjectMember ? `${subjectMember.firstName} ${subjectMember.lastName}` : undefined;
  const quoted = item.subject.title ? `“${item.subject.title}”` : undefined;
  const title = quoted ? ` ${quoted}` : '';
  const memberType = item.subject.workspaceMemberType ?? item.subject.to;
  switch (item.kind) {
    case 'MEMBER_INVITED':
      return isMemberType(memberType)
        ? `${actorFirst} invited ${subjectFull ?? 'a new member'} as ${typeWithArticle[memberType]}`
        : `${actorFirst} invited ${subjectFull ?? 'a new member'}`;
    case 'MEMBER_JOINED':
      return `${subjectFull ?? actorFull} joined the workspace`;
    case 'MEMBER_ROLE_CHANGED': {
      const who = subjectMember?.firstName ?? 'a member';
      if (!isMemberType(memberType)) return `${actorFirst} changed the member type of ${who}`;
      return `${actorFirst} made ${who} ${typeWithArticle[memberType]}`;
    }
    case 'PLAN_CHANGED': {
      const { from, to } = item.subject;
      if (!isPlan(to)) return `${actorFirst} changed the plan`;
      return isPlan(from)
        ? `${actorFirst} changed the plan from ${planLabels[from]} to ${planLabels[to]}`
        : `${actorFirst} changed the plan to ${planLabels[to]}`;
    }
    case 'ANSWER_RECEIVED':
      return `${item.subject.contactName ?? actorFull} answered${title || ' a question request'}`;
    case 'BRIEF_READY':
      return `${actorFirst} marked the brief${title} ready`;
    case 'BRIEF_ACKNOWLEDGED':
      return `${actorFirst} acknowledged the brief${title}`;
    case 'BRIEF_NEED_MORE': {
      const section = item.subject.heading ? ` on “${item.subject.heading}”` : '';
      return `${actorFirst} needs more${section} in${title || ' a brief'}`;
    }
    case 'TASK_CREATED':
      return `${actorFirst} added the task${title}`;
    case 'TASK_ASSIGNED':
      if (subjectMember && item.actor && item.subject.memberId === item.actor.memberId) return `${actorFirst} took on${title || ' a task'}`;
      return subjectMember
        ? `${actorFirst} assigned${title || ' a task'} to ${subjectMember.firstName}`
        : `${actorFirst} assigned${title || ' a task'}`;
    case 'TASK_DONE':
      return `${actorFirst} completed${title || ' a task'}`;
    case 'TASK_OVERDUE':
      return subjectMember
        ? `${quoted ?? 'A task'}, assigned to ${subjectMember.firstName}, is overdue`
        : `${quoted ?? 'A task'} is overdue`;
    case 'CHAT_REPLY':
      return `${item.subject.contactName ?? actorFull} replied in a chat`;
    case 'SUMMARY_PUBLISHED':
      return `${actorFirst} published the summary${title}`;
  }
}
