import { describe, expect, it } from 'vitest';
import { canCreateTasks, getTaskAbilities } from './task-permissions';

const task = { createdByMemberId: 'creator', assigneeMemberId: 'assignee' };
const all = { canEdit: true, canChangeStatus: true, canDelete: true };
const none = { canEdit: false, canChangeStatus: false, canDelete: false };

describe('getTaskAbilities (PRODUCT §6 through the contract rules)', () => {
  it('lets owners, the executive and assistants do everything', () => {
    for (const type of ['OWNER', 'EXECUTIVE', 'EXECUTIVEASSISTANT'] as const) {
      expect(getTaskAbilities({ memberId: 'other', workspaceMemberType: type }, task)).toEqual(all);
    }
  });
  it('lets a user edit their own and assigned tasks, and delete only those they created', () => {
    expect(getTaskAbilities({ memberId: 'creator', workspaceMemberType: 'USER' }, task)).toEqual(all);
    expect(getTaskAbilities({ memberId: 'assignee', workspaceMemberType: 'USER' }, task)).toEqual({
      canEdit: true,
      canChangeStatus: true,
      canDelete: false,
    });
    expect(getTaskAbilities({ memberId: 'other', workspaceMemberType: 'USER' }, task)).toEqual(none);
  });
  it('lets a guest change the status of tasks assigned to them, nothing else', () => {
    expect(getTaskAbilities({ memberId: 'assignee', workspaceMemberType: 'GUEST' }, task)).toEqual({
      canEdit: false,
      canChangeStatus: true,
      canDelete: false,
    });
    expect(getTaskAbilities({ memberId: 'creator', workspaceMemberType: 'GUEST' }, task)).toEqual(none);
  });
  it('lets everyone but a guest create tasks', () => {
    expect(canCreateTasks('USER')).toBe(true);
    expect(canCreateTasks('GUEST')).toBe(false);
  });
});
