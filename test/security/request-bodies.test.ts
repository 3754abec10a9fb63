import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Brief, QuestionRequestDetail, Task } from '@tandem/contract';
import {
  briefs,
  people,
  questionAnswers,
  questionRequests,
  tasks,
  workspaceMembers,
  workspaces,
} from '../../apps/server/src/db/schema/index.js';
import { INVALID_UTF8_MESSAGE } from '../../apps/server/src/plugins/json-body.js';
import { briefUrls, createBriefAs, patchBrief } from '../../apps/server/src/test/brief-fixtures.js';
import { createSentRequest, type SentRequest } from '../../apps/server/src/test/question-fixtures.js';
import { insertContact, postRequest, requestUrls } from '../../apps/server/src/test/request-fixtures.js';
import { createTaskAs, patchTask, postTask, setUpRoles, taskUrls, type RoleMembers } from '../../apps/server/src/test/task-fixtures.js';
import { CLIENT_ID, STRONG_PASSWORD, uniqueEmail, useTestApp } from '../../apps/server/src/test/test-app.js';
import { patch, signUpOwner, urls, type SignedInMember } from '../../apps/server/src/test/workspace-fixtures.js';

/**
 * Issue #14, "bodies that are not valid UTF-8 are refused with 400" and "mass assignment: ids,
 * workspaceId, role, status, createdBy, version in bodies never change what they should not".
 * Invalid bytes used to be decoded with replacement characters and stored (plugins/json-body.ts
 * now decodes with a fatal decoder); each refusal below is checked to have changed nothing.
 */

const t = useTestApp();
let roles: RoleMembers;
let owner: SignedInMember;
let stranger: SignedInMember;
let sent: SentRequest;

beforeAll(async () => {
  roles = await setUpRoles(t);
  owner = roles.OWNER;
  stranger = await signUpOwner(t, { firstName: 'Sam', lastName: 'Stranger' });
  sent = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada', lastName: 'Lovelace' }] });
});

/** Byte sequences no UTF-8 decoder may accept (RFC 3629 §3, §10; Unicode 15 table 3-7). */
const invalidSequences: [string, number[]][] = [
  ['a byte that never occurs (0xFF)', [0xff]],
  ['a lone continuation byte', [0x80]],
  ['an overlong "/" (0xC0 0xAF)', [0xc0, 0xaf]],
  ['an encoded surrogate (U+D800)', [0xed, 0xa0, 0x80]],
  ['a truncated 3-byte sequence', [0xe2, 0x82]],
  ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ['a 5-byte sequence', [0xf8, 0x88, 0x80, 0x80, 0x80]],
  ['Latin-1 "é" (0xE9) as if it were UTF-8', [0xe9]],
];

/** `json` with `marker` replaced by `bytes`: a JSON text whose string holds invalid UTF-8. */
function withBytes(json: unknown, marker: string, bytes: number[]): Buffer {
  const [before, after] = JSON.stringify(json).split(marker) as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
}

/** Sends raw bytes as application/json. */
const sendRaw = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: Buffer, token?: string) =>
  t.request({ method, url, payload: body, token, headers: { 'content-type': 'application/json' } });

function expectUtf8Refusal(response: { statusCode: number; json: () => Record<string, unknown> }): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    errorCode: 'MALFORMED_REQUEST',
    errorDisplayMessage: INVALID_UTF8_MESSAGE,
    errorData: { body: INVALID_UTF8_MESSAGE },
  });
  expect(INVALID_UTF8_MESSAGE).toMatch(/UTF-8/);
}

const taskCount = async (workspaceId: string) =>
  (await t.db.select({ n: count() }).from(tasks).where(eq(tasks.workspaceId, workspaceId)))[0]!.n;

