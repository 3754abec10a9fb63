import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

/** An open event stream that collects `task` events (other events are skipped). */
interface TaskStream {
  nextTask(timeoutMs?: number): Promise<(TaskEventData & { id?: string }) | 'timeout' | 'end'>;
  close(): void;
}

const open: TaskStream[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

async function openTaskStream(workspaceId: string, token: string): Promise<TaskStream> {
  const controller = new AbortController();
  const url = `${baseUrl}/api/v1/workspaces/${workspaceId}/events?access_token=${encodeURIComponent(token)}&client_id=${CLIENT_ID}`;
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let pending: ReturnType<typeof reader.read> | undefined;
  const stream: TaskStream = {
    async nextTask(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const boundary = buffer.indexOf('\n\n');
        if (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields.event === 'task') return { ...JSON.parse(fields.data!), ...(fields.id ? { id: fields.id } : {}) };
          continue;
        }
        pending ??= reader.read();
        const result = await Promise.race([
          pending,
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))),
        ]);
        if (result === 'timeout') return 'timeout';
        pending = undefined;
        if (result.done) return 'end';
        buffer += decoder.decode(result.value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
  open.push(stream);
  return stream;
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
