import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import type { WorkspaceEventOf } from '@tandem/contract';
import { useTestApp } from '../../test/test-app.js';
import type { SignedInMember } from '../../test/workspace-fixtures.js';
import { createTaskAs, deleteTaskAs, patchTask, setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';

const t = useTestApp();
let baseUrl = '';
let roles: RoleMembers;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  roles = await setUpRoles(t);
});

type TaskEventData = WorkspaceEventOf<'task'>;

const openEventStream = useEventStreams();

/**
 * The `task` events of the member's stream: each one's data (checked against the contract's
 * union), with its `id:` line if it had one.
 */
async function openTaskStream(member: SignedInMember) {
  const stream = await openWorkspaceEvents(openEventStream, baseUrl, member);
  return {
    async nextTask(timeoutMs = 3000): Promise<(TaskEventData & { id?: string }) | 'timeout' | 'end'> {
      const event = await stream.next('task', timeoutMs);
      if (event === 'timeout' || event === 'end') return event;
      return event.id ? { ...event.data, id: event.id } : event.data;
    },
    /**
     * Creates a task assigned to `member` (visible to every role) and expects it as the next event:
     * proof that nothing was sent in between, without waiting for a silence.
     */
    async expectNothingBefore(owner: SignedInMember) {
      const sentinel = await createTaskAs(t, owner, { title: 'Sentinel', assigneeMemberId: member.memberId });
      expect(await this.nextTask()).toMatchObject({ taskId: sentinel.id, action: 'created' });
    },
  };
}

const taskEvent = (workspaceId: string, taskId: string, action: TaskEventData['action'], version: number): TaskEventData => ({
  type: 'task',
  workspaceId,
  taskId,
  action,
  version,
});

describe('`event: task` on GET v1/workspaces/{id}/events', () => {
  it('tells a member who may see the task of its creation, change and deletion, without an id', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant } = roles;
    const stream = await openTaskStream(assistant);
    const task = await createTaskAs(t, owner, { title: 'Visible to the assistant' });
    expect(await stream.nextTask()).toEqual(taskEvent(owner.workspaceId, task.id, 'created', 1));
    await patchTask(t, owner, task.id, { version: 1, status: 'IN_PROGRESS' });
    expect(await stream.nextTask()).toEqual(taskEvent(owner.workspaceId, task.id, 'updated', 2));
    await deleteTaskAs(t, owner, task.id, 2);
    expect(await stream.nextTask()).toEqual(taskEvent(owner.workspaceId, task.id, 'deleted', 2));
  });

  it('sends nothing to a GUEST about a task not assigned to them, but does once it is', async () => {
    const { OWNER: owner, GUEST: guest } = roles;
    const stream = await openTaskStream(guest);
    const hidden = await createTaskAs(t, owner, { title: 'Not for the guest' });
    await patchTask(t, owner, hidden.id, { version: 1, priority: 'HIGH' });
    await stream.expectNothingBefore(owner);
    const theirs = await createTaskAs(t, owner, { title: 'For the guest', assigneeMemberId: guest.memberId });
    expect(await stream.nextTask()).toEqual(taskEvent(owner.workspaceId, theirs.id, 'created', 1));
    // Reassigned away: the former assignee still hears of it (to drop it), then nothing more.
    await patchTask(t, owner, theirs.id, { version: 1, assigneeMemberId: null });
    expect(await stream.nextTask()).toEqual(taskEvent(owner.workspaceId, theirs.id, 'updated', 2));
    await patchTask(t, owner, theirs.id, { version: 2, title: 'Renamed' });
    await stream.expectNothingBefore(owner);
  });

  it('tells a USER of tasks they created or are assigned, not of others', async () => {
    const { OWNER: owner, USER: user } = roles;
    const stream = await openTaskStream(user);
    await createTaskAs(t, owner, { title: 'Owner only' });
    const own = await createTaskAs(t, user, { title: 'By the user' });
    expect(await stream.nextTask()).toEqual(taskEvent(owner.workspaceId, own.id, 'created', 1));
    await stream.expectNothingBefore(owner);
  });

  it('sends nothing for a refused change', async () => {
    const { OWNER: owner, EXECUTIVE: executive } = roles;
    const task = await createTaskAs(t, owner);
    const stream = await openTaskStream(executive);
    expect((await patchTask(t, owner, task.id, { version: 5, title: 'stale' })).statusCode).toBe(409);
    expect((await patchTask(t, owner, task.id, { version: 1, assigneeMemberId: '0190f0e0-0000-7000-8000-000000000009' })).statusCode).toBe(
      400,
    );
    await stream.expectNothingBefore(owner);
  });
});
