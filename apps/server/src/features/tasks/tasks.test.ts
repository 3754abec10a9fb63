import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceMemberTypes, type Task, type WorkspaceMemberType } from '@tandem/contract';
import { tasks } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { signUpOwner } from '../../test/workspace-fixtures.js';
import {
  createTaskAs,
  deleteTaskAs,
  listTasksAs,
  patchTask,
  postTask,
  setUpRoles,
  taskUrls,
  type RoleMembers,
} from '../../test/task-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;

beforeAll(async () => {
  roles = await setUpRoles(t);
});

const taskRows = (workspaceId: string) => t.db.select().from(tasks).where(eq(tasks.workspaceId, workspaceId));

describe('POST and GET v1/workspaces/{id}/tasks', () => {
  it('creates a task with defaults and reads it back with names', async () => {
    const { OWNER: owner } = roles;
    const response = await postTask(t, owner, { title: '  Book the flight  ' });
    expect(response.statusCode).toBe(201);
    const task: Task = response.json().payload;
    expect(task).toMatchObject({
      title: 'Book the flight',
      notes: '',
      status: 'TODO',
      priority: 'MEDIUM',
      dueDate: null,
      assigneeMemberId: null,
      assignee: null,
      createdByMemberId: owner.memberId,
      createdBy: { memberId: owner.memberId, firstName: 'Olive', lastName: 'Owner' },
      links: {},
      version: 1,
      completedAt: null,
    });
    expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
    const read = await t.get(taskUrls.task(owner.workspaceId, task.id), { token: owner.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().payload).toEqual(task);
  });

  it('stores every field, assigns, and sets completedAt for a task created DONE', async () => {
    const { OWNER: owner, USER: user } = roles;
    const links = { briefId: '0190f0e0-0000-7000-8000-000000000001' };
    const task = await createTaskAs(t, owner, {
      title: 'Prepare board deck',
      notes: 'Use last quarter numbers',
      status: 'DONE',
      priority: 'URGENT',
      dueDate: '2030-02-28',
      assigneeMemberId: user.memberId,
      links,
    });
    expect(task).toMatchObject({
      notes: 'Use last quarter numbers',
      status: 'DONE',
      priority: 'URGENT',
      dueDate: '2030-02-28',
      assigneeMemberId: user.memberId,
      assignee: { memberId: user.memberId, firstName: 'Ivy', lastName: 'Invitee' },
      links,
    });
    expect(task.completedAt).not.toBeNull();
  });

  it('refuses bad input with 400 and errorData, writing nothing', async () => {
    const { OWNER: owner, EXECUTIVE: executive } = roles;
    const stranger = await signUpOwner(t);
    const before = (await taskRows(owner.workspaceId)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ notes: 'x'.repeat(10_001) }, 'notes'],
      [{ dueDate: '2025-02-30' }, 'dueDate'],
      [{ dueDate: '31/12/2025' }, 'dueDate'],
      [{ status: 'LATER' }, 'status'],
      [{ priority: 'CRITICAL' }, 'priority'],
      [{ assigneeMemberId: 'not-a-uuid' }, 'assigneeMemberId'],
      [{ assigneeMemberId: stranger.memberId }, 'assigneeMemberId'],
      [{ assigneeMemberId: '0190f0e0-0000-7000-8000-000000000009' }, 'assigneeMemberId'],
    ];
    for (const [body, field] of cases) {
      const response = await postTask(t, executive, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.json().errorData)).toContain(field);
    }
    expect(await taskRows(owner.workspaceId)).toHaveLength(before);
  });

  it('refuses an INVITED (not yet active) member as assignee', async () => {
    const { OWNER: owner } = roles;
    const invited = await t.post(
      `/api/v1/workspaces/${owner.workspaceId}/members`,
      { firstName: 'Pending', lastName: 'Person', email: `pending.${Date.now()}@example.test`, workspaceMemberType: 'USER' },
      { token: owner.token },
    );
    expect(invited.statusCode).toBe(201);
    const response = await postTask(t, owner, { assigneeMemberId: invited.json().payload.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toHaveProperty('assigneeMemberId');
  });

  it("answers 404 for another workspace's task, through either workspace id", async () => {
    const { OWNER: owner } = roles;
    const task = await createTaskAs(t, owner);
    const stranger = await signUpOwner(t);
    const viaOwn = await t.get(taskUrls.task(stranger.workspaceId, task.id), { token: stranger.token });
    const viaTheirs = await t.get(taskUrls.task(owner.workspaceId, task.id), { token: stranger.token });
    const patched = await patchTask(t, stranger, task.id, { version: 1, title: 'Mine now' });
    const deleted = await deleteTaskAs(t, stranger, task.id, 1);
    expect([viaOwn.statusCode, viaTheirs.statusCode, patched.statusCode, deleted.statusCode]).toEqual([404, 404, 404, 404]);
    expect((await t.get(taskUrls.task(owner.workspaceId, task.id), { token: owner.token })).json().payload.title).toBe('A task');
  });
});

