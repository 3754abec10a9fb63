import { describe, expect, it } from 'vitest';
import { workspaceMemberTypes } from './members.js';
import { can, describeInviteLimit, describeRefusal, invitableTypes, permissionMatrix } from './permissions.js';

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
