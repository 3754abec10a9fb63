import { describe, expect, it } from 'vitest';
import { canTake, invitableTypes } from './permissions';

describe('settings permissions (PRODUCT §6)', () => {
  it('lets owners and the executive administer', () => {
    for (const action of ['renameWorkspace', 'changePlan', 'changeMemberTypes', 'removeMembers', 'inviteMembers'] as const) {
      expect(canTake('OWNER', action)).toBe(true);
      expect(canTake('EXECUTIVE', action)).toBe(true);
      expect(canTake('USER', action)).toBe(false);
      expect(canTake('GUEST', action)).toBe(false);
    }
  });
  it('lets an assistant invite users and guests only', () => {
    expect(canTake('EXECUTIVEASSISTANT', 'inviteMembers')).toBe(true);
    expect(canTake('EXECUTIVEASSISTANT', 'changeMemberTypes')).toBe(false);
    expect(invitableTypes.EXECUTIVEASSISTANT).toEqual(['USER', 'GUEST']);
  });
});
