import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEventStreams } from '../../test/event-stream.js';
import { CLIENT_ID, useTestApp } from '../../test/test-app.js';
import { createTaskAs, deleteTaskAs, patchTask, setUpRoles, type RoleMembers } from './test-fixtures.js';

const t = useTestApp();
let baseUrl = '';
let roles: RoleMembers;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  roles = await setUpRoles(t);
});

interface TaskEventData {
  taskId: string;
  action: string;
  version: number;
}

const openEventStream = useEventStreams();

/** The `task` events of the member's stream: each one's data, with its `id:` line if it had one. */
async function openTaskStream(workspaceId: string, token: string) {
  const url = `${baseUrl}/api/v1/workspaces/${workspaceId}/events?access_token=${encodeURIComponent(token)}&client_id=${CLIENT_ID}`;
  const stream = await openEventStream(url);
  expect(stream.response.status).toBe(200);
  return {
    async nextTask(timeoutMs = 3000): Promise<(TaskEventData & { id?: string }) | 'timeout' | 'end'> {
      const event = await stream.nextNamed<TaskEventData>('task', timeoutMs);
      if (event === 'timeout' || event === 'end') return event;
      return event.id ? { ...event.data, id: event.id } : event.data;
    },
  };
}

describe('`event: task` on GET v1/workspaces/{id}/events', () => {
  it('tells a member who may see the task of its creation, change and deletion, without an id', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant } = roles;
    const stream = await openTaskStream(owner.workspaceId, assistant.token);
    const task = await createTaskAs(t, owner, { title: 'Visible to the assistant' });
    expect(await stream.nextTask()).toEqual({ taskId: task.id, action: 'created', version: 1 });
    await patchTask(t, owner, task.id, { version: 1, status: 'IN_PROGRESS' });
    expect(await stream.nextTask()).toEqual({ taskId: task.id, action: 'updated', version: 2 });
    await deleteTaskAs(t, owner, task.id, 2);
    expect(await stream.nextTask()).toEqual({ taskId: task.id, action: 'deleted', version: 2 });
  });

  it('sends nothing to a GUEST about a task not assigned to them, but does once it is', async () => {
    const { OWNER: owner, GUEST: guest } = roles;
    const stream = await openTaskStream(owner.workspaceId, guest.token);
    const hidden = await createTaskAs(t, owner, { title: 'Not for the guest' });
    await patchTask(t, owner, hidden.id, { version: 1, priority: 'HIGH' });
    expect(await stream.nextTask(400)).toBe('timeout');
    const theirs = await createTaskAs(t, owner, { title: 'For the guest', assigneeMemberId: guest.memberId });
    expect(await stream.nextTask()).toEqual({ taskId: theirs.id, action: 'created', version: 1 });
    // Reassigned away: the former assignee still hears of it (to drop it), then nothing more.
    await patchTask(t, owner, theirs.id, { version: 1, assigneeMemberId: null });
    expect(await stream.nextTask()).toEqual({ taskId: theirs.id, action: 'updated', version: 2 });
    await patchTask(t, owner, theirs.id, { version: 2, title: 'Renamed' });
    expect(await stream.nextTask(400)).toBe('timeout');
  });

  it('tells a USER of tasks they created or are assigned, not of others', async () => {
    const { OWNER: owner, USER: user } = roles;
    const stream = await openTaskStream(owner.workspaceId, user.token);
    await createTaskAs(t, owner, { title: 'Owner only' });
    const own = await createTaskAs(t, user, { title: 'By the user' });
    expect(await stream.nextTask()).toEqual({ taskId: own.id, action: 'created', version: 1 });
    expect(await stream.nextTask(400)).toBe('timeout');
  });

  it('sends nothing for a refused change', async () => {
    const { OWNER: owner, EXECUTIVE: executive } = roles;
    const task = await createTaskAs(t, owner);
    const stream = await openTaskStream(owner.workspaceId, executive.token);
    expect((await patchTask(t, owner, task.id, { version: 5, title: 'stale' })).statusCode).toBe(409);
    expect((await patchTask(t, owner, task.id, { version: 1, assigneeMemberId: '0190f0e0-0000-7000-8000-000000000009' })).statusCode).toBe(
      400,
    );
    expect(await stream.nextTask(400)).toBe('timeout');
  });
});