describe('PATCH and DELETE v1/workspaces/{id}/tasks/{taskId}', () => {
  it('changes fields, increments version, and follows DONE with completedAt', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant } = roles;
    const task = await createTaskAs(t, owner, { dueDate: '2030-01-01' });
    const renamed = await patchTask(t, assistant, task.id, { version: 1, title: 'Renamed', dueDate: null, priority: 'HIGH' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().payload).toMatchObject({ title: 'Renamed', dueDate: null, priority: 'HIGH', version: 2 });
    expect(Date.parse(renamed.json().payload.updatedAt)).toBeGreaterThanOrEqual(Date.parse(task.updatedAt));
    const done = (await patchTask(t, assistant, task.id, { version: 2, status: 'DONE' })).json().payload;
    expect(done).toMatchObject({ status: 'DONE', version: 3 });
    expect(done.completedAt).not.toBeNull();
    const reopened = (await patchTask(t, assistant, task.id, { version: 3, status: 'IN_PROGRESS' })).json().payload;
    expect(reopened).toMatchObject({ status: 'IN_PROGRESS', version: 4, completedAt: null });
  });

  it('writes nothing and keeps the version when nothing changes', async () => {
    const { OWNER: owner } = roles;
    const task = await createTaskAs(t, owner, { title: 'Same' });
    const response = await patchTask(t, owner, task.id, { version: 1, title: 'Same', status: 'TODO' });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toEqual(task);
  });

  it('answers a stale version with 409 VERSION_CONFLICT and the current task, writing nothing', async () => {
    const { OWNER: owner, EXECUTIVE: executive } = roles;
    const task = await createTaskAs(t, owner, { title: 'Original' });
    const first = await patchTask(t, owner, task.id, { version: 1, title: 'First edit' });
    expect(first.statusCode).toBe(200);
    const stale = await patchTask(t, executive, task.id, { version: 1, title: 'Second edit', status: 'DONE' });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.errorCode).toBe('VERSION_CONFLICT');
    expect(body.errorDisplayMessage).toMatch(/changed this task/);
    expect(body.current).toEqual(first.json().payload);
    const staleDelete = await deleteTaskAs(t, executive, task.id, 1);
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json().current.version).toBe(2);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ title: 'First edit', status: 'TODO', version: 2, completedAt: null });
  });

  it('refuses bad changes with 400 and errorData, writing nothing', async () => {
    const { OWNER: owner } = roles;
    const stranger = await signUpOwner(t);
    const task = await createTaskAs(t, owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'No version' }, 'version'],
      [{ version: 1, title: ' ' }, 'title'],
      [{ version: 1, dueDate: '2025-13-01' }, 'dueDate'],
      [{ version: 1, assigneeMemberId: stranger.memberId }, 'assigneeMemberId'],
    ];
    for (const [body, field] of cases) {
      const response = await patchTask(t, owner, task.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errorData)).toContain(field);
    }
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ title: 'A task', version: 1, assigneeMemberId: null });
  });

  it('deletes at the current version; the task is then gone', async () => {
    const { OWNER: owner } = roles;
    const task = await createTaskAs(t, owner);
    expect((await deleteTaskAs(t, owner, task.id, 'x')).statusCode).toBe(400);
    const deleted = await deleteTaskAs(t, owner, task.id, 1);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ payload: true });
    expect((await t.get(taskUrls.task(owner.workspaceId, task.id), { token: owner.token })).statusCode).toBe(404);
    expect((await deleteTaskAs(t, owner, task.id, 1)).statusCode).toBe(404);
  });

  it('keeps a task whose assignee is removed from the workspace, unassigned', async () => {
    const { OWNER: owner } = roles;
    const { joinAs } = await import('../../test/workspace-fixtures.js');
    const leaving = await joinAs(t, owner, 'USER');
    const task = await createTaskAs(t, owner, { assigneeMemberId: leaving.memberId });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/workspaces/${owner.workspaceId}/members/${leaving.memberId}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    const read = (await t.get(taskUrls.task(owner.workspaceId, task.id), { token: owner.token })).json().payload;
    expect(read).toMatchObject({ assigneeMemberId: null, assignee: null });
  });
});

/**
 * PRODUCT §6 tasks row, one line per member type: OWNER/EXECUTIVE/EXECUTIVEASSISTANT all; USER own
 * & assigned, create; GUEST assigned to them: view, change status. Invisible → 404, visible but
 * refused → 403.
 */
const matrix: Record<
  WorkspaceMemberType,
  {
    sees: ('unassigned' | 'toUser' | 'toGuest' | 'byUser')[];
    create: number;
    editUnassigned: number;
    editToGuest: number;
    statusToGuest: number;
    deleteToUser: number;
    deleteByUser: number;
  }