describe('bodies that are not valid UTF-8 (issue #14)', () => {
  it.each(invalidSequences)('POST …/tasks with %s is refused with 400 and creates nothing', async (_name, bytes) => {
    const before = await taskCount(owner.workspaceId);
    const response = await sendRaw(
      'POST',
      taskUrls.tasks(owner.workspaceId),
      withBytes({ title: 'Plan §BAD§ offsite' }, '§BAD§', bytes),
      owner.token,
    );
    expectUtf8Refusal(response);
    expect(await taskCount(owner.workspaceId)).toBe(before);
  });

  it('stores the same body in valid UTF-8 exactly (the control: multi-byte characters pass)', async () => {
    const title = 'Café ✓ 𝄞 offsite — 東京';
    const response = await sendRaw('POST', taskUrls.tasks(owner.workspaceId), Buffer.from(JSON.stringify({ title }), 'utf8'), owner.token);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, response.json().payload.id));
    expect(row!.title).toBe(title);
    expect(row!.title).not.toContain('\uFFFD');
  });

  it('a brief save with invalid bytes is refused and the brief keeps its title and version', async () => {
    const brief = await createBriefAs(t, owner, { title: 'Board prep' });
    for (const [, bytes] of invalidSequences) {
      const response = await sendRaw(
        'PATCH',
        briefUrls.brief(owner.workspaceId, brief.id),
        withBytes({ version: brief.version, title: 'Board §BAD§ prep' }, '§BAD§', bytes),
        owner.token,
      );
      expectUtf8Refusal(response);
    }
    const [row] = await t.db.select().from(briefs).where(eq(briefs.id, brief.id));
    expect(row).toMatchObject({ title: 'Board prep', version: brief.version });
  });

  it('a public answer PUT with invalid bytes is refused and no answer is stored', async () => {
    const recipient = sent.recipients[0]!;
    const item = sent.items.find((entry) => entry.kind === 'OPEN_TEXT')!;
    for (const [, bytes] of invalidSequences) {
      const response = await sendRaw(
        'PUT',
        `${recipient.url}/answers/${item.id}`,
        withBytes({ value: 'We §BAD§ shipped' }, '§BAD§', bytes),
      );
      expectUtf8Refusal(response);
    }
    expect(await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, recipient.id))).toEqual([]);
  });

  it('a sign-up with invalid bytes is refused: no person, no mail', async () => {
    const email = uniqueEmail('utf8');
    for (const [, bytes] of invalidSequences) {
      const body = withBytes(
        { firstName: 'Zo§BAD§e', lastName: 'Example', loginIdentifier: email, password: STRONG_PASSWORD },
        '§BAD§',
        bytes,
      );
      expectUtf8Refusal(await sendRaw('POST', '/api/v1/signup', body));
    }
    expect(await t.db.select().from(people).where(eq(people.email, email))).toEqual([]);
    expect(await t.mailCount(email)).toBe(0);
  });

  it('keeps the other body refusals: malformed JSON, empty body, prototype poisoning, over 1 MB', async () => {
    const url = taskUrls.tasks(owner.workspaceId);
    const before = await taskCount(owner.workspaceId);
    const malformed = await sendRaw('POST', url, Buffer.from('{"title": "x",'), owner.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errorCode: 'MALFORMED_REQUEST', errorDisplayMessage: 'The request body is not valid JSON.' });
    const empty = await sendRaw('POST', url, Buffer.alloc(0), owner.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorCode).toBe('MALFORMED_REQUEST');
    for (const poisoned of ['{"title":"x","__proto__":{"isAdmin":true}}', '{"title":"x","constructor":{"prototype":{"isAdmin":true}}}']) {
      const response = await sendRaw('POST', url, Buffer.from(poisoned), owner.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'MALFORMED_REQUEST' });
    }
    const huge = await sendRaw('POST', url, Buffer.from(JSON.stringify({ title: 'x', notes: 'é'.repeat(600_000) })), owner.token);
    expect(huge.statusCode).toBe(413);
    expect(await taskCount(owner.workspaceId)).toBe(before);
  });
});

/** Fields a client must never set, with values that would be visible if they were applied. */
function forged(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: randomUUID(),
    workspaceId: stranger.workspaceId,
    personId: stranger.personId,
    memberId: stranger.memberId,
    createdBy: { id: stranger.memberId, firstName: 'Mallory', lastName: 'Forger' },
    createdByMemberId: stranger.memberId,
    updatedByMemberId: stranger.memberId,
    version: 99,
    createdAt: '2001-01-01T00:00:00.000Z',
    updatedAt: '2001-01-01T00:00:00.000Z',
    role: 'OWNER',
    ...extra,
  };
}

/** Within the last minute: set by the server now, not taken from the body's 2001. */
const isRecent = (iso: string | Date) => Date.now() - new Date(iso).getTime() < 60_000;

