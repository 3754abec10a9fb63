import type { LightMyRequestResponse } from 'fastify';
import type { CreateTaskBody, Task, WorkspaceMemberType } from '@tandem/contract';
import type { TestApp } from './test-app.js';
import { joinAs, patch, signUpOwner, urls, type SignedInMember } from './workspace-fixtures.js';

export const taskUrls = {
  tasks: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/tasks`,
  task: (workspaceId: string, taskId: string) => `/api/v1/workspaces/${workspaceId}/tasks/${taskId}`,
};

/** One signed-in member of each type in one PRO workspace (PRODUCT §6 columns). */
export type RoleMembers = Record<WorkspaceMemberType, SignedInMember>;

/** Signs up an OWNER, moves the workspace to PRO (room for five) and adds one member of every other type. */
export async function setUpRoles(t: TestApp): Promise<RoleMembers> {
  const owner = await signUpOwner(t, { firstName: 'Olive', lastName: 'Owner' });
  const upgraded = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'PRO' }, owner.token);
  if (upgraded.statusCode !== 200) throw new Error(`upgrade failed: ${upgraded.body}`);
  return {
    OWNER: owner,
    EXECUTIVE: await joinAs(t, owner, 'EXECUTIVE'),
    EXECUTIVEASSISTANT: await joinAs(t, owner, 'EXECUTIVEASSISTANT'),
    USER: await joinAs(t, owner, 'USER'),
    GUEST: await joinAs(t, owner, 'GUEST'),
  };
}

/** POST …/tasks as `member`. */
export const postTask = (t: TestApp, member: SignedInMember, body: Partial<CreateTaskBody> & Record<string, unknown>) =>
  t.post(taskUrls.tasks(member.workspaceId), { title: 'A task', ...body }, { token: member.token });

/** Creates a task as `member` and returns it; throws unless 201. */
export async function createTaskAs(t: TestApp, member: SignedInMember, body: Partial<CreateTaskBody> = {}): Promise<Task> {
  const response = await postTask(t, member, body);
  if (response.statusCode !== 201) throw new Error(`create task failed: ${response.body}`);
  return response.json<{ payload: Task }>().payload;
}

export const patchTask = (t: TestApp, member: SignedInMember, taskId: string, body: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: taskUrls.task(member.workspaceId, taskId), payload: body, token: member.token });

export const deleteTaskAs = (t: TestApp, member: SignedInMember, taskId: string, version: number | string) =>
  t.request({ method: 'DELETE', url: `${taskUrls.task(member.workspaceId, taskId)}?version=${version}`, token: member.token });

/** GET …/tasks with `query` as `member`; returns the raw response. */
export function listTasksAs(
  t: TestApp,
  member: SignedInMember,
  query: Record<string, string | number | boolean> = {},
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const suffix = search.size > 0 ? `?${search}` : '';
  return t.get(`${taskUrls.tasks(member.workspaceId)}${suffix}`, { token: member.token });
}

/** Every page of a list, following nextCursor; the ids in order. */
export async function listAllIds(t: TestApp, member: SignedInMember, query: Record<string, string | number | boolean>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await listTasksAs(t, member, cursor ? { ...query, cursor } : query);
    if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
    const page: { items: Task[]; nextCursor: string | null } = response.json().payload;
    ids.push(...page.items.map((task) => task.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
