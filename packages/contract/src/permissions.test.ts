import { describe, expect, it } from 'vitest';
import { workspaceMemberTypeDescriptions, workspaceMemberTypes } from './members.js';
import {
  can,
  canChangeTaskStatus,
  canDeleteTask,
  canEditTask,
  canSeeTask,
  describeInviteLimit,
  describeRefusal,
  invitableTypes,
  permissionMatrix,
} from './permissions.js';

describe('the permission matrix (PRODUCT §6)', () => {
  it('gives OWNER and EXECUTIVE every settings action, USER and GUEST none', () => {
    for (const action of ['renameWorkspace', 'changePlan', 'changeMemberTypes', 'removeMembers', 'inviteMembers'] as const) {
      expect(can('OWNER', action), action).toBe(true);
      expect(can('EXECUTIVE', action), action).toBe(true);
      expect(can('USER', action), action).toBe(false);
      expect(can('GUEST', action), action).toBe(false);
    }
  });

  it('lets an EXECUTIVEASSISTANT invite USERs and GUESTs only, and connect Slack', () => {
    expect(invitableTypes.EXECUTIVEASSISTANT).toEqual(['USER', 'GUEST']);
    expect(can('EXECUTIVEASSISTANT', 'inviteMembers', { invitedType: 'GUEST' })).toBe(true);
    expect(can('EXECUTIVEASSISTANT', 'inviteMembers', { invitedType: 'OWNER' })).toBe(false);
    expect(can('EXECUTIVEASSISTANT', 'changeMemberTypes')).toBe(false);
    expect(can('EXECUTIVEASSISTANT', 'connectSlack')).toBe(true);
  });

  it('lets only the EXECUTIVE acknowledge briefs', () => {
    expect(workspaceMemberTypes.filter((type) => can(type, 'acknowledgeBriefs'))).toEqual(['EXECUTIVE']);
  });

  it('words every refusal from the matrix', () => {
    expect(describeRefusal('changeMemberTypes')).toBe('Only an owner or the executive can change member types.');
    expect(describeRefusal('inviteMembers')).toBe('Only an owner, the executive or an executive assistant can invite members.');
    expect(describeInviteLimit('EXECUTIVEASSISTANT')).toBe('As an executive assistant, you can invite users or guests only.');
    for (const action of Object.keys(permissionMatrix) as (keyof typeof permissionMatrix)[]) {
      expect(describeRefusal(action)).toMatch(/^Only .+ can .+\.$/);
    }
  });
});

describe('task abilities (PRODUCT §6 tasks row)', () => {
  const me = 'member-me';
  const other = 'member-other';
  const relations = {
    created: { createdByMemberId: me, assigneeMemberId: other },
    assigned: { createdByMemberId: other, assigneeMemberId: me },
    neither: { createdByMemberId: other, assigneeMemberId: null },
  };
  type Abilities = [see: boolean, edit: boolean, status: boolean, remove: boolean];
  const expected: Record<(typeof workspaceMemberTypes)[number], Record<keyof typeof relations, Abilities>> = {
    OWNER: { created: [true, true, true, true], assigned: [true, true, true, true], neither: [true, true, true, true] },
    EXECUTIVE: { created: [true, true, true, true], assigned: [true, true, true, true], neither: [true, true, true, true] },
    EXECUTIVEASSISTANT: { created: [true, true, true, true], assigned: [true, true, true, true], neither: [true, true, true, true] },
    USER: { created: [true, true, true, true], assigned: [true, true, true, false], neither: [false, false, false, false] },
    GUEST: { created: [false, false, false, false], assigned: [true, false, true, false], neither: [false, false, false, false] },
  };

  it('sees, edits, changes the status of and deletes exactly what the table says', () => {
    for (const type of workspaceMemberTypes) {
      for (const [relation, task] of Object.entries(relations) as [keyof typeof relations, (typeof relations)['created']][]) {
        const actual: Abilities = [
          canSeeTask(type, me, task),
          canEditTask(type, me, task),
          canChangeTaskStatus(type, me, task),
          canSeeTask(type, me, task) && canDeleteTask(type, me, task),
        ];
        expect(actual, `${type} / ${relation}`).toEqual(expected[type][relation]);
      }
    }
  });
});

describe('member type descriptions (issue #8: one line wherever a type is chosen)', () => {
  it('describes every type in one short line', () => {
    for (const type of workspaceMemberTypes) {
      const description = workspaceMemberTypeDescriptions[type];
      expect(description, type).toMatch(/^\S.*\.$/);
      expect(description, type).not.toContain('\n');
      expect(description.length, type).toBeLessThanOrEqual(100);
    }
  });

  it('says what an assistant may invite as invitableTypes does', () => {
    expect(invitableTypes.EXECUTIVEASSISTANT).toEqual(['USER', 'GUEST']);
    expect(workspaceMemberTypeDescriptions.EXECUTIVEASSISTANT).toContain('invites users and guests');
  });
});