> = {
  OWNER: {
    sees: ['unassigned', 'toUser', 'toGuest', 'byUser'],
    create: 201,
    editUnassigned: 200,
    editToGuest: 200,
    statusToGuest: 200,
    deleteToUser: 200,
    deleteByUser: 200,
  },
  EXECUTIVE: {
    sees: ['unassigned', 'toUser', 'toGuest', 'byUser'],
    create: 201,
    editUnassigned: 200,
    editToGuest: 200,
    statusToGuest: 200,
    deleteToUser: 200,
    deleteByUser: 200,
  },
  EXECUTIVEASSISTANT: {
    sees: ['unassigned', 'toUser', 'toGuest', 'byUser'],
    create: 201,
    editUnassigned: 200,
    editToGuest: 200,
    statusToGuest: 200,
    deleteToUser: 200,
    deleteByUser: 200,
  },
  USER: {
    sees: ['toUser', 'byUser'],
    create: 201,
    editUnassigned: 404,
    editToGuest: 404,
    statusToGuest: 404,
    deleteToUser: 403,
    deleteByUser: 200,
  },
  GUEST: {
    sees: ['toGuest'],
    create: 403,
    editUnassigned: 404,
    editToGuest: 403,
    statusToGuest: 200,
    deleteToUser: 404,
    deleteByUser: 404,
  },
};

describe('permissions (PRODUCT §6 tasks row)', () => {
  it.each(workspaceMemberTypes)('%s', async (type) => {
    const expected = matrix[type];
    const me = roles[type];
    const word = `perm${type.toLowerCase()}${Date.now().toString(36)}`;
    const make = (member: keyof RoleMembers, assignee?: keyof RoleMembers) =>
      createTaskAs(t, roles[member], { title: `${word} task`, assigneeMemberId: assignee ? roles[assignee].memberId : null });
    const created = {
      unassigned: await make('OWNER'),
      toUser: await make('OWNER', 'USER'),
      toGuest: await make('OWNER', 'GUEST'),
      byUser: await make('USER'),
    };
    const listed = await listTasksAs(t, me, { q: word, limit: 100 });
    expect(listed.statusCode).toBe(200);
    const seen = listed.json().payload.items.map((task: Task) => task.id);
    expect(seen.sort()).toEqual(expected.sees.map((name) => created[name].id).sort());
    for (const name of Object.keys(created) as (keyof typeof created)[]) {
      const read = await t.get(taskUrls.task(me.workspaceId, created[name].id), { token: me.token });
      expect(read.statusCode, `GET ${name}`).toBe(expected.sees.includes(name) ? 200 : 404);
    }

    const posted = await postTask(t, me, { title: `${word} new` });
    expect(posted.statusCode).toBe(expected.create);
    if (expected.create === 403)
      expect(posted.json().errorDisplayMessage).toBe('Only an owner, the executive, an executive assistant or a user can edit tasks.');

    expect((await patchTask(t, me, created.unassigned.id, { version: 1, title: `${word} edited` })).statusCode).toBe(
      expected.editUnassigned,
    );
    const editToGuest = await patchTask(t, me, created.toGuest.id, { version: 1, priority: 'HIGH', title: `${word} x` });
    expect(editToGuest.statusCode).toBe(expected.editToGuest);
    if (expected.editToGuest === 403) expect(editToGuest.json().errorData).toHaveProperty('priority');
    const currentToGuest = expected.editToGuest === 200 ? 2 : 1;
    expect((await patchTask(t, me, created.toGuest.id, { version: currentToGuest, status: 'IN_PROGRESS' })).statusCode).toBe(
      expected.statusToGuest,
    );
    const deleteToUser = await deleteTaskAs(t, me, created.toUser.id, 1);
    expect(deleteToUser.statusCode).toBe(expected.deleteToUser);
    expect((await deleteTaskAs(t, me, created.byUser.id, 1)).statusCode).toBe(expected.deleteByUser);
    // Refusals wrote nothing.
    const [toUserRow] = await t.db.select().from(tasks).where(eq(tasks.id, created.toUser.id));
    expect(toUserRow === undefined).toBe(expected.deleteToUser === 200);
  });

  it('lets a USER edit a task assigned to them, including reassigning it', async () => {
    const { OWNER: owner, USER: user, EXECUTIVEASSISTANT: assistant } = roles;
    const task = await createTaskAs(t, owner, { assigneeMemberId: user.memberId });
    const response = await patchTask(t, user, task.id, { version: 1, notes: 'On it', assigneeMemberId: assistant.memberId });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({ notes: 'On it', assigneeMemberId: assistant.memberId });
    // No longer assigned to them, created by someone else: invisible now.
    expect((await t.get(taskUrls.task(user.workspaceId, task.id), { token: user.token })).statusCode).toBe(404);
  });
});
