import type { APIRequestContext, Page } from '@playwright/test';
import {
  addMember,
  callApi,
  CLIENT_ID,
  createActivatedPerson,
  createOwner,
  expect,
  newPerson,
  signIn,
  test,
  type Person,
} from './fixtures.js';

type Role = 'OWNER' | 'EXECUTIVE' | 'EXECUTIVEASSISTANT' | 'USER' | 'GUEST';
type Relation = 'created by them' | 'assigned to them' | 'neither';

/** What a member may do with one task; the UI's offer and the server's answers are both read into this. */
interface Abilities {
  see: boolean;
  edit: boolean;
  changeStatus: boolean;
  delete: boolean;
}

interface TaskDto {
  id: string;
  title: string;
  status: string;
  version: number;
}

const all: Abilities = { see: true, edit: true, changeStatus: true, delete: true };
const nothing: Abilities = { see: false, edit: false, changeStatus: false, delete: false };

/**
 * PRODUCT §6 "tasks" row (contract canSeeTask / canEditTask / canDeleteTask): staff do everything;
 * a USER edits their own and assigned tasks but deletes only what they created; a GUEST sees the
 * tasks assigned to them and changes only their status. The GUEST's "created by them" task was
 * created while they were a USER, before being made a guest.
 */
const expected: Record<Role, Record<Relation, Abilities>> = {
  OWNER: { 'created by them': all, 'assigned to them': all, neither: all },
  EXECUTIVE: { 'created by them': all, 'assigned to them': all, neither: all },
  EXECUTIVEASSISTANT: { 'created by them': all, 'assigned to them': all, neither: all },
  USER: { 'created by them': all, 'assigned to them': { ...all, delete: false }, neither: nothing },
  GUEST: { 'created by them': nothing, 'assigned to them': { ...nothing, see: true, changeStatus: true }, neither: nothing },
};

const relations: Relation[] = ['created by them', 'assigned to them', 'neither'];

async function createTask(request: APIRequestContext, token: string, workspaceId: string, body: Record<string, unknown>): Promise<TaskDto> {
  return callApi<TaskDto>(request, token, 'POST', `v1/workspaces/${workspaceId}/tasks`, body);
}

async function memberIdOf(request: APIRequestContext, token: string, workspaceId: string, person: Person): Promise<string> {
  const members = await callApi<{ items: { id: string; email: string }[] }>(request, token, 'GET', `v1/workspaces/${workspaceId}/members`);
  return members.items.find((member) => member.email === person.email)!.id;
}

/**
 * What the server allows `token`'s member, asked with the very actions: GET, a PATCH of the title
 * and one of the status (both unchanged values, so nothing changes when allowed), then DELETE.
 */
async function askServer(request: APIRequestContext, token: string, workspaceId: string, task: TaskDto): Promise<Abilities> {
  const url = `/api/v1/workspaces/${workspaceId}/tasks/${task.id}`;
  const headers = { 'x-client-id': CLIENT_ID, authorization: `Bearer ${token}` };
  const isAllowed = (status: number) => {
    expect([200, 204, 403, 404], `unexpected answer ${status}`).toContain(status);
    return status < 300;
  };
  const see = isAllowed((await request.get(url, { headers })).status());
  const edit = isAllowed((await request.patch(url, { headers, data: { title: task.title, version: task.version } })).status());
  const changeStatus = isAllowed((await request.patch(url, { headers, data: { status: task.status, version: task.version } })).status());
  const remove = isAllowed((await request.delete(`${url}?version=${task.version}`, { headers })).status());
  return { see, edit, changeStatus, delete: remove };
}

/** What the /tasks screen offers for `task`: listed at all, then the drawer's fields and Delete. */
async function askUi(page: Page, task: TaskDto): Promise<Abilities> {
  const title = page.getByRole('button', { name: task.title, exact: true });
  if ((await title.count()) === 0) return nothing;
  await title.click();
  const drawer = page.getByRole('dialog', { name: /^(Edit task|Task)$/ });
  await expect(drawer.getByLabel('Title')).toHaveValue(task.title);
  const offered: Abilities = {
    see: true,
    edit: await drawer.getByLabel('Title').isEnabled(),
    changeStatus: await drawer.getByRole('combobox', { name: 'Status' }).isEnabled(),
    delete: (await drawer.getByRole('button', { name: 'Delete' }).count()) > 0,
  };
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  return offered;
}

for (const role of Object.keys(expected) as Role[]) {
  test(`${role}: the task screen offers exactly what the server allows`, async ({ page, request }) => {
    const { person: owner, token: ownerToken, workspace } = await createOwner(request, 'Olive');
    const unique = `${role} ${Date.now().toString(36)}`;

    // The actor of this role, and someone else who creates and holds the tasks that are not theirs.
    let actor: Person;
    let actorToken: string;
    let actorMemberId: string;
    let otherToken: string;
    let otherMemberId: string;
    if (role === 'OWNER') {
      [actor, actorToken, actorMemberId] = [owner, ownerToken, workspace.memberId];
      const other = await createActivatedPerson(request, newPerson('Oscar'));
      otherToken = await addMember(request, ownerToken, workspace.id, other, 'EXECUTIVEASSISTANT');
      otherMemberId = await memberIdOf(request, ownerToken, workspace.id, other);
    } else {
      actor = await createActivatedPerson(request, newPerson('Ada'));
      // A guest cannot create tasks: theirs was created while they were a user.
      actorToken = await addMember(request, ownerToken, workspace.id, actor, role === 'GUEST' ? 'USER' : role);
      actorMemberId = await memberIdOf(request, ownerToken, workspace.id, actor);
      [otherToken, otherMemberId] = [ownerToken, workspace.memberId];
    }

    const tasks: Record<Relation, TaskDto> = {
      'created by them': await createTask(request, actorToken, workspace.id, {
        title: `Created by the ${unique}`,
        assigneeMemberId: otherMemberId,
      }),
      'assigned to them': await createTask(request, otherToken, workspace.id, {
        title: `Assigned to the ${unique}`,
        assigneeMemberId: actorMemberId,
      }),
      neither: await createTask(request, otherToken, workspace.id, { title: `Neither for the ${unique}`, assigneeMemberId: otherMemberId }),
    };
    if (role === 'GUEST') {
      await callApi(request, ownerToken, 'PATCH', `v1/workspaces/${workspace.id}/members/${actorMemberId}`, {
        workspaceMemberType: 'GUEST',
      });
    }

    await signIn(page, actor);
    // A member's own sign-up workspace comes first; open this one (the stored current organization).
    await page.evaluate((id) => localStorage.setItem('currentOrganization', id), workspace.id);
    await page.goto('/tasks');
    // Every role sees the task assigned to them: once it is listed, the list is complete.
    await expect(page.getByRole('button', { name: tasks['assigned to them'].title, exact: true })).toBeVisible();

    const offered = {} as Record<Relation, Abilities>;
    for (const relation of relations) offered[relation] = await askUi(page, tasks[relation]);
    const allowed = {} as Record<Relation, Abilities>;
    for (const relation of relations) allowed[relation] = await askServer(request, actorToken, workspace.id, tasks[relation]);

    expect(offered, 'the UI offers what the server allows').toEqual(allowed);
    expect(allowed, 'the server follows PRODUCT §6').toEqual(expected[role]);
  });
}
