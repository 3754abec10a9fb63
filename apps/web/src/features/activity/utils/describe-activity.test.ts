import type { ActivityItem } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './describe-activity';

const averyId = '0190a000-0000-7000-8000-000000000001';
const jordanId = '0190a000-0000-7000-8000-000000000002';
const avery = { memberId: averyId, firstName: 'Avery', lastName: 'Tester' };
const jordan = { memberId: jordanId, firstName: 'Jordan', lastName: 'Reyes' };
const members = new Map([[jordanId, { firstName: 'Jordan', lastName: 'Reyes' }]]);
const item = (patch: Partial<ActivityItem>): ActivityItem => ({
  id: '0190a000-0000-7000-8000-000000000009',
  kind: 'MEMBER_JOINED',
  actor: avery,
  subject: {},
  subjectMember: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  isUnread: true,
  ...patch,
});
const task = { taskId: '0190a000-0000-7000-8000-00000000000a', title: 'Prepare talking points' };

describe('describeActivity', () => {
  it('names the member who joined', () => {
    expect(describeActivity(item({ actor: jordan }), members)).toBe('Jordan Reyes joined the workspace');
    expect(describeActivity(item({ actor: null, subject: { memberId: jordanId } }), members)).toBe('Jordan Reyes joined the workspace');
    expect(describeActivity(item({ actor: jordan, subject: { memberId: jordanId }, subjectMember: jordan }))).toBe(
      'Jordan Reyes joined the workspace',
    );
  });

  it('words a member type change with the right article', () => {
    const changed = item({ kind: 'MEMBER_ROLE_CHANGED', subject: { memberId: jordanId, workspaceMemberType: 'EXECUTIVEASSISTANT' } });
    expect(describeActivity(changed, members)).toBe('Avery made Jordan an Executive Assistant');
    const toUser = item({ kind: 'MEMBER_ROLE_CHANGED', subject: { memberId: jordanId, workspaceMemberType: 'USER' } });
    expect(describeActivity(toUser, members)).toBe('Avery made Jordan a User');
  });

  it('falls back when the subject is unknown', () => {
    expect(describeActivity(item({ kind: 'MEMBER_ROLE_CHANGED', subject: {} }), members)).toBe('Avery changed the member type of a member');
    expect(describeActivity(item({ kind: 'TASK_ASSIGNED', subject: {} }))).toBe('Avery assigned a task');
  });

  it('names an invitee by the server’s subjectMember, with the type given', () => {
    const invited = item({
      kind: 'MEMBER_INVITED',
      subject: { memberId: jordanId, workspaceMemberType: 'EXECUTIVEASSISTANT' },
      subjectMember: jordan,
    });
    expect(describeActivity(invited)).toBe('Avery invited Jordan Reyes as an Executive Assistant');
    expect(describeActivity(item({ kind: 'MEMBER_INVITED', subject: { workspaceMemberType: 'GUEST' } }))).toBe(
      'Avery invited a new member as a Guest',
    );
  });

  it('says which plan the workspace moved from and to', () => {
    expect(describeActivity(item({ kind: 'PLAN_CHANGED', subject: { from: 'FREE', to: 'PRO' } }))).toBe(
      'Avery changed the plan from Free to Pro',
    );
  });

  it('tells who did what to whom with a task', () => {
    expect(describeActivity(item({ kind: 'TASK_CREATED', subject: task }))).toBe('Avery added the task “Prepare talking points”');
    const assigned = item({ kind: 'TASK_ASSIGNED', subject: { ...task, memberId: jordanId }, subjectMember: jordan });
    expect(describeActivity(assigned)).toBe('Avery assigned “Prepare talking points” to Jordan');
    const taken = item({ kind: 'TASK_ASSIGNED', subject: { ...task, memberId: averyId }, subjectMember: avery });
    expect(describeActivity(taken)).toBe('Avery took on “Prepare talking points”');
    expect(describeActivity(item({ kind: 'TASK_DONE', subject: task }))).toBe('Avery completed “Prepare talking points”');
    const overdue = item({ kind: 'TASK_OVERDUE', actor: null, subject: { ...task, memberId: jordanId }, subjectMember: jordan });
    expect(describeActivity(overdue)).toBe('“Prepare talking points”, assigned to Jordan, is overdue');
    expect(describeActivity(item({ kind: 'TASK_OVERDUE', actor: null, subject: task }))).toBe('“Prepare talking points” is overdue');
  });
});
