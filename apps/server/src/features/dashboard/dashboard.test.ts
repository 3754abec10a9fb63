import { describe, expect, it } from 'vitest';
import { DashboardSchema, type Dashboard, type WorkspaceMemberType } from '@tandem/contract';
import { tasks, workspaceMembers } from '../../db/schema/index.js';
import { useTestApp, type TestApp } from '../../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

const t = useTestApp();

/** A fixed "today" (a Wednesday): its ISO week starts Monday 2026-03-09. */
const TODAY = '2026-03-11';
/** The 8 week starts ending with TODAY's week, oldest first. */
const WEEKS = ['2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09'];

const url = (workspaceId: string, today: string | null = TODAY) =>
  `/api/v1/workspaces/${workspaceId}/dashboard${today === null ? '' : `?today=${encodeURIComponent(today)}`}`;

async function dashboardOf(member: SignedInMember, today: string | null = TODAY): Promise<Dashboard> {
  const response = await t.get(url(member.workspaceId, today), { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return DashboardSchema.parse(response.json().payload);
}

/** A new person made an ACTIVE `type` member of `owner`'s workspace directly (invitations are another feature). */
async function addMember(test: TestApp, owner: SignedInMember, type: WorkspaceMemberType, firstName: string): Promise<SignedInMember> {
  const person = await signUpOwner(test, { firstName, lastName: 'Member' });
  const [member] = await test.db
    .insert(workspaceMembers)
    .values({ workspaceId: owner.workspaceId, personId: person.personId, workspaceMemberType: type })
    .returning();
  return { ...person, workspaceId: owner.workspaceId, memberId: member!.id };
}

let sequence = 0;
/** Inserts a task straight into the table with the dates a test chooses; returns its id. */
async function seedTask(
  workspace: SignedInMember,
  values: {
    title?: string;
    createdBy?: string;
    assignee?: string | null;
    dueDate?: string | null;
    status?: 'TODO' | 'IN_PROGRESS' | 'WAITING' | 'DONE';
    priority?: 'LOW' | 'MEDIUM' | 'HIGH' | 'URGENT';
    createdAt?: string;
    completedAt?: string | null;
  } = {},
): Promise<string> {
  sequence += 1;
  const status = values.status ?? 'TODO';
  // A DONE task was completed at some point; the tests that count weeks choose when.
  const completedAt = values.completedAt === undefined ? (status === 'DONE' ? '2026-03-10T15:00:00Z' : null) : values.completedAt;
  const [row] = await t.db
    .insert(tasks)
    .values({
      workspaceId: workspace.workspaceId,
      title: values.title ?? `Task ${sequence}`,
      createdByMemberId: values.createdBy ?? workspace.memberId,
      assigneeMemberId: values.assignee === undefined ? workspace.memberId : values.assignee,
      dueDate: values.dueDate ?? null,
      status,
      priority: values.priority ?? 'MEDIUM',
      createdAt: new Date(values.createdAt ?? '2026-03-10T12:00:00Z'),
      completedAt: completedAt ? new Date(completedAt) : null,
    })
    .returning({ id: tasks.id });
  return row!.id;
}

const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

describe('GET v1/workspaces/{id}/dashboard', () => {
  it('lists my tasks due today, overdue and delegated, capped counts in totals', async () => {
    const me = await signUpOwner(t, { firstName: 'Avery', lastName: 'Stone' });
    const colleague = await addMember(t, me, 'EXECUTIVEASSISTANT', 'Jordan');
    await seedTask(me, { title: 'Due today, medium', dueDate: TODAY, createdAt: '2026-03-01T09:00:00Z' });
    await seedTask(me, { title: 'Due today, urgent', dueDate: TODAY, priority: 'URGENT', createdAt: '2026-03-05T09:00:00Z' });
    await seedTask(me, { title: 'Due today, in progress', dueDate: TODAY, status: 'IN_PROGRESS', createdAt: '2026-03-06T09:00:00Z' });
    await seedTask(me, { title: 'Due today, done', dueDate: TODAY, status: 'DONE' });
    await seedTask(me, { title: 'Due today, for Jordan', dueDate: TODAY, assignee: colleague.memberId });
    await seedTask(me, { title: 'Overdue by a day', dueDate: '2026-03-10' });
    await seedTask(me, { title: 'Overdue by ten days', dueDate: '2026-03-01', status: 'WAITING' });
    await seedTask(me, { title: 'Overdue but done', dueDate: '2026-03-01', status: 'DONE' });
    await seedTask(me, { title: 'Due tomorrow', dueDate: '2026-03-12' });
    await seedTask(me, { title: 'No due date' });
    await seedTask(me, { title: 'Delegated last week', assignee: colleague.memberId, createdAt: '2026-03-04T08:00:00Z' });
    await seedTask(me, { title: 'Delegated yesterday', assignee: colleague.memberId, createdAt: '2026-03-10T08:00:00Z' });
    await seedTask(me, { title: 'Delegated, done', assignee: colleague.memberId, status: 'DONE' });
    await seedTask(me, { title: 'Unassigned', assignee: null });
    await seedTask(me, { title: 'Jordan for me', createdBy: colleague.memberId, dueDate: '2026-03-09' });

    const dashboard = await dashboardOf(me);
    expect(dashboard.today).toBe(TODAY);
    expect(titles(dashboard.dueToday)).toEqual(['Due today, urgent', 'Due today, medium', 'Due today, in progress']);
    expect(titles(dashboard.overdue)).toEqual(['Overdue by ten days', 'Jordan for me', 'Overdue by a day']);
    expect(titles(dashboard.delegatedWaiting)).toEqual(['Due today, for Jordan', 'Delegated last week', 'Delegated yesterday']);
    expect(dashboard.overdueUnassigned).toEqual([]);
    expect(dashboard.totals).toEqual({
      dueToday: 3,
      overdue: 3,
      overdueUnassigned: 0,
      delegatedWaiting: 3,
      briefsForToday: 0,
      awaitingAcknowledgement: 0,
      needsMore: 0,
      waitingOn: 0,
      newAnswers: 0,
    });
    expect(dashboard.dueToday[0]).toEqual({
      id: expect.any(String),
      title: 'Due today, urgent',
      status: 'TODO',
      priority: 'URGENT',
      dueDate: TODAY,
      assignee: { memberId: me.memberId, firstName: 'Avery', lastName: 'Stone' },
      createdBy: { memberId: me.memberId, firstName: 'Avery', lastName: 'Stone' },
      createdAt: '2026-03-05T09:00:00.000Z',
    });
    expect(dashboard.overdue[1]!.createdBy).toEqual({ memberId: colleague.memberId, firstName: 'Jordan', lastName: 'Member' });
    expect(dashboard.delegatedWaiting[1]!.assignee).toEqual({ memberId: colleague.memberId, firstName: 'Jordan', lastName: 'Member' });
  });

  it('lists overdue tasks nobody is assigned to, most overdue first, only those the reader may see (issue #8)', async () => {
    const owner = await signUpOwner(t, { firstName: 'Olive', lastName: 'Owner' });
    const user = await addMember(t, owner, 'USER', 'Uma');
    const guest = await addMember(t, owner, 'GUEST', 'Gus');
    await seedTask(owner, { title: 'Nobody, overdue by a day', assignee: null, dueDate: '2026-03-10' });
    await seedTask(owner, { title: 'Nobody, overdue by ten days', assignee: null, dueDate: '2026-03-01', priority: 'LOW' });
    await seedTask(owner, { title: 'Nobody, overdue by ten days, urgent', assignee: null, dueDate: '2026-03-01', priority: 'URGENT' });
    await seedTask(owner, { title: 'Nobody, due today', assignee: null, dueDate: TODAY });
    await seedTask(owner, { title: 'Nobody, no due date', assignee: null });
    await seedTask(owner, { title: 'Nobody, overdue but done', assignee: null, dueDate: '2026-03-01', status: 'DONE' });
    await seedTask(owner, { title: 'Uma’s, nobody, overdue', createdBy: user.memberId, assignee: null, dueDate: '2026-03-05' });
    await seedTask(owner, { title: 'Gus’s, overdue', assignee: guest.memberId, dueDate: '2026-03-05' });

    const asOwner = await dashboardOf(owner);
    expect(titles(asOwner.overdueUnassigned)).toEqual([
      'Nobody, overdue by ten days, urgent',
      'Nobody, overdue by ten days',
      'Uma’s, nobody, overdue',
      'Nobody, overdue by a day',
    ]);
    expect(asOwner.overdueUnassigned[0]!.assignee).toBeNull();
    expect(asOwner.totals.overdueUnassigned).toBe(4);
    expect(titles(asOwner.overdue)).toEqual([]);

    // A USER sees the unassigned tasks they created; a GUEST sees no unassigned task at all (PRODUCT §6).
    const asUser = await dashboardOf(user);
    expect(titles(asUser.overdueUnassigned)).toEqual(['Uma’s, nobody, overdue']);
    expect(asUser.totals.overdueUnassigned).toBe(1);
    const asGuest = await dashboardOf(guest);
    expect(asGuest.overdueUnassigned).toEqual([]);
    expect(asGuest.totals.overdueUnassigned).toBe(0);
  });

  it('orders waiting on others by urgency: overdue, then the nearest due date, then none; oldest first among equals (issue #8)', async () => {
    const me = await signUpOwner(t);
    const colleague = await addMember(t, me, 'EXECUTIVEASSISTANT', 'Jordan');
    const delegate = (title: string, dueDate: string | null, createdAt: string) =>
      seedTask(me, { title, assignee: colleague.memberId, dueDate, createdAt });
    await delegate('No date, oldest', null, '2026-02-01T09:00:00Z');
    await delegate('Due next week', '2026-03-18', '2026-02-02T09:00:00Z');
    await delegate('Overdue by a day', '2026-03-10', '2026-02-03T09:00:00Z');
    await delegate('Due tomorrow, newer', '2026-03-12', '2026-03-10T09:00:00Z');
    await delegate('Due tomorrow, older', '2026-03-12', '2026-03-01T09:00:00Z');
    await delegate('Overdue by ten days', '2026-03-01', '2026-03-04T09:00:00Z');
    await delegate('Due today', TODAY, '2026-03-05T09:00:00Z');
    await delegate('No date, newest', null, '2026-03-10T09:00:00Z');

    const { delegatedWaiting } = await dashboardOf(me);
    expect(titles(delegatedWaiting)).toEqual([
      'Overdue by ten days',
      'Overdue by a day',
      'Due today',
      'Due tomorrow, older',
      'Due tomorrow, newer',
      'Due next week',
      'No date, oldest',
      'No date, newest',
    ]);
  });

  it('caps each list at 20 rows while totals count them all', async () => {
    const me = await signUpOwner(t);
    for (let n = 0; n < 23; n += 1) await seedTask(me, { dueDate: TODAY });
    const dashboard = await dashboardOf(me);
    expect(dashboard.dueToday).toHaveLength(20);
    expect(dashboard.totals.dueToday).toBe(23);
  });

  it('counts created and done per ISO week for the last 8 weeks, empty weeks as zeros', async () => {
    const me = await signUpOwner(t);
    const empty = await dashboardOf(me);
    expect(empty.createdVsDone).toEqual(WEEKS.map((weekStart) => ({ weekStart, created: 0, done: 0 })));

    await seedTask(me, { createdAt: '2026-03-09T00:00:00Z' }); // Monday 00:00 UTC: this week
    await seedTask(me, { createdAt: '2026-03-11T23:59:59Z' });
    await seedTask(me, { createdAt: '2026-03-08T23:59:59Z', status: 'DONE', completedAt: '2026-03-09T10:00:00Z' }); // Sunday: last week
    await seedTask(me, { createdAt: '2026-01-19T00:00:00Z', status: 'DONE', completedAt: '2026-02-10T10:00:00Z' }); // first week
    await seedTask(me, { createdAt: '2026-01-18T23:59:59Z', status: 'DONE', completedAt: '2026-01-19T00:00:01Z' }); // before the range
    await seedTask(me, { createdAt: '2026-02-03T12:00:00Z', status: 'IN_PROGRESS', completedAt: null });
    await seedTask(me, { createdAt: '2026-03-16T00:00:00Z' }); // after the caller's week

    const { createdVsDone } = await dashboardOf(me);
    expect(createdVsDone).toEqual([
      { weekStart: '2026-01-19', created: 1, done: 1 },
      { weekStart: '2026-01-26', created: 0, done: 0 },
      { weekStart: '2026-02-02', created: 1, done: 0 },
      { weekStart: '2026-02-09', created: 0, done: 1 },
      { weekStart: '2026-02-16', created: 0, done: 0 },
      { weekStart: '2026-02-23', created: 0, done: 0 },
      { weekStart: '2026-03-02', created: 1, done: 0 },
      { weekStart: '2026-03-09', created: 2, done: 1 },
    ]);
    // A Monday "today" ends the range with its own week; a Sunday with the week before.
    expect((await dashboardOf(me, '2026-03-09')).createdVsDone.at(-1)!.weekStart).toBe('2026-03-09');
    expect((await dashboardOf(me, '2026-03-08')).createdVsDone.map((week) => week.weekStart)).toEqual([
      '2026-01-12',
      ...WEEKS.slice(0, -1),
    ]);
  });

  it('counts open tasks per assignee, unassigned as memberId null, most first', async () => {
    const me = await signUpOwner(t, { firstName: 'Avery', lastName: 'Stone' });
    const jordan = await addMember(t, me, 'EXECUTIVEASSISTANT', 'Jordan');
    for (let n = 0; n < 3; n += 1) await seedTask(me, { assignee: jordan.memberId });
    await seedTask(me, { assignee: jordan.memberId, status: 'DONE' });
    await seedTask(me, { assignee: me.memberId, status: 'WAITING' });
    await seedTask(me, { assignee: null });
    await seedTask(me, { assignee: null });

    const { openByAssignee } = await dashboardOf(me);
    expect(openByAssignee).toEqual([
      { memberId: jordan.memberId, firstName: 'Jordan', lastName: 'Member', open: 3 },
      { memberId: null, firstName: null, lastName: null, open: 2 },
      { memberId: me.memberId, firstName: 'Avery', lastName: 'Stone', open: 1 },
    ]);
  });

  it('shows a USER only their own and assigned tasks, a GUEST only those assigned to them (PRODUCT §6)', async () => {
    const owner = await signUpOwner(t, { firstName: 'Olive', lastName: 'Owner' });
    const user = await addMember(t, owner, 'USER', 'Uma');
    const guest = await addMember(t, owner, 'GUEST', 'Gus');
    await seedTask(owner, { title: 'Owner private', assignee: owner.memberId, dueDate: TODAY, createdAt: '2026-03-10T10:00:00Z' });
    await seedTask(owner, { title: 'For Uma', assignee: user.memberId, dueDate: TODAY, createdAt: '2026-03-10T10:00:00Z' });
    await seedTask(owner, { title: 'For Gus', assignee: guest.memberId, dueDate: '2026-03-02', createdAt: '2026-03-03T10:00:00Z' });
    await seedTask(owner, {
      title: 'Uma delegated to Gus',
      createdBy: user.memberId,
      assignee: guest.memberId,
      status: 'DONE',
      createdAt: '2026-02-24T10:00:00Z',
      completedAt: '2026-03-10T10:00:00Z',
    });
    await seedTask(owner, {
      title: 'Uma delegated to Olive',
      createdBy: user.memberId,
      assignee: owner.memberId,
      createdAt: '2026-03-10T11:00:00Z',
    });

    const asOwner = await dashboardOf(owner);
    expect(asOwner.openByAssignee.reduce((sum, row) => sum + row.open, 0)).toBe(4);
    expect(asOwner.createdVsDone.at(-1)).toEqual({ weekStart: '2026-03-09', created: 3, done: 1 });

    const asUser = await dashboardOf(user);
    expect(titles(asUser.dueToday)).toEqual(['For Uma']);
    expect(titles(asUser.delegatedWaiting)).toEqual(['Uma delegated to Olive']);
    expect(asUser.openByAssignee).toEqual([
      { memberId: owner.memberId, firstName: 'Olive', lastName: 'Owner', open: 1 },
      { memberId: user.memberId, firstName: 'Uma', lastName: 'Member', open: 1 },
    ]);
    expect(asUser.createdVsDone.slice(-3)).toEqual([
      { weekStart: '2026-02-23', created: 1, done: 0 },
      { weekStart: '2026-03-02', created: 0, done: 0 },
      { weekStart: '2026-03-09', created: 2, done: 1 },
    ]);

    const asGuest = await dashboardOf(guest);
    expect(titles(asGuest.dueToday)).toEqual([]);
    expect(titles(asGuest.overdue)).toEqual(['For Gus']);
    expect(asGuest.delegatedWaiting).toEqual([]);
    expect(asGuest.openByAssignee).toEqual([{ memberId: guest.memberId, firstName: 'Gus', lastName: 'Member', open: 1 }]);
    expect(asGuest.createdVsDone.slice(-3)).toEqual([
      { weekStart: '2026-02-23', created: 1, done: 0 },
      { weekStart: '2026-03-02', created: 1, done: 0 },
      { weekStart: '2026-03-09', created: 0, done: 1 },
    ]);
  });

  it('answers 404 for another workspace, an unknown one, and without a session 401', async () => {
    const me = await signUpOwner(t);
    const stranger = await signUpOwner(t);
    await seedTask(stranger, { dueDate: TODAY });
    for (const workspaceId of [stranger.workspaceId, crypto.randomUUID()]) {
      const response = await t.get(url(workspaceId), { token: me.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    }
    expect((await t.get(url(me.workspaceId))).statusCode).toBe(401);
  });

  it('refuses a malformed or impossible today with 400 and errorData.today', async () => {
    const me = await signUpOwner(t);
    for (const today of ['2026-02-30', '11/03/2026', '2026-3-1', 'tomorrow', '2026-03-11T00:00:00Z', '']) {
      const response = await t.get(url(me.workspaceId, today), { token: me.token });
      expect(response.statusCode, today).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData: { today: expect.any(String) } });
      expect(Object.keys(response.json().errorData)).toEqual(['today']);
    }
  });

  it("defaults today to the server's UTC date", async () => {
    const me = await signUpOwner(t);
    const before = new Date().toISOString().slice(0, 10);
    await seedTask(me, { title: 'Due on the UTC day', dueDate: before });
    const dashboard = await dashboardOf(me, null);
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(dashboard.today);
    if (dashboard.today === before) expect(titles(dashboard.dueToday)).toEqual(['Due on the UTC day']);
  });
});
