import { beforeAll, describe, expect, it } from 'vitest';
import { taskPriorities, type Task, type TaskSort } from '@tandem/contract';
import { useTestApp } from '../../test/test-app.js';
import { joinAs, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { todayUtc } from './tasks-repository.js';
import { createTaskAs, listAllIds, listTasksAs, patchTask } from '../../test/task-fixtures.js';

const t = useTestApp();
let owner: SignedInMember;
let user: SignedInMember;
let all: Task[];

const yesterday = todayUtc(new Date(Date.now() - 86_400_000));
const tomorrow = todayUtc(new Date(Date.now() + 86_400_000));

beforeAll(async () => {
  owner = await signUpOwner(t, { firstName: 'Olive', lastName: 'Owner' });
  user = await joinAs(t, owner, 'USER');
  const specs = [
    {
      title: 'Budget review',
      notes: 'quarterly numbers',
      status: 'TODO',
      priority: 'HIGH',
      dueDate: '2020-01-10',
      assigneeMemberId: user.memberId,
    },
    { title: 'Book flights', notes: '', status: 'IN_PROGRESS', priority: 'LOW', dueDate: yesterday, assigneeMemberId: owner.memberId },
    { title: 'Call lawyer', notes: 'about the budget', status: 'DONE', priority: 'URGENT', dueDate: '2020-01-10' },
    { title: 'Draft speech', notes: '', status: 'WAITING', priority: 'MEDIUM', dueDate: tomorrow, assigneeMemberId: user.memberId },
    { title: 'Order flowers', notes: 'Für die Gäste', status: 'TODO', priority: 'MEDIUM', dueDate: null },
    { title: 'Plan offsite', notes: '', status: 'TODO', priority: 'URGENT', dueDate: '2031-05-01', assigneeMemberId: owner.memberId },
    { title: 'Renew passport', notes: '', status: 'TODO', priority: 'LOW', dueDate: null, assigneeMemberId: user.memberId },
    { title: 'Review contract', notes: 'budget line 4', status: 'WAITING', priority: 'HIGH', dueDate: '2031-05-01' },
    { title: 'Thank-you notes', notes: '', status: 'DONE', priority: 'LOW', dueDate: null },
    { title: 'Update CRM', notes: '', status: 'IN_PROGRESS', priority: 'MEDIUM', dueDate: '2029-12-31', assigneeMemberId: user.memberId },
  ] as const;
  all = [];
  for (const spec of specs) all.push(await createTaskAs(t, owner, spec));
  // A task the USER created for someone else (delegated by them) and one for themself.
  all.push(
    await createTaskAs(t, user, { title: 'Prepare agenda', priority: 'HIGH', dueDate: '2030-06-01', assigneeMemberId: owner.memberId }),
  );
  all.push(await createTaskAs(t, user, { title: 'Own errand', priority: 'LOW', assigneeMemberId: user.memberId }));
});

const idsOf = (tasks: Task[]) => tasks.map((task) => task.id);
const sortIds = (ids: string[]) => [...ids].sort();

async function listIds(member: SignedInMember, query: Record<string, string | number | boolean>) {
  const response = await listTasksAs(t, member, { limit: 100, ...query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload.items.map((task: Task) => task.id) as string[];
}

describe('filters of GET v1/workspaces/{id}/tasks', () => {
  const cases: [string, Record<string, string | boolean>, (task: Task) => boolean][] = [
    ['status (one)', { status: 'WAITING' }, (task) => task.status === 'WAITING'],
    ['status (comma list)', { status: 'TODO,DONE' }, (task) => task.status === 'TODO' || task.status === 'DONE'],
    ['assignee', { assignee: 'USER' }, (task) => task.assigneeMemberId === user.memberId],
    ['mine', { mine: true }, (task) => task.assigneeMemberId === owner.memberId],
    [
      'delegatedByMe',
      { delegatedByMe: true },
      (task) => task.createdByMemberId === owner.memberId && task.assigneeMemberId !== null && task.assigneeMemberId !== owner.memberId,
    ],
    ['dueBefore (inclusive)', { dueBefore: '2029-12-31' }, (task) => task.dueDate !== null && task.dueDate <= '2029-12-31'],
    ['dueAfter (inclusive)', { dueAfter: '2030-06-01' }, (task) => task.dueDate !== null && task.dueDate >= '2030-06-01'],
    ['dueAfter + dueBefore', { dueAfter: '2020-01-10', dueBefore: '2020-01-10' }, (task) => task.dueDate === '2020-01-10'],
    ['overdue', { overdue: true }, (task) => task.dueDate !== null && task.dueDate < todayUtc() && task.status !== 'DONE'],
    [
      "overdue on the caller's day",
      { overdue: true, today: '2030-06-02' },
      (task) => task.dueDate !== null && task.dueDate < '2030-06-02' && task.status !== 'DONE',
    ],
    ['q (word prefix, title or notes)', { q: 'budg' }, (task) => /budg/i.test(`${task.title} ${task.notes}`)],
    ['q (several words, all must match)', { q: 'review contract' }, (task) => task.title === 'Review contract'],
    ['q (non-ASCII)', { q: 'gäste' }, (task) => task.title === 'Order flowers'],
    [
      'combined',
      { status: 'TODO', mine: false, q: 'r', dueAfter: '2000-01-01' },
      (task) => task.status === 'TODO' && task.dueDate !== null && /\br/i.test(`${task.title} ${task.notes}`),
    ],
  ];
  it.each(cases)('%s', async (_name, query, matches) => {
    const resolved = { ...query };
    if (resolved.assignee === 'USER') resolved.assignee = user.memberId;
    const expected = all.filter(matches);
    expect(expected.length).toBeGreaterThan(0);
    expect(sortIds(await listIds(owner, resolved))).toEqual(sortIds(idsOf(expected)));
  });

  it('mine and delegatedByMe are relative to the caller (a USER)', async () => {
    expect(sortIds(await listIds(user, { mine: true }))).toEqual(
      sortIds(idsOf(all.filter((task) => task.assigneeMemberId === user.memberId))),
    );
    expect(await listIds(user, { delegatedByMe: true })).toEqual([all.find((task) => task.title === 'Prepare agenda')!.id]);
  });

  it('ignores a q without words', async () => {
    expect((await listIds(owner, { q: ' !? ' })).length).toBe(all.length);
  });

  it.each([
    [{ status: 'LATER' }, 'status'],
    [{ dueBefore: '2025-02-30' }, 'dueBefore'],
    [{ dueAfter: 'tomorrow' }, 'dueAfter'],
    [{ assignee: 'me' }, 'assignee'],
    [{ mine: 'yes please' }, 'mine'],
    [{ sort: 'title' }, 'sort'],
    [{ order: 'up' }, 'order'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
  ] as const)('refuses %o with 400 errorData', async (query, field) => {
    const response = await listTasksAs(t, owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toHaveProperty(field);
  });
});

/** The order the API promises: key then id, tasks without a due date last in both orders. */
function expectedOrder(tasks: Task[], sort: TaskSort, order: 'asc' | 'desc'): string[] {
  const sign = order === 'asc' ? 1 : -1;
  const compareIds = (a: Task, b: Task) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...tasks]
    .sort((a, b) => {
      if (sort === 'dueDate') {
        if (a.dueDate === null || b.dueDate === null) {
          if (a.dueDate !== b.dueDate) return a.dueDate === null ? 1 : -1;
          return sign * compareIds(a, b);
        }
        return sign * (a.dueDate.localeCompare(b.dueDate) || compareIds(a, b));
      }
      if (sort === 'priority') return sign * (taskPriorities.indexOf(a.priority) - taskPriorities.indexOf(b.priority) || compareIds(a, b));
      return sign * (a.updatedAt.localeCompare(b.updatedAt) || compareIds(a, b));
    })
    .map((task) => task.id);
}

async function currentTasks(): Promise<Task[]> {
  const response = await listTasksAs(t, owner, { limit: 100 });
  return response.json().payload.items;
}

describe('sorts and keyset pagination', () => {
  const sorts = (['dueDate', 'priority', 'updatedAt'] as const).flatMap((sort) =>
    (['asc', 'desc'] as const).map((order) => [sort, order] as const),
  );

  it.each(sorts)('%s %s: pages of 3 follow the promised order', async (sort, order) => {
    const tasks = await currentTasks();
    expect(await listAllIds(t, owner, { sort, order, limit: 3 })).toEqual(expectedOrder(tasks, sort, order));
  });

  it('uses soonest due, most urgent and newest change when order is omitted', async () => {
    const tasks = await currentTasks();
    expect(await listIds(owner, {})).toEqual(expectedOrder(tasks, 'dueDate', 'asc'));
    expect(await listIds(owner, { sort: 'priority' })).toEqual(expectedOrder(tasks, 'priority', 'desc'));
    expect(await listIds(owner, { sort: 'updatedAt' })).toEqual(expectedOrder(tasks, 'updatedAt', 'desc'));
  });

  it.each(sorts)('%s %s: no row repeats or goes missing when tasks are added between pages', async (sort, order) => {
    const before = await currentTasks();
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const response = await listTasksAs(t, owner, cursor ? { sort, order, limit: 4, cursor } : { sort, order, limit: 4 });
      expect(response.statusCode, response.body).toBe(200);
      const body: { items: Task[]; nextCursor: string | null } = response.json().payload;
      seen.push(...body.items.map((task) => task.id));
      cursor = body.nextCursor;
      page += 1;
      if (page <= 2) {
        // New tasks landing at both ends of every order.
        await createTaskAs(t, owner, { title: `inserted ${sort} ${order} ${page}a`, priority: 'URGENT', dueDate: '2000-01-01' });
        await createTaskAs(t, owner, { title: `inserted ${sort} ${order} ${page}b`, priority: 'LOW', dueDate: null });
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of idsOf(before)) expect(seen).toContain(id);
  });

  it('returns nextCursor null on the last page and refuses foreign or malformed cursors', async () => {
    const first = (await listTasksAs(t, owner, { limit: 2 })).json().payload;
    expect(first.nextCursor).toEqual(expect.any(String));
    const lastPage = (await listTasksAs(t, owner, { limit: 100 })).json().payload;
    expect(lastPage.nextCursor).toBeNull();
    const forged = Buffer.from(JSON.stringify(['t1', 'x', '2020-01-01', '0190f0e0-0000-7000-8000-000000000001'])).toString('base64url');
    const queries: Record<string, string>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: forged },
      { cursor: first.nextCursor, sort: 'priority' },
      { cursor: first.nextCursor, order: 'desc' },
      { cursor: first.nextCursor, status: 'TODO' },
    ];
    for (const query of queries) {
      const response = await listTasksAs(t, owner, { limit: 2, ...query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().errorData).toEqual({ cursor: 'This cursor is not valid. Start again from the first page.' });
    }
    // Another member cannot continue the owner's list.
    const other = await listTasksAs(t, user, { limit: 2, cursor: first.nextCursor });
    expect(other.statusCode).toBe(400);
  });

  it('moves a changed task in the updatedAt order', async () => {
    const oldest = expectedOrder(await currentTasks(), 'updatedAt', 'asc')[0]!;
    const task = (await currentTasks()).find((candidate) => candidate.id === oldest)!;
    expect((await patchTask(t, owner, task.id, { version: task.version, notes: 'touched' })).statusCode).toBe(200);
    expect((await listIds(owner, { sort: 'updatedAt' }))[0]).toBe(task.id);
  });
});
