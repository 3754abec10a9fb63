import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem, ActivityKind, WorkspaceMemberType } from '@tandem/contract';
import { activityItems, tasks } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { createTaskAs, deleteTaskAs, patchTask, setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { invite, patch, signUpOwner, urls, type SignedInMember } from '../../test/workspace-fixtures.js';
import { activityEvents } from './activity-events.js';
import { OVERDUE_QUEUE, recordOverdueTasks } from './overdue.js';

const t = useTestApp();
let roles: RoleMembers;

beforeAll(async () => {
  roles = await setUpRoles(t);
});

/** The stored items of `kind` in a workspace, oldest first. */
const itemsOf = (workspaceId: string, kind: ActivityKind) =>
  t.db
    .select()
    .from(activityItems)
    .where(and(eq(activityItems.workspaceId, workspaceId), eq(activityItems.kind, kind)))
    .orderBy(activityItems.createdAt, activityItems.id);

/** The stored items about one task, oldest first. */
const taskItems = (taskId: string) =>
  t.db.select().from(activityItems).where(eq(activityItems.taskId, taskId)).orderBy(activityItems.createdAt, activityItems.id);

/** The first page of `member`'s feed. */
async function feedOf(member: SignedInMember): Promise<ActivityItem[]> {
  const response = await t.get(`${urls.activity(member.workspaceId)}?limit=100`, { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json().payload.items;
}

/** `member`'s own hasNewActivityItems, as the profile (seed §3) reports it. */
async function hasNew(member: SignedInMember): Promise<boolean> {
  const profile = (await t.get('/api/v1/profile', { token: member.token })).json().payload;
  const members = profile.workspaces.flatMap((w: { members: { id: string; hasNewActivityItems: boolean }[] }) => w.members);
  return members.find((m: { id: string }) => m.id === member.memberId).hasNewActivityItems;
}

/** Moves `member`'s read mark to now. */
const markRead = (member: SignedInMember) => t.post(`${urls.activity(member.workspaceId)}/read`, {}, { token: member.token });

const viewerOf = (member: SignedInMember, workspaceMemberType: WorkspaceMemberType) => ({
  workspaceId: member.workspaceId,
  memberId: member.memberId,
  workspaceMemberType,
});

describe('members and plan (issue #8)', () => {
  it('records MEMBER_INVITED with the inviter and the invitee, whom every member sees by name', async () => {
    const owner = await signUpOwner(t, { firstName: 'Eleanor', lastName: 'Vance' });
    const response = await invite(t, owner.token, owner.workspaceId, {
      firstName: 'Jamie',
      lastName: 'Doe',
      workspaceMemberType: 'EXECUTIVEASSISTANT',
    });
    expect(response.statusCode).toBe(201);
    const invitee = response.json().payload;
    const stored = await itemsOf(owner.workspaceId, 'MEMBER_INVITED');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      actorMemberId: owner.memberId,
      audienceMemberId: null,
      taskId: null,
      subject: { memberId: invitee.id, workspaceMemberType: 'EXECUTIVEASSISTANT' },
    });
    const [item] = (await feedOf(owner)).filter((entry) => entry.kind === 'MEMBER_INVITED');
    expect(item).toMatchObject({
      actor: { memberId: owner.memberId, firstName: 'Eleanor', lastName: 'Vance' },
      subjectMember: { memberId: invitee.id, firstName: 'Jamie', lastName: 'Doe' },
      isUnread: false,
    });
  });

  it('records nothing for a refused invitation', async () => {
    const { EXECUTIVEASSISTANT: assistant, OWNER: owner } = roles;
    const before = (await itemsOf(owner.workspaceId, 'MEMBER_INVITED')).length;
    expect((await invite(t, assistant.token, owner.workspaceId, { workspaceMemberType: 'OWNER' })).statusCode).toBe(403);
    expect(await itemsOf(owner.workspaceId, 'MEMBER_INVITED')).toHaveLength(before);
  });

  it('records PLAN_CHANGED from → to, once per change, never for a refused or unchanged one; a GUEST sees it too', async () => {
    const owner = await signUpOwner(t, { firstName: 'Eleanor', lastName: 'Vance' });
    expect((await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'PRO' }, owner.token)).statusCode).toBe(200);
    expect((await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'PRO' }, owner.token)).statusCode).toBe(200);
    const stored = await itemsOf(owner.workspaceId, 'PLAN_CHANGED');
    expect(stored.map((row) => [row.actorMemberId, row.subject])).toEqual([[owner.memberId, { from: 'FREE', to: 'PRO' }]]);

    // Six members do not fit FREE (3): 402, nothing recorded.
    for (const type of ['USER', 'USER', 'GUEST', 'GUEST', 'USER'] as const) {
      expect((await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: type })).statusCode).toBe(201);
    }
    expect((await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'FREE' }, owner.token)).statusCode).toBe(402);
    expect(await itemsOf(owner.workspaceId, 'PLAN_CHANGED')).toHaveLength(1);

    const { GUEST: guest, OWNER: rolesOwner } = roles;
    expect((await feedOf(guest)).some((item) => item.kind === 'PLAN_CHANGED' && item.actor?.memberId === rolesOwner.memberId)).toBe(true);
  });
});

