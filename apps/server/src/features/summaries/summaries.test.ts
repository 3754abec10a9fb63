import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REDACTED_NAME,
  REDACTED_TEXT,
  SUMMARY_KEY_POINTS_MAX,
  type AnswerValue,
  type PublicSummary,
  type QuestionItem,
  type Summary,
  type SummaryPage,
  type UpdateSummaryInput,
} from '@tandem/contract';
import { activityItems, aiGenerations, questionAnswers, questionRequests, tasks, workspaces } from '../../db/schema/index.js';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import { createSentRequest, ensureQuestionEventTypes, type SentRequest } from '../../test/question-fixtures.js';
import { useTestApp } from '../../test/test-app.js';
import { joinAs, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

const t = useTestApp();
const openEventStream = useEventStreams();
let owner: SignedInMember;
let baseUrl = '';

const base = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/summaries`;
const one = (workspaceId: string, summaryId: string) => `${base(workspaceId)}/${summaryId}`;
const publicUrl = (publicId: string) => `/api/v1/public/summaries/${publicId}`;

const item = (kind: QuestionItem['kind'], prompt: string, options: string[] = []): QuestionItem => ({
  id: randomUUID(),
  prompt,
  kind,
  options,
  required: true,
});

const PEOPLE = [
  { firstName: 'Ada', lastName: 'Lovelace' },
  { firstName: 'Grace', lastName: 'Hopper' },
  { firstName: 'Alan', lastName: 'Turing' },
  { firstName: 'Katherine', lastName: 'Johnson' },
  { firstName: 'Edsger', lastName: 'Dijkstra' },
  { firstName: 'Barbara', lastName: 'Liskov' },
  { firstName: 'Donald', lastName: 'Knuth' },
];

/** Writes one answer straight to the database (the answer routes are issue #10's). */
async function answer(request: SentRequest, recipientIndex: number, itemId: string, value: AnswerValue, submittedAt = new Date()) {
  const [row] = await t.db
    .insert(questionAnswers)
    .values({
      workspaceId: owner.workspaceId,
      requestId: request.requestId,
      recipientId: request.recipients[recipientIndex]!.id,
      itemId,
      value,
      via: 'LINK',
      submittedAt,
      updatedAt: submittedAt,
    })
    .returning({ id: questionAnswers.id });
  return row!.id;
}

const OPEN_TEXTS = [
  'We need to hire two engineers before the launch.',
  'I agree with Ada Lovelace on hiring, and the budget is tight.',
  'The launch date looks risky to me.',
  'Marketing is ready; sales needs training.',
  'Hiring is the bottleneck, as Ada said.',
  'Budget first, then hiring.',
  'No concerns from legal.',
];

// The main fixture: 7 people, YES_NO 4 yes / 3 no ("4 of 7"), a choice 4/2/1, a scale, open text.
const yesNo = item('YES_NO', 'Can you attend the board meeting?');
const choice = item('SINGLE_CHOICE', 'Which market first?', ['Europe', 'Asia', 'Americas']);
const scale = item('SCALE_1_5', 'How confident are you?');
const openText = item('OPEN_TEXT', 'What worries you?');
const YES_NO_VALUES = [true, true, false, true, false, true, false];
const CHOICE_VALUES = ['Europe', 'Asia', 'Europe', 'Americas', 'Europe', 'Asia', 'Europe'];
const SCALE_VALUES = [5, 4, 4, 3, 1, 4, 2];

let main: SentRequest;
const answerIds: Record<string, string[]> = {};

async function generate(token: string, body: unknown, workspaceId = owner.workspaceId) {
  return t.post(`${base(workspaceId)}/generate`, body, { token });
}

async function generated(body: unknown): Promise<Summary> {
  const response = await generate(owner.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ payload: Summary }>().payload;
}

const put = (summaryId: string, body: UpdateSummaryInput, token = owner.token) =>
  t.request({ method: 'PUT', url: one(owner.workspaceId, summaryId), payload: body as never, token });

/** The summary's content as a PUT body, at its version. */
const bodyOf = (summary: Summary): UpdateSummaryInput => ({
  version: summary.version,
  title: summary.title,
  keyPoints: summary.keyPoints,
  perQuestion: summary.perQuestion.map(({ requestId, itemId, synthesis }) => ({ requestId, itemId, synthesis })),
  quotes: summary.quotes,
  actionItems: summary.actionItems.map(({ id, text, answerIds: ids }) => ({ id, text, answerIds: ids })),
  redactions: summary.redactions,
});

beforeAll(async () => {
  ensureQuestionEventTypes(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await signUpOwner(t, { firstName: 'Eleanor', lastName: 'Vance' });
  main = await createSentRequest(t, owner, { title: 'Launch readiness', items: [yesNo, choice, scale, openText], recipients: PEOPLE });
  answerIds.yesNo = [];
  answerIds.open = [];
  for (let index = 0; index < PEOPLE.length; index += 1) {
    answerIds.yesNo.push(await answer(main, index, yesNo.id, YES_NO_VALUES[index]!));
    await answer(main, index, choice.id, CHOICE_VALUES[index]!);
    await answer(main, index, scale.id, SCALE_VALUES[index]!);
    answerIds.open.push(await answer(main, index, openText.id, OPEN_TEXTS[index]!));
  }
});

afterAll(async () => {
  await t.app.close();
});

describe('generate', () => {
  it('cites answers of the scope, quotes verbatim and computes the counts', async () => {
    const summary = await generated({ title: 'Launch', scope: { requestIds: [main.requestId] } });
    expect(summary.status).toBe('DRAFT');
    expect(summary.version).toBe(1);
    expect(summary.answers).toHaveLength(28);
    const answers = new Map(summary.answers.map((entry) => [entry.id, entry]));
    expect(summary.keyPoints.length).toBeGreaterThan(0);
    expect(summary.keyPoints.length).toBeLessThanOrEqual(SUMMARY_KEY_POINTS_MAX);
    for (const point of summary.keyPoints) {
      expect(point.answerIds.length).toBeGreaterThan(0);
      for (const id of point.answerIds) expect(answers.has(id)).toBe(true);
    }
    for (const quote of summary.quotes) expect(answers.get(quote.answerId)!.text).toContain(quote.text);
    expect(summary.words.summary).toBeLessThanOrEqual(summary.words.budget);
    expect(summary.issues).toEqual([]);

    const spread = (itemId: string) => summary.perQuestion.find((entry) => entry.itemId === itemId)!;
    const yes = spread(yesNo.id);
    expect(yes).toMatchObject({
      asked: 7,
      answered: 7,
      counts: [
        { label: 'Yes', count: 4 },
        { label: 'No', count: 3 },
      ],
      average: null,
    });
    const noAnswers = summary.answers.filter((entry) => entry.itemId === yesNo.id && entry.value === false).map((entry) => entry.id);
    expect([...yes.dissentAnswerIds].sort()).toEqual([...noAnswers].sort());
    const market = spread(choice.id);
    expect(market.counts).toEqual([
      { label: 'Europe', count: 4 },
      { label: 'Asia', count: 2 },
      { label: 'Americas', count: 1 },
    ]);
    expect(market.dissentAnswerIds).toHaveLength(3);
    const confidence = spread(scale.id);
    expect(confidence.counts.map((entry) => entry.count)).toEqual([1, 1, 1, 3, 1]);
    expect(confidence.average).toBe(3.29);
    // Median 4: the 1 and the 2 are 2 or more away.
    const far = summary.answers.filter((entry) => entry.itemId === scale.id && Number(entry.value) <= 2).map((entry) => entry.id);
    expect([...confidence.dissentAnswerIds].sort()).toEqual([...far].sort());
    expect(spread(openText.id).counts).toEqual([]);
    expect(summary.provider.kind).toBeDefined();
  });

  it('refuses a confidential request by name and leaves confidential answers out of a people scope', async () => {
    const secret = await createSentRequest(t, owner, {
      title: 'Secret reorg',
      items: [item('OPEN_TEXT', 'Who should lead?')],
      recipients: [{ firstName: 'Zed', lastName: 'Secret' }],
    });
    await t.db.update(questionRequests).set({ confidential: true }).where(eq(questionRequests.id, secret.requestId));
    await answer(secret, 0, secret.items[0]!.id, 'Me.');
    const refused = await generate(owner.token, { title: 'Reorg', scope: { requestIds: [secret.requestId] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorDisplayMessage).toContain('Secret reorg');
    expect(refused.json().errorDisplayMessage).toContain('confidential');

    // Zed answered only the confidential request: nothing is left.
    const onlySecret = await generate(owner.token, { title: 'Zed', scope: { contactIds: [secret.recipients[0]!.contactId] } });
    expect(onlySecret.statusCode).toBe(400);
    expect(onlySecret.json().errorData.scope).toMatch(/No answers match/);

    const mixed = await createSentRequest(t, owner, {
      title: 'Open plans',
      items: [item('YES_NO', 'Ship it?')],
      recipients: [{ firstName: 'Mia', lastName: 'Mixed' }],
    });
    await answer(mixed, 0, mixed.items[0]!.id, true);
    const secret2 = await createSentRequest(t, owner, {
      title: 'Secret two',
      items: [item('OPEN_TEXT', 'Anything?')],
      recipients: [{ firstName: 'Mia2', lastName: 'Mixed' }],
    });
    // The same person in both: reuse Mia's contact by moving the recipient to her.
    await t.db.update(questionRequests).set({ confidential: true }).where(eq(questionRequests.id, secret2.requestId));
    const { questionRecipients } = await import('../../db/schema/index.js');
    await t.db
      .update(questionRecipients)
      .set({ contactId: mixed.recipients[0]!.contactId })
      .where(eq(questionRecipients.id, secret2.recipients[0]!.id));
    await answer(secret2, 0, secret2.items[0]!.id, 'Confidential words.');
    const summary = await generated({ title: 'Mia', scope: { contactIds: [mixed.recipients[0]!.contactId] } });
    expect(summary.excludedConfidential).toBe(1);
    expect(summary.answers).toHaveLength(1);
    expect(summary.answers[0]!.requestId).toBe(mixed.requestId);
  });

  it('keeps answers first given within the dates (UTC, both included)', async () => {
    const dated = await createSentRequest(t, owner, {
      title: 'Dated',
      items: [item('OPEN_TEXT', 'Status?')],
      recipients: [{ firstName: 'Jan' }, { firstName: 'Feb' }, { firstName: 'Late' }],
    });
    await answer(dated, 0, dated.items[0]!.id, 'January status is fine.', new Date('2026-01-10T23:30:00Z'));
    await answer(dated, 1, dated.items[0]!.id, 'February status is late.', new Date('2026-02-10T10:00:00Z'));
    await answer(dated, 2, dated.items[0]!.id, 'Early January note.', new Date('2026-01-01T00:00:00Z'));
    const summary = await generated({ title: 'January', scope: { requestIds: [dated.requestId], from: '2026-01-01', to: '2026-01-10' } });
    expect(summary.answers.map((entry) => entry.text).sort()).toEqual(['Early January note.', 'January status is fine.']);
    expect(summary.perQuestion[0]).toMatchObject({ asked: 3, answered: 2 });
    const none = await generate(owner.token, { title: 'March', scope: { requestIds: [dated.requestId], from: '2026-03-01', to: null } });
    expect(none.statusCode).toBe(400);
    expect(none.json().errorData.scope).toBeDefined();
  });

  it('answers 400 for unknown requests or people and for an empty scope', async () => {
    const unknownRequest = await generate(owner.token, { title: 'X', scope: { requestIds: [randomUUID()] } });
    expect(unknownRequest.statusCode).toBe(400);
    expect(unknownRequest.json().errorData.requestIds).toBeDefined();
    const unknownPerson = await generate(owner.token, { title: 'X', scope: { contactIds: [randomUUID()] } });
    expect(unknownPerson.statusCode).toBe(400);
    expect(unknownPerson.json().errorData.contactIds).toBeDefined();
    const empty = await generate(owner.token, { title: 'X', scope: {} });
    expect(empty.statusCode).toBe(400);
    const unanswered = await createSentRequest(t, owner, { title: 'Nobody answered', items: [item('OPEN_TEXT', 'Hello?')] });
    const noAnswers = await generate(owner.token, { title: 'X', scope: { requestIds: [unanswered.requestId] } });
    expect(noAnswers.statusCode).toBe(400);
    expect(noAnswers.json().errorData.scope).toMatch(/No answers match/);
  });

  it('passes the plan limit through as 402', async () => {
    const other = await signUpOwner(t, { firstName: 'Quota', lastName: 'Spent' });
    const request = await createSentRequest(t, other, { title: 'Quota', items: [item('YES_NO', 'Ok?')], recipients: [{ firstName: 'Q' }] });
    await t.db.insert(questionAnswers).values({
      workspaceId: other.workspaceId,
      requestId: request.requestId,
      recipientId: request.recipients[0]!.id,
      itemId: request.items[0]!.id,
      value: true,
      via: 'LINK',
    });
    await t.db
      .insert(aiGenerations)
      .values(Array.from({ length: 20 }, () => ({ workspaceId: other.workspaceId, kind: 'SUMMARY' as const })));
    const response = await generate(other.token, { title: 'Over', scope: { requestIds: [request.requestId] } }, other.workspaceId);
    expect(response.statusCode).toBe(402);
    expect(response.json().errorCode).toBe('PLAN_LIMIT');
  });
});

describe('editing', () => {
  let summary: Summary;
  beforeAll(async () => {
    summary = await generated({ title: 'Edits', scope: { requestIds: [main.requestId] } });
  });

  it('rejects a fabricated quote, an out-of-scope citation and a stale version', async () => {
    const adaAnswer = summary.answers.find((entry) => entry.itemId === openText.id && entry.text.startsWith('We need'))!;
    const fabricated = await put(summary.id, {
      ...bodyOf(summary),
      quotes: [{ answerId: adaAnswer.id, text: 'We need to hire three engineers' }],
    });
    expect(fabricated.statusCode).toBe(400);
    expect(fabricated.json().errorData['quotes.0.text']).toBeDefined();

    const outside = await put(summary.id, { ...bodyOf(summary), keyPoints: [{ text: 'Made up.', answerIds: [randomUUID()] }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errorData['keyPoints.0.answerIds']).toBeDefined();

    const stranger = await put(summary.id, { ...bodyOf(summary), redactions: [{ kind: 'NAME', contactId: randomUUID() }] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errorData['redactions.0.contactId']).toBeDefined();
    const otherQuestion = await put(summary.id, {
      ...bodyOf(summary),
      perQuestion: [{ requestId: main.requestId, itemId: randomUUID(), synthesis: 'Elsewhere.' }],
    });
    expect(otherQuestion.statusCode).toBe(400);
    expect(otherQuestion.json().errorData['perQuestion.0.itemId']).toBeDefined();

    const saved = await put(summary.id, { ...bodyOf(summary), quotes: [{ answerId: adaAnswer.id, text: 'hire two engineers' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload.version).toBe(summary.version + 1);
    expect(saved.json().payload.perQuestion).toEqual(summary.perQuestion);

    const stale = await put(summary.id, bodyOf(summary));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('VERSION_CONFLICT');
    expect(stale.json().current.version).toBe(summary.version + 1);
    summary = saved.json().payload;
  });

  it('saves an uncited key point as a draft but refuses to publish it', async () => {
    const saved = await put(summary.id, { ...bodyOf(summary), keyPoints: [{ text: 'Nobody said this.', answerIds: [] }] });
    expect(saved.statusCode, saved.body).toBe(200);
    summary = saved.json().payload;
    expect(summary.issues.map((issue) => issue.path)).toContain('keyPoints.0.answerIds');
    expect(summary.coverage.uncoveredAnswerIds).toHaveLength(summary.answers.length);
    const refused = await t.post(`${one(owner.workspaceId, summary.id)}/publish`, { version: summary.version }, { token: owner.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorData['keyPoints.0.answerIds']).toBeDefined();
  });

  it('saves a draft over the word budget but refuses to publish it', async () => {
    const cited = summary.answers[0]!.id;
    const words = Array.from({ length: 70 }, (_, index) => `word${index}`).join(' ');
    const saved = await put(summary.id, { ...bodyOf(summary), keyPoints: [{ text: words, answerIds: [cited] }] });
    expect(saved.statusCode, saved.body).toBe(200);
    summary = saved.json().payload;
    expect(summary.words.summary).toBeGreaterThan(summary.words.budget);
    expect(summary.issues.map((issue) => issue.path)).toEqual(['words']);
    const refused = await t.post(`${one(owner.workspaceId, summary.id)}/publish`, { version: summary.version }, { token: owner.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorData.words).toBeDefined();
  });
});

describe('publishing', () => {
  let summary: Summary;
  let ada: { contactId: string };
  beforeAll(async () => {
    summary = await generated({ title: 'Hiring and Ada', scope: { requestIds: [main.requestId] } });
    ada = { contactId: main.recipients[0]!.contactId };
    const graceAnswer = summary.answers.find((entry) => entry.text.startsWith('I agree with Ada'))!;
    const adaAnswer = summary.answers.find((entry) => entry.text.startsWith('We need to hire'))!;
    const saved = await put(summary.id, {
      ...bodyOf(summary),
      keyPoints: [
        { text: 'Ada Lovelace and Adams want hiring; lovelace repeats it, as does ADA.', answerIds: [adaAnswer.id, graceAnswer.id] },
      ],
      quotes: [
        { answerId: graceAnswer.id, text: 'I agree with Ada Lovelace on hiring' },
        { answerId: adaAnswer.id, text: 'hire two engineers' },
      ],
      actionItems: [{ text: 'Ask Ada about the two engineers', answerIds: [adaAnswer.id] }],
      redactions: [
        { kind: 'NAME', contactId: ada.contactId, replacement: '' },
        { kind: 'TEXT', text: 'two engineers', replacement: '' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    summary = saved.json().payload;
  });

  it('refuses an expiry in the past and publishing while public links are off', async () => {
    const past = await t.post(
      `${one(owner.workspaceId, summary.id)}/publish`,
      { version: summary.version, expiresAt: '2020-01-01T00:00:00.000Z' },
      { token: owner.token },
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().errorData.expiresAt).toBeDefined();
    await t.db.update(workspaces).set({ publicLinksEnabled: false }).where(eq(workspaces.id, owner.workspaceId));
    const off = await t.post(`${one(owner.workspaceId, summary.id)}/publish`, { version: summary.version }, { token: owner.token });
    await t.db.update(workspaces).set({ publicLinksEnabled: true }).where(eq(workspaces.id, owner.workspaceId));
    expect(off.statusCode).toBe(409);
  });

  it('publishes with redactions applied, records the activity, then unpublishing answers 410', async () => {
    const published = await t.post(`${one(owner.workspaceId, summary.id)}/publish`, { version: summary.version }, { token: owner.token });
    expect(published.statusCode, published.body).toBe(200);
    summary = published.json().payload;
    expect(summary.status).toBe('PUBLISHED');
    expect(summary.publication).toMatchObject({ isActive: true, hasUnpublishedChanges: false });
    const days = (new Date(summary.publication!.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const page = await t.get(publicUrl(summary.publication!.publicId));
    expect(page.statusCode, page.body).toBe(200);
    const publicSummary = page.json<{ payload: PublicSummary }>().payload;
    const text = JSON.stringify({ ...publicSummary, title: '' });
    expect(text).not.toMatch(/\bAda\b/i);
    expect(text).not.toMatch(/Lovelace/i);
    expect(text).not.toContain('two engineers');
    expect(text).toContain('Adams');
    expect(publicSummary.keyPoints[0]!.text).toBe(
      `${REDACTED_NAME} and Adams want hiring; ${REDACTED_NAME} repeats it, as does ${REDACTED_NAME}.`,
    );
    expect(publicSummary.keyPoints[0]!.citedBy).toEqual([REDACTED_NAME, 'Grace Hopper']);
    expect(publicSummary.quotes).toEqual([
      { text: `I agree with ${REDACTED_NAME} on hiring`, by: 'Grace Hopper' },
      { text: `hire ${REDACTED_TEXT}`, by: REDACTED_NAME },
    ]);
    expect(publicSummary.actionItems).toEqual([{ text: `Ask ${REDACTED_NAME} about the ${REDACTED_TEXT}` }]);
    expect(publicSummary.answerCount).toBe(28);
    expect(publicSummary.perQuestion.find((entry) => entry.prompt === yesNo.prompt)!.counts).toEqual([
      { label: 'Yes', count: 4 },
      { label: 'No', count: 3 },
    ]);
    expect(JSON.stringify(publicSummary)).not.toContain(main.recipients[0]!.contactId);

    const activity = await t.db.select().from(activityItems).where(eq(activityItems.summaryId, summary.id));
    expect(activity.map((row) => row.kind)).toEqual(['SUMMARY_PUBLISHED']);
    expect(activity[0]!.subject).toMatchObject({ summaryId: summary.id, title: summary.title });

    const views = await t.get(`${one(owner.workspaceId, summary.id)}/views`, { token: owner.token });
    expect(views.statusCode).toBe(200);
    expect(views.json().payload.items).toHaveLength(1);

    // Publishing again refreshes the copy on the same link; an explicit expiry moves it.
    const publicId = summary.publication!.publicId;
    const retitled = await put(summary.id, { ...bodyOf(summary), title: 'Hiring, revised' });
    expect(retitled.json().payload.publication.hasUnpublishedChanges).toBe(true);
    const republished = await t.post(
      `${one(owner.workspaceId, summary.id)}/publish`,
      { version: retitled.json().payload.version, expiresAt: null },
      { token: owner.token },
    );
    expect(republished.statusCode, republished.body).toBe(200);
    summary = republished.json().payload;
    expect(summary.publication).toMatchObject({ publicId, expiresAt: null, hasUnpublishedChanges: false });
    expect((await t.get(publicUrl(publicId))).json().payload.title).toBe('Hiring, revised');

    const unpublished = await t.post(
      `${one(owner.workspaceId, summary.id)}/unpublish`,
      { version: summary.version },
      { token: owner.token },
    );
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json().payload.status).toBe('DRAFT');
    expect((await t.get(publicUrl(summary.publication!.publicId))).statusCode).toBe(410);
    expect((await t.get(publicUrl('notavalidid'))).statusCode).toBe(400);
    expect((await t.get(publicUrl('A'.repeat(22)))).statusCode).toBe(404);
  });
});

describe('a request made confidential after generating', () => {
  it('blocks publishing (409), shows the issue and takes the published page down (410)', async () => {
    const request = await createSentRequest(t, owner, {
      title: 'Later secret',
      items: [item('YES_NO', 'Go ahead?')],
      recipients: [{ firstName: 'Lena', lastName: 'Later' }],
    });
    await answer(request, 0, request.items[0]!.id, true);
    let summary = await generated({ title: 'Later', scope: { requestIds: [request.requestId] } });
    const published = await t.post(`${one(owner.workspaceId, summary.id)}/publish`, { version: summary.version }, { token: owner.token });
    expect(published.statusCode, published.body).toBe(200);
    summary = published.json().payload;
    expect((await t.get(publicUrl(summary.publication!.publicId))).statusCode).toBe(200);

    await t.db.update(questionRequests).set({ confidential: true }).where(eq(questionRequests.id, request.requestId));
    expect((await t.get(publicUrl(summary.publication!.publicId))).statusCode).toBe(410);
    const read = await t.get(one(owner.workspaceId, summary.id), { token: owner.token });
    expect(read.json().payload.issues.map((issue: { path: string }) => issue.path)).toContain('scope');
    const again = await t.post(`${one(owner.workspaceId, summary.id)}/publish`, { version: summary.version }, { token: owner.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorDisplayMessage).toContain('Later secret');
    const regenerate = await t.post(`${one(owner.workspaceId, summary.id)}/update`, { version: summary.version }, { token: owner.token });
    expect(regenerate.statusCode).toBe(409);
  });
});

describe('make task', () => {
  it('creates one linked task per action item (then 409) and checks the assignee', async () => {
    let summary = await generated({ title: 'Tasks', scope: { requestIds: [main.requestId] } });
    const cited = summary.answers.find((entry) => entry.itemId === openText.id)!;
    const saved = await put(summary.id, { ...bodyOf(summary), actionItems: [{ text: 'Hire two engineers', answerIds: [cited.id] }] });
    summary = saved.json().payload;
    const actionItem = summary.actionItems[0]!;
    const url = `${one(owner.workspaceId, summary.id)}/action-items/${actionItem.id}/task`;

    const badAssignee = await t.post(url, { version: summary.version, assigneeMemberId: randomUUID() }, { token: owner.token });
    expect(badAssignee.statusCode).toBe(400);
    expect(badAssignee.json().errorData.assigneeMemberId).toBeDefined();

    const made = await t.post(url, { version: summary.version, assigneeMemberId: owner.memberId }, { token: owner.token });
    expect(made.statusCode, made.body).toBe(200);
    const after: Summary = made.json().payload;
    const taskId = after.actionItems[0]!.taskId!;
    expect(after.version).toBe(summary.version + 1);
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task).toMatchObject({ title: 'Hire two engineers', assigneeMemberId: owner.memberId });
    expect(task!.links).toEqual({ summaryId: summary.id, requestId: main.requestId, answerId: cited.id });
    expect(task!.notes).toBe(`${cited.contact.firstName} ${cited.contact.lastName}: ${cited.text}`);

    const again = await t.post(url, { version: after.version }, { token: owner.token });
    expect(again.statusCode).toBe(409);
    // A later edit keeps the task by id.
    const edited = await put(summary.id, {
      ...bodyOf(after),
      actionItems: [{ id: actionItem.id, text: 'Hire two engineers soon', answerIds: [cited.id] }],
    });
    expect(edited.json().payload.actionItems[0].taskId).toBe(taskId);
  });
});

describe('freshness and update', () => {
  it('counts a new answer, then regenerates with it and returns the version before', async () => {
    const request = await createSentRequest(t, owner, {
      title: 'Fresh',
      items: [item('OPEN_TEXT', 'Thoughts?')],
      recipients: [{ firstName: 'First' }, { firstName: 'Second' }],
    });
    await answer(request, 0, request.items[0]!.id, 'The first thought.', new Date(Date.now() - 60_000));
    const summary = await generated({ title: 'Fresh', scope: { requestIds: [request.requestId] } });
    expect(summary.freshness.newAnswers).toBe(0);
    await answer(request, 1, request.items[0]!.id, 'A second thought arrived.');
    const read = await t.get(one(owner.workspaceId, summary.id), { token: owner.token });
    expect(read.json().payload.freshness.newAnswers).toBe(1);
    // An answer changed after the snapshot counts too, on the summary and in the list.
    await t.db
      .update(questionAnswers)
      .set({ value: 'The first thought, revised.', updatedAt: new Date() })
      .where(eq(questionAnswers.recipientId, request.recipients[0]!.id));
    const reread = await t.get(one(owner.workspaceId, summary.id), { token: owner.token });
    expect(reread.json().payload.freshness.newAnswers).toBe(2);
    const listed = await t.get(`${base(owner.workspaceId)}?q=Fresh`, { token: owner.token });
    expect((listed.json().payload as SummaryPage).items.find((row) => row.id === summary.id)?.newAnswers).toBe(2);

    const stale = await t.post(`${one(owner.workspaceId, summary.id)}/update`, { version: summary.version + 5 }, { token: owner.token });
    expect(stale.statusCode).toBe(409);
    const updated = await t.post(`${one(owner.workspaceId, summary.id)}/update`, { version: summary.version }, { token: owner.token });
    expect(updated.statusCode, updated.body).toBe(200);
    const { summary: next, previous } = updated.json().payload as { summary: Summary; previous: Summary };
    expect(previous.answers).toHaveLength(1);
    expect(next.answers).toHaveLength(2);
    expect(next.version).toBe(summary.version + 1);
    expect(next.freshness.newAnswers).toBe(0);
  });
});

describe('list, permissions and delete', () => {
  it('pages newest first, filters by status and title words', async () => {
    const first = await generated({ title: 'Quarterly pulse alpha', scope: { requestIds: [main.requestId] } });
    const second = await generated({ title: 'Quarterly pulse beta', scope: { requestIds: [main.requestId] } });
    const page1 = await t.get(`${base(owner.workspaceId)}?q=quart&limit=1`, { token: owner.token });
    expect(page1.statusCode).toBe(200);
    const firstPage: SummaryPage = page1.json().payload;
    expect(firstPage.items.map((entry) => entry.id)).toEqual([second.id]);
    expect(firstPage.items[0]!.requestTitles).toEqual(['Launch readiness']);
    const page2 = await t.get(`${base(owner.workspaceId)}?q=quart&limit=1&cursor=${firstPage.nextCursor}`, { token: owner.token });
    const secondPage: SummaryPage = page2.json().payload;
    expect(secondPage.items.map((entry) => entry.id)).toEqual([first.id]);
    expect(secondPage.nextCursor).toBeNull();
    const published = await t.get(`${base(owner.workspaceId)}?status=PUBLISHED&q=quart`, { token: owner.token });
    expect(published.json().payload.items).toEqual([]);
    const badCursor = await t.get(`${base(owner.workspaceId)}?cursor=nonsense`, { token: owner.token });
    expect(badCursor.statusCode).toBe(400);
  });

  it('lets a USER read but not write, hides summaries from GUESTs and other workspaces, and deletes', async () => {
    const user = await joinAs(t, owner, 'USER');
    const guest = await joinAs(t, owner, 'GUEST');
    const userStream = await openWorkspaceEvents(openEventStream, baseUrl, user);
    const guestStream = await openWorkspaceEvents(openEventStream, baseUrl, guest);
    const summary = await generated({ title: 'Permissions', scope: { requestIds: [main.requestId] } });
    const created = await userStream.next('summary');
    expect(created).not.toBe('timeout');
    expect(created !== 'timeout' && created !== 'end' && created.data).toMatchObject({
      summaryId: summary.id,
      action: 'created',
      version: 1,
    });
    expect(await guestStream.next('summary', 500)).toBe('timeout');
    const stranger = await signUpOwner(t);
    expect((await t.get(one(owner.workspaceId, summary.id), { token: user.token })).statusCode).toBe(200);
    expect((await t.get(base(owner.workspaceId), { token: user.token })).statusCode).toBe(200);
    expect((await put(summary.id, bodyOf(summary), user.token)).statusCode).toBe(403);
    expect((await generate(user.token, { title: 'No', scope: { requestIds: [main.requestId] } })).statusCode).toBe(403);
    expect((await t.get(base(owner.workspaceId), { token: guest.token })).statusCode).toBe(403);
    expect((await generate(guest.token, { title: 'No', scope: { requestIds: [main.requestId] } })).statusCode).toBe(403);
    expect((await t.get(one(owner.workspaceId, summary.id), { token: guest.token })).statusCode).toBe(404);
    expect((await put(summary.id, bodyOf(summary), guest.token)).statusCode).toBe(404);
    expect((await t.get(one(stranger.workspaceId, summary.id), { token: stranger.token })).statusCode).toBe(404);

    const stale = await t.request({ method: 'DELETE', url: `${one(owner.workspaceId, summary.id)}?version=9`, token: owner.token });
    expect(stale.statusCode).toBe(409);
    const deleted = await t.request({
      method: 'DELETE',
      url: `${one(owner.workspaceId, summary.id)}?version=${summary.version}`,
      token: owner.token,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await userStream.next('summary');
    expect(gone !== 'timeout' && gone !== 'end' && gone.data).toMatchObject({ summaryId: summary.id, action: 'deleted' });
    expect((await t.get(one(owner.workspaceId, summary.id), { token: owner.token })).statusCode).toBe(404);
  });
});
