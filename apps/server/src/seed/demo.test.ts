import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, seedDemoWorkspace } from './demo.js';
import { recordOverdueTasks } from '../features/activity/overdue.js';
import { signIn, useTestApp } from '../test/test-app.js';
import { invite, patch, urls } from '../test/workspace-fixtures.js';

const t = useTestApp();

describe('the demo workspace (seed/demo.ts) under the workspace rules', () => {
  beforeAll(async () => {
    expect(await seedDemoWorkspace(t.db, t.app.authService)).toBe(true);
  });

  // First: the other tests add activity of their own (an invitation).
  it('has a realistic history of activity over the past days, the newest unread, which the overdue sweep does not repeat', async () => {
    const executive = await signIn(t, demoAccounts.executive.email, demoAccounts.executive.password);
    const [workspace] = (await t.get(urls.workspaces, { token: executive.access_token })).json().payload.items;
    const items: {
      kind: string;
      createdAt: string;
      isUnread: boolean;
      actor: { firstName: string } | null;
      subject: { title?: string };
    }[] = (await t.get(`${urls.activity(workspace.id)}?limit=100`, { token: executive.access_token })).json().payload.items;
    expect(new Set(items.map((item) => item.kind))).toEqual(
      new Set([
        'PLAN_CHANGED',
        'MEMBER_INVITED',
        'MEMBER_JOINED',
        'TASK_CREATED',
        'TASK_ASSIGNED',
        'TASK_OVERDUE',
        'TASK_DONE',
        'BRIEF_READY',
      ]),
    );
    expect(items.length).toBeGreaterThanOrEqual(10);
    const days = new Set(items.map((item) => item.createdAt.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(5);
    expect(items[0]).toMatchObject({ kind: 'BRIEF_READY', actor: { firstName: 'Arthur' }, isUnread: true });
    expect(items.at(-1)).toMatchObject({ kind: 'PLAN_CHANGED', isUnread: false });
    const profile = (await t.get('/api/v1/profile', { token: executive.access_token })).json().payload;
    const me = profile.workspaces[0].members.find((member: { workspaceMemberType: string }) => member.workspaceMemberType === 'EXECUTIVE');
    expect(me.hasNewActivityItems).toBe(true);

    await recordOverdueTasks(t.db);
    const again = (await t.get(`${urls.activity(workspace.id)}?limit=100`, { token: executive.access_token })).json().payload.items;
    expect(again.filter((item: { kind: string }) => item.kind === 'TASK_OVERDUE')).toHaveLength(1);
  });

  it('has briefs written through the briefs feature: one awaiting the executive, a draft, one acknowledged that needs more', async () => {
    const executive = await signIn(t, demoAccounts.executive.email, demoAccounts.executive.password);
    const assistant = await signIn(t, demoAccounts.assistant.email, demoAccounts.assistant.password);
    const [workspace] = (await t.get(urls.workspaces, { token: executive.access_token })).json().payload.items;
    const briefs: { title: string; status: string; marks: { NEED_MORE: number } }[] = (
      await t.get(`/api/v1/workspaces/${workspace.id}/briefs?sort=meetingAt`, { token: executive.access_token })
    ).json().payload.items;
    expect(briefs.map(({ title, status, marks }) => [title, status, marks.NEED_MORE])).toEqual([
      ['Q3 board meeting', 'READY', 0],
      ['1:1 with Maya Chen', 'DRAFT', 0],
      ['Lisbon offsite', 'ACKNOWLEDGED', 1],
    ]);
    const executiveDay = (await t.get(`/api/v1/workspaces/${workspace.id}/dashboard`, { token: executive.access_token })).json().payload;
    expect(executiveDay.awaitingAcknowledgement.map((brief: { title: string }) => brief.title)).toEqual(['Q3 board meeting']);
    const assistantDay = (await t.get(`/api/v1/workspaces/${workspace.id}/dashboard`, { token: assistant.access_token })).json().payload;
    expect(assistantDay.needsMore.map((brief: { title: string }) => brief.title)).toEqual(['Lisbon offsite']);
  });

  it('has one EXECUTIVE who administers it and an assistant who may invite users only', async () => {
    const executive = await signIn(t, demoAccounts.executive.email, demoAccounts.executive.password);
    const assistant = await signIn(t, demoAccounts.assistant.email, demoAccounts.assistant.password);
    const [workspace] = (await t.get(urls.workspaces, { token: executive.access_token })).json().payload.items;
    expect(workspace).toMatchObject({ subscriptionType: 'PRO', workspaceMemberType: 'EXECUTIVE' });

    const members = (await t.get(urls.members(workspace.id), { token: assistant.access_token })).json().payload.items;
    expect(members.map((m: { workspaceMemberType: string; status: string }) => [m.workspaceMemberType, m.status])).toEqual([
      ['EXECUTIVE', 'ACTIVE'],
      ['EXECUTIVEASSISTANT', 'ACTIVE'],
    ]);
    expect((await invite(t, assistant.access_token, workspace.id, { workspaceMemberType: 'USER' })).statusCode).toBe(201);
    expect((await invite(t, assistant.access_token, workspace.id, { workspaceMemberType: 'OWNER' })).statusCode).toBe(403);
    const executiveMember = members[0];
    const demote = await patch(t, urls.member(workspace.id, executiveMember.id), { workspaceMemberType: 'USER' }, executive.access_token);
    expect(demote.statusCode).toBe(409);
  });

  it("gives the executive's dashboard something to show: due today, overdue, delegated and done", async () => {
    const executive = await signIn(t, demoAccounts.executive.email, demoAccounts.executive.password);
    const [workspace] = (await t.get(urls.workspaces, { token: executive.access_token })).json().payload.items;
    const dashboard = (await t.get(`/api/v1/workspaces/${workspace.id}/dashboard`, { token: executive.access_token })).json().payload;
    expect(dashboard.dueToday.map((task: { title: string }) => task.title)).toEqual(['Approve the Q3 budget', 'Review the keynote draft']);
    expect(dashboard.overdue.map((task: { title: string }) => task.title)).toEqual(['Sign the partnership NDA']);
    expect(dashboard.delegatedWaiting).toHaveLength(2);
    expect(dashboard.createdVsDone.at(-1)).toMatchObject({ created: 7, done: 1 });
  });

  it('has question requests written through the questions feature: one SENT to five VPs in mixed states, a draft, a closed one', async () => {
    const assistant = await signIn(t, demoAccounts.assistant.email, demoAccounts.assistant.password);
    const [workspace] = (await t.get(urls.workspaces, { token: assistant.access_token })).json().payload.items;
    const requests: { id: string; title: string; status: string; progress: Record<string, number> }[] = (
      await t.get(`/api/v1/workspaces/${workspace.id}/question-requests?sort=title`, { token: assistant.access_token })
    ).json().payload.items;
    expect(requests.map(({ title, status }) => [title, status])).toEqual([
      ['Board meeting prep: Q3 numbers', 'SENT'],
      ['Lisbon offsite: dietary needs and arrival times', 'DRAFT'],
      ['Q2 hiring plan check-in', 'CLOSED'],
    ]);
    expect(requests[0]!.progress).toEqual({ total: 5, PENDING: 2, OPENED: 1, PARTIAL: 1, ANSWERED: 1 });
    const board = (
      await t.get(`/api/v1/workspaces/${workspace.id}/question-requests/${requests[0]!.id}`, { token: assistant.access_token })
    ).json().payload;
    expect(board.answers).toHaveLength(4);
    expect(board.recipients.every((recipient: { link: { isActive: boolean } }) => recipient.link.isActive)).toBe(true);
    const day = (await t.get(`/api/v1/workspaces/${workspace.id}/dashboard`, { token: assistant.access_token })).json().payload;
    expect(day.totals).toMatchObject({ waitingOn: 4, newAnswers: 2 });
    expect(day.waitingOn.map((item: { contact: { firstName: string } }) => item.contact.firstName).sort()).toEqual([
      'Lukas',
      'Priya',
      'Sofia',
      'Tom',
    ]);
  });

  it('has a DRAFT summary of the board answers whose key points cite them and whose counts are computed (issue #11)', async () => {
    const assistant = await signIn(t, demoAccounts.assistant.email, demoAccounts.assistant.password);
    const [workspace] = (await t.get(urls.workspaces, { token: assistant.access_token })).json().payload.items;
    const list = (await t.get(`/api/v1/workspaces/${workspace.id}/summaries`, { token: assistant.access_token })).json().payload;
    expect(list.items.map(({ title, status }: { title: string; status: string }) => [title, status])).toEqual([
      ['Q3 numbers so far', 'DRAFT'],
    ]);
    const summary = (
      await t.get(`/api/v1/workspaces/${workspace.id}/summaries/${list.items[0].id}`, { token: assistant.access_token })
    ).json().payload;
    expect(summary.answers).toHaveLength(4);
    expect(summary.issues).toEqual([]);
    const confidence = summary.perQuestion.find((spread: { kind: string }) => spread.kind === 'SCALE_1_5');
    expect(confidence).toMatchObject({ asked: 5, answered: 1, average: 4 });
  });
});