describe('tasks (issue #8): who did what to whom', () => {
  it('records TASK_CREATED for a task one keeps, TASK_ASSIGNED for one given to someone else', async () => {
    const { EXECUTIVE: executive, EXECUTIVEASSISTANT: assistant } = roles;
    const kept = await createTaskAs(t, executive, { title: 'Read the board pack' });
    const mine = await createTaskAs(t, executive, { title: 'Call Mum', assigneeMemberId: executive.memberId });
    const given = await createTaskAs(t, executive, { title: 'Prepare talking points', assigneeMemberId: assistant.memberId });
    expect((await taskItems(kept.id)).map((row) => [row.kind, row.actorMemberId, row.subject])).toEqual([
      ['TASK_CREATED', executive.memberId, { taskId: kept.id, title: 'Read the board pack' }],
    ]);
    expect((await taskItems(mine.id)).map((row) => [row.kind, row.subject])).toEqual([
      ['TASK_CREATED', { taskId: mine.id, title: 'Call Mum', memberId: executive.memberId }],
    ]);
    const [assigned] = await taskItems(given.id);
    expect(assigned).toMatchObject({
      kind: 'TASK_ASSIGNED',
      actorMemberId: executive.memberId,
      audienceMemberId: null,
      taskId: given.id,
      subject: { taskId: given.id, title: 'Prepare talking points', memberId: assistant.memberId },
    });
    expect(await taskItems(given.id)).toHaveLength(1);
    // The feed names both: "<executive> assigned “Prepare talking points” to <assistant>".
    const item = (await feedOf(assistant)).find((entry) => entry.id === assigned!.id);
    expect(item).toMatchObject({
      actor: { memberId: executive.memberId },
      subjectMember: { memberId: assistant.memberId },
      isUnread: true,
    });
  });

  it('records TASK_ASSIGNED on reassignment (oneself included) and TASK_DONE whoever completes it, nothing for other edits', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant, GUEST: guest } = roles;
    const task = await createTaskAs(t, owner, { title: 'Sign the NDA' });
    expect((await patchTask(t, owner, task.id, { version: 1, title: 'Sign the partnership NDA', priority: 'HIGH' })).statusCode).toBe(200);
    expect((await patchTask(t, owner, task.id, { version: 2, assigneeMemberId: guest.memberId })).statusCode).toBe(200);
    expect((await patchTask(t, guest, task.id, { version: 3, status: 'DONE' })).statusCode).toBe(200);
    expect((await patchTask(t, guest, task.id, { version: 4, status: 'DONE' })).statusCode).toBe(200);
    expect((await patchTask(t, assistant, task.id, { version: 4, status: 'TODO', assigneeMemberId: assistant.memberId })).statusCode).toBe(
      200,
    );
    expect((await patchTask(t, assistant, task.id, { version: 5, status: 'DONE' })).statusCode).toBe(200);
    expect((await taskItems(task.id)).map((row) => [row.kind, row.actorMemberId, row.subject.memberId ?? null, row.subject.title])).toEqual(
      [
        ['TASK_CREATED', owner.memberId, null, 'Sign the NDA'],
        ['TASK_ASSIGNED', owner.memberId, guest.memberId, 'Sign the partnership NDA'],
        ['TASK_DONE', guest.memberId, guest.memberId, 'Sign the partnership NDA'],
        ['TASK_ASSIGNED', assistant.memberId, assistant.memberId, 'Sign the partnership NDA'],
        ['TASK_DONE', assistant.memberId, assistant.memberId, 'Sign the partnership NDA'],
      ],
    );
  });

  it('records nothing when the change is refused or rolled back', async () => {
    const { OWNER: owner, USER: user, EXECUTIVE: executive } = roles;
    const task = await createTaskAs(t, owner);
    await patchTask(t, owner, task.id, { version: 1, title: 'Moved on' });
    expect((await patchTask(t, executive, task.id, { version: 1, assigneeMemberId: user.memberId })).statusCode).toBe(409);
    expect((await patchTask(t, user, task.id, { version: 2, status: 'DONE' })).statusCode).toBe(404);
    expect((await taskItems(task.id)).map((row) => row.kind)).toEqual(['TASK_CREATED']);
  });

  it('goes with its task when the task is deleted', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant } = roles;
    const task = await createTaskAs(t, owner, { assigneeMemberId: assistant.memberId });
    expect(await taskItems(task.id)).toHaveLength(1);
    expect((await deleteTaskAs(t, owner, task.id, 1)).statusCode).toBe(200);
    expect(await taskItems(task.id)).toEqual([]);
  });
});

