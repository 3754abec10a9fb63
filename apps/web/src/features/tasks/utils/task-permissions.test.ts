import { describe, expect, it } from 'vitest';
import { canCreateTasks, getTaskAbilities } from './task-permissions';

const task = { createdByMemberId: 'creator', assigneeMemberId: 'assignee' };

describe('getTaskAbilities', () => {
  it('lets owners, the executive and assistants do everything', () => {
    for (const type of ['OWNER', 'EXECUTIVE', 'EXECUTIVEASSISTANT'] as const) {
      expect(getTaskAbilities({ memberId: 'other', workspaceMemberType: type }, task)).toEqual({ canEdit: true, canChangeStatus: true });
    }
  });
  it('lets a user edit their own and assigned tasks only', () => {
    expect(getTaskAbilities({ memberId: 'creator', workspaceMemberType: 'USER' }, task)).toEqual({ canEdit: true, canChangeStatus: true });
    expect(getTaskAbilities({ memberId: 'assignee', workspaceMemberType: 'USER' }, task)).toEqual({ canEdit: true, canChangeStatus: true });
    expect(getTaskAbilities({ memberId: 'other', workspaceMemberType: 'USER' }, task)).toEqual({ canEdit: false, canChangeStatus: false });
  });
  it('lets a guest change the status of tasks assigned to them, nothing else', () => {
    expect(getTaskAbilities({ memberId: 'assignee', workspaceMemberType: 'GUEST' }, task)).toEqual({
      canEdit: false,
      canChangeStatus: true,
    });
    expect(getTaskAbilities({ memberId: 'creator', workspaceMemberType: 'GUEST' }, task)).toEqual({
      canEdit: false,
      canChangeStatus: false,
    });
  });
  it('lets everyone but a guest create tasks', () => {
    expect(canCreateTasks('USER')).toBe(true);
    expect(canCreateTasks('GUEST')).toBe(false);
  });
});