describe('mass assignment (issue #14)', () => {
  it('task create: ids, workspace, creator, version, timestamps and completion come from the server', async () => {
    const actor = roles.EXECUTIVEASSISTANT;
    const body: Record<string, unknown> = { ...forged({ completedAt: '2001-01-01T00:00:00.000Z' }), title: 'Forged fields' };
    const response = await postTask(t, actor, body);
    expect(response.statusCode).toBe(201);
    const task = response.json<{ payload: Task }>().payload;
    expect(task.id).not.toBe(body['id']);
    expect(task).toMatchObject({ createdByMemberId: actor.memberId, version: 1, completedAt: null, status: 'TODO' });
    expect(isRecent(task.createdAt)).toBe(true);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.workspaceId).toBe(actor.workspaceId);
    expect(
      await t.db
        .select()
        .from(tasks)
        .where(eq(tasks.id, body['id'] as string)),
    ).toEqual([]);
    expect(await taskCount(stranger.workspaceId)).toBe(0);
  });

  it('task update: only the task’s own fields change; the version moves by one', async () => {
    const task = await createTaskAs(t, owner, { title: 'Before' });
    const response = await patchTask(t, owner, task.id, { ...forged(), version: task.version, title: 'After' });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({
      title: 'After',
      workspaceId: owner.workspaceId,
      createdByMemberId: owner.memberId,
      version: task.version + 1,
    });
    expect(row!.createdAt.toISOString()).toBe(task.createdAt);
  });

  it('task update by a GUEST (status only, PRODUCT §6): no other field changes', async () => {
    const guest = roles.GUEST;
    const task = await createTaskAs(t, owner, { title: 'Guest task', priority: 'LOW', assigneeMemberId: guest.memberId });
    const response = await patchTask(t, guest, task.id, {
      ...forged(),
      version: task.version,
      status: 'DONE',
      title: 'Taken over',
      priority: 'HIGH',
      assigneeMemberId: null,
    });
    expect([200, 403]).toContain(response.statusCode);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({
      title: 'Guest task',
      priority: 'LOW',
      assigneeMemberId: guest.memberId,
      createdByMemberId: owner.memberId,
    });
  });

  it('brief create: status, acknowledgement, version and creator come from the server', async () => {
    const actor = roles.EXECUTIVEASSISTANT;
    const body: Record<string, unknown> = {
      ...forged({ status: 'ACKNOWLEDGED', readyAt: '2001-01-01T00:00:00.000Z', acknowledgedAt: '2001-01-01T00:00:00.000Z' }),
      acknowledgedBy: { id: roles.EXECUTIVE.memberId },
      acknowledgedByMemberId: roles.EXECUTIVE.memberId,
      title: 'Forged brief',
    };
    const response = await t.post(briefUrls.briefs(actor.workspaceId), body, { token: actor.token });
    expect(response.statusCode).toBe(201);
    const brief = response.json<{ payload: Brief }>().payload;
    expect(brief.id).not.toBe(body['id']);
    expect(brief).toMatchObject({ status: 'DRAFT', version: 1, readyAt: null, acknowledgedAt: null, acknowledgedBy: null });
    expect(brief.createdBy?.memberId).toBe(actor.memberId);
    const [row] = await t.db.select().from(briefs).where(eq(briefs.id, brief.id));
    expect(row).toMatchObject({ workspaceId: actor.workspaceId, createdByMemberId: actor.memberId, acknowledgedByMemberId: null });
  });

  it('brief update: a save cannot acknowledge, move workspace or rewrite the creator', async () => {
    const brief = await createBriefAs(t, owner, { title: 'Draft' });
    const response = await patchBrief(t, owner, brief.id, {
      ...forged({ status: 'ACKNOWLEDGED', acknowledgedAt: '2001-01-01T00:00:00.000Z', needMoreCount: 7 }),
      acknowledgedByMemberId: roles.EXECUTIVE.memberId,
      version: brief.version,
      title: 'Saved',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(briefs).where(eq(briefs.id, brief.id));
    expect(row).toMatchObject({
      title: 'Saved',
      status: 'DRAFT',
      acknowledgedAt: null,
      acknowledgedByMemberId: null,
      needMoreCount: 0,
      workspaceId: owner.workspaceId,
      createdByMemberId: owner.memberId,
      version: brief.version + 1,
    });
  });

  it('question request create: it starts as a DRAFT of its creator, nothing is sent', async () => {
    const contact = await insertContact(t, owner.workspaceId);
    const response = await postRequest(t, owner, {
      ...forged({ status: 'SENT', sentAt: '2001-01-01T00:00:00.000Z', closedAt: '2001-01-01T00:00:00.000Z' }),
      progress: { answered: 5, total: 5 },
      contactIds: [contact.id],
    });
    expect(response.statusCode).toBe(201);
    const request = response.json<{ payload: QuestionRequestDetail }>().payload;
    expect(request).toMatchObject({ status: 'DRAFT', version: 1, sentAt: null, closedAt: null });
    expect(request.createdBy?.memberId).toBe(owner.memberId);
    expect(request.recipients).toEqual([]);
    const [row] = await t.db.select().from(questionRequests).where(eq(questionRequests.id, request.id));
    expect(row).toMatchObject({ workspaceId: owner.workspaceId, createdByMemberId: owner.memberId, status: 'DRAFT' });
    expect(await t.mailCount(contact.email!)).toBe(0);
    const listed = await t.get(requestUrls.requests(stranger.workspaceId), { token: stranger.token });
    expect(listed.json().payload.items).toEqual([]);
  });

  it('member update: only the member type changes, never the person, workspace or status', async () => {
    const target = roles.USER;
    const response = await patch(
      t,
      urls.member(owner.workspaceId, target.memberId),
      { ...forged({ status: 'DISABLED', invitedBy: stranger.personId }), workspaceMemberType: 'GUEST' },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.id, target.memberId));
    expect(row).toMatchObject({
      workspaceMemberType: 'GUEST',
      personId: target.personId,
      workspaceId: owner.workspaceId,
      status: 'ACTIVE',
    });
    // And back, so the roles stay as setUpRoles made them.
    expect((await patch(t, urls.member(owner.workspaceId, target.memberId), { workspaceMemberType: 'USER' }, owner.token)).statusCode).toBe(
      200,
    );
  });

  it('profile update: names change; email, status, id and memberships do not', async () => {
    const actor = roles.USER;
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/profile',
      token: actor.token,
      payload: {
        ...forged({ status: 'DISABLED' }),
        email: uniqueEmail('taken-over'),
        passwordHash: 'x',
        workspaces: [{ id: stranger.workspaceId, workspaceMemberType: 'OWNER' }],
        impersonator: { id: stranger.personId },
        firstName: 'Renamed',
      },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(people).where(eq(people.id, actor.personId));
    expect(row).toMatchObject({ firstName: 'Renamed', email: actor.email.toLowerCase(), status: 'ACTIVE' });
    const memberships = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.personId, actor.personId));
    expect(memberships.map((member) => [member.workspaceId, member.workspaceMemberType])).toEqual([[owner.workspaceId, 'USER']]);
  });

  it('workspace update: only the name changes; links setting, id and plan stay', async () => {
    const response = await patch(
      t,
      urls.workspace(owner.workspaceId),
      { ...forged({ publicLinksEnabled: false, subscriptionType: 'FREE', workspaceMemberType: 'GUEST' }), name: 'Renamed office' },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({
      id: owner.workspaceId,
      name: 'Renamed office',
      subscriptionType: 'PRO',
      workspaceMemberType: 'OWNER',
    });
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    expect(row).toMatchObject({ name: 'Renamed office', publicLinksEnabled: true });
    expect(isRecent(row!.createdAt)).toBe(true);
  });

  it('sign-up: a new person is pending activation whatever the body says', async () => {
    const email = uniqueEmail('forged-signup');
    const response = await t.post('/api/v1/signup', {
      ...forged({ status: 'ACTIVE', emailVerifiedAt: '2001-01-01T00:00:00.000Z', workspaceMemberType: 'GUEST' }),
      isPlatformAdmin: true,
      firstName: 'Nina',
      lastName: 'New',
      loginIdentifier: email,
      password: STRONG_PASSWORD,
      clientId: CLIENT_ID,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(people).where(eq(people.email, email));
    expect(row!.id).toBe(response.json().payload.id);
    expect(row).toMatchObject({ status: 'PENDING_ACTIVATION' });
    expect(isRecent(row!.createdAt)).toBe(true);
    expect(JSON.stringify(row)).not.toMatch(/"isPlatformAdmin":true/);
  });
});