describe('visibility (PRODUCT §6): task activity only for those who may see the task', () => {
  it('keeps a private task’s activity from a USER and a GUEST — feed, dot and live event — and shows it once it is theirs', async () => {
    const { OWNER: owner, EXECUTIVE: executive, EXECUTIVEASSISTANT: assistant, USER: user, GUEST: guest } = roles;
    await markRead(user);
    await markRead(guest);
    const task = await createTaskAs(t, owner, { title: 'Private: salary review', assigneeMemberId: assistant.memberId });
    const [assigned] = await taskItems(task.id);
    const event = {
      type: 'activity' as const,
      workspaceId: owner.workspaceId,
      itemId: assigned!.id,
      kind: 'TASK_ASSIGNED' as const,
      actorMemberId: owner.memberId,
    };
    const everyone = { audienceMemberId: null };

    for (const [member, type] of [
      [executive, 'EXECUTIVE'],
      [assistant, 'EXECUTIVEASSISTANT'],
    ] as const) {
      expect((await feedOf(member)).some((item) => item.id === assigned!.id)).toBe(true);
      expect(await activityEvents.mayReceive(t.db, viewerOf(member, type), event, everyone)).toBe(true);
    }
    for (const [member, type] of [
      [user, 'USER'],
      [guest, 'GUEST'],
    ] as const) {
      expect((await feedOf(member)).some((item) => item.subject.taskId === task.id)).toBe(false);
      expect(await activityEvents.mayReceive(t.db, viewerOf(member, type), event, everyone)).toBe(false);
      expect(await hasNew(member)).toBe(false);
    }

    // Given to the USER: now they may see the task, and so its whole story (and the dot lights).
    expect((await patchTask(t, owner, task.id, { version: 1, assigneeMemberId: user.memberId })).statusCode).toBe(200);
    expect((await feedOf(user)).filter((item) => item.subject.taskId === task.id).map((item) => item.kind)).toEqual([
      'TASK_ASSIGNED',
      'TASK_ASSIGNED',
    ]);
    expect(await activityEvents.mayReceive(t.db, viewerOf(user, 'USER'), event, everyone)).toBe(true);
    expect(await hasNew(user)).toBe(true);
    expect((await feedOf(guest)).some((item) => item.subject.taskId === task.id)).toBe(false);
    expect(await hasNew(guest)).toBe(false);
  });

  it('shows a USER the activity of the tasks they created', async () => {
    const { OWNER: owner, USER: user } = roles;
    const task = await createTaskAs(t, user, { title: 'Order lunch' });
    await patchTask(t, owner, task.id, { version: 1, status: 'DONE' });
    const feed = (await feedOf(user)).filter((item) => item.subject.taskId === task.id);
    expect(feed.map((item) => [item.kind, item.isUnread])).toEqual([
      ['TASK_DONE', true],
      ['TASK_CREATED', false],
    ]);
  });
});

describe('TASK_OVERDUE (the scheduled overdue sweep)', () => {
  /** A task of `roles.OWNER`'s workspace whose due date is `days` from today (database clock). */
  async function taskDue(days: number, body: Parameters<typeof createTaskAs>[2] = {}) {
    const task = await createTaskAs(t, roles.OWNER, body);
    await t.db
      .update(tasks)
      .set({ dueDate: sql`current_date + ${days}::int` })
      .where(eq(tasks.id, task.id));
    const [row] = await t.db.select({ dueDate: tasks.dueDate }).from(tasks).where(eq(tasks.id, task.id));
    return { ...task, dueDate: row!.dueDate! };
  }
  const overdueOf = async (taskId: string) => (await taskItems(taskId)).filter((row) => row.kind === 'TASK_OVERDUE');

  it('records once per task when its due date has passed, with the system as actor, and not again on re-run', async () => {
    const { EXECUTIVEASSISTANT: assistant } = roles;
    const late = await taskDue(-1, { title: 'Sign the partnership NDA', assigneeMemberId: assistant.memberId });
    const today = await taskDue(0);
    const done = await taskDue(-2);
    await t.db.update(tasks).set({ status: 'DONE' }).where(eq(tasks.id, done.id));
    const stale = await taskDue(-30);

    expect(await recordOverdueTasks(t.db)).toBeGreaterThanOrEqual(1);
    const [item, ...more] = await overdueOf(late.id);
    expect(more).toEqual([]);
    expect(item).toMatchObject({
      actorMemberId: null,
      audienceMemberId: null,
      taskId: late.id,
      subject: { taskId: late.id, title: 'Sign the partnership NDA', dueDate: late.dueDate, memberId: assistant.memberId },
    });
    for (const quiet of [today, done, stale]) expect(await overdueOf(quiet.id)).toEqual([]);

    expect(await recordOverdueTasks(t.db)).toBe(0);
    expect(await overdueOf(late.id)).toHaveLength(1);
    // Everyone who may see it has news (the system is nobody's own doing).
    const feed = await feedOf(assistant);
    expect(feed.find((entry) => entry.id === item!.id)).toMatchObject({ actor: null, isUnread: true });
  });

  it('is news again when the due date was moved and passes again', async () => {
    const task = await taskDue(-1);
    await recordOverdueTasks(t.db);
    await t.db
      .update(tasks)
      .set({ dueDate: sql`current_date - 2` })
      .where(eq(tasks.id, task.id));
    await recordOverdueTasks(t.db);
    expect((await overdueOf(task.id)).map((row) => row.subject.dueDate)).toHaveLength(2);
  });

  it('runs on the job queue, scheduled hourly, and records once however often it runs', async () => {
    const task = await taskDue(-3, { title: 'Queue run' });
    const { rows } = await t.db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${OVERDUE_QUEUE}`);
    expect(rows[0]?.cron).toBe('5 * * * *');
    for (let run = 0; run < 2; run += 1) {
      await t.db.transaction((tx) => t.app.jobs.enqueue(tx, OVERDUE_QUEUE, {}));
      await t.drainJobs([OVERDUE_QUEUE]);
    }
    expect(await overdueOf(task.id)).toHaveLength(1);
  });
});
