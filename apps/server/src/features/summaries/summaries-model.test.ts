import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerationProgress, QuestionItem, Summary } from '@tandem/contract';
import { questionAnswers } from '../../db/schema/index.js';
import { useAiStandIn } from '../../test/ai-stand-in.js';
import { createSentRequest, type SentRequest } from '../../test/question-fixtures.js';
import { useTestApp } from '../../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { acceptStream, parseEvents } from '../../test/event-stream.js';

/**
 * Summaries through the OpenAI-compatible model (issue #11), against the local chat-completions
 * stand-in: the model's proposal is used when every citation and quote checks out; a quote that is
 * in no answer, invalid JSON or a citation outside the scope falls back to the built-in provider,
 * visibly, and nothing false is saved.
 */
describe('summaries with the model provider', () => {
  const ai = useAiStandIn({ timeoutMs: 2_000 });
  const t = useTestApp(ai.appConfig);
  let owner: SignedInMember;
  let request: SentRequest;
  const question: QuestionItem = {
    id: randomUUID(),
    prompt: 'What worries you about the launch?',
    kind: 'OPEN_TEXT',
    options: [],
    required: true,
  };
  const texts = [
    'The launch date is too early for sales.',
    'Support is not staffed for the launch.',
    'I have no worries; the plan is solid.',
  ];
  const answerIds: string[] = [];

  beforeAll(async () => {
    owner = await signUpOwner(t);
    request = await createSentRequest(t, owner, {
      items: [question],
      recipients: [
        { firstName: 'Ada', lastName: 'Lovelace' },
        { firstName: 'Grace', lastName: 'Hopper' },
        { firstName: 'Alan', lastName: 'Turing' },
      ],
    });
    for (const [index, value] of texts.entries()) {
      const [row] = await t.db
        .insert(questionAnswers)
        .values({
          workspaceId: owner.workspaceId,
          requestId: request.requestId,
          recipientId: request.recipients[index]!.id,
          itemId: question.id,
          value,
          via: 'LINK',
        })
        .returning({ id: questionAnswers.id });
      answerIds.push(row!.id);
    }
  });
  beforeEach(() => ai.standIn.reset());

  const generate = (headers: Record<string, string> = {}) =>
    t.post(
      `/api/v1/workspaces/${owner.workspaceId}/summaries/generate`,
      { title: 'Launch worries', scope: { requestIds: [request.requestId] } },
      { token: owner.token, headers },
    );

  /** A proposal the model could send, citing the answers by the ids it was given. */
  const proposal = (ids: string[], quote: { answerId: string; text: string }) => ({
    keyPoints: [{ text: 'Two people think the launch is not ready.', answerIds: [ids[0], ids[1]] }],
    perQuestion: [{ itemId: question.id, synthesis: 'Readiness is the main worry.', dissentAnswerIds: [ids[2]] }],
    quotes: [quote],
    actionItems: [{ text: 'Staff support before the launch.', answerIds: [ids[1]] }],
  });

  /** Every quote of a saved summary is a verbatim span of the answer it cites. */
  const expectFaithful = (summary: Summary) => {
    for (const quote of summary.quotes) {
      const cited = summary.answers.find((answer) => answer.id === quote.answerId);
      expect(cited?.text).toContain(quote.text);
    }
    for (const point of summary.keyPoints) expect(point.answerIds.every((id) => answerIds.includes(id))).toBe(true);
  };

  it('uses the model’s proposal when its citations and quotes check out, and sends the answers with their ids', async () => {
    ai.standIn.reply((sent) => {
      const data = JSON.stringify(sent.data());
      const ids = answerIds.filter((id) => data.includes(id));
      return { json: proposal(ids, { answerId: answerIds[1]!, text: 'Support is not staffed' }) };
    });
    const response = await generate();
    expect(response.statusCode).toBe(201);
    const summary = response.json<{ payload: Summary }>().payload;
    expect(summary.provider).toEqual({ kind: 'MODEL', model: 'stand-in', fellBack: false, fallbackReason: null });
    expect(summary.keyPoints.map((point) => point.text)).toEqual(['Two people think the launch is not ready.']);
    expect(summary.quotes).toMatchObject([{ answerId: answerIds[1], text: 'Support is not staffed' }]);
    expect(summary.perQuestion[0]!.dissentAnswerIds).toEqual([answerIds[2]]);
    expect(ai.standIn.requests).toHaveLength(1);
    expect(JSON.stringify(ai.standIn.requests[0]!.data())).toContain(texts[0]);
  });

  it('falls back to the built-in provider, visibly, when the model quotes words that are in no answer', async () => {
    ai.standIn.reply({ json: proposal(answerIds, { answerId: answerIds[0]!, text: 'Sales will miss the quarter by half.' }) });
    const response = await generate();
    expect(response.statusCode).toBe(201);
    const summary = response.json<{ payload: Summary }>().payload;
    expect(summary.provider.kind).toBe('BUILT_IN');
    expect(summary.provider.fellBack).toBe(true);
    expect(summary.provider.fallbackReason).toMatch(/check/i);
    expect(summary.quotes.map((quote) => quote.text)).not.toContain('Sales will miss the quarter by half.');
    expectFaithful(summary);
  });

  it('falls back when the model cites an answer outside the scope, or answers with invalid JSON', async () => {
    ai.standIn.reply({ json: proposal([randomUUID(), answerIds[1]!, answerIds[2]!], { answerId: answerIds[1]!, text: 'Support' }) });
    const outside = (await generate()).json<{ payload: Summary }>().payload;
    expect(outside.provider.fellBack).toBe(true);
    expectFaithful(outside);

    ai.standIn.reply({ text: '{"keyPoints": [' });
    const invalid = (await generate()).json<{ payload: Summary }>().payload;
    expect(invalid.provider).toMatchObject({ kind: 'BUILT_IN', fellBack: true });
    expect(invalid.provider.fallbackReason).toMatch(/JSON/);
    expectFaithful(invalid);
  });

  it('streams the model’s progress, then the saved summary, when asked for an event stream', async () => {
    ai.standIn.reply({ json: proposal(answerIds, { answerId: answerIds[0]!, text: 'The launch date is too early' }) });
    const response = await generate(acceptStream);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseEvents(response.body);
    expect(events.filter((event) => event.event === 'progress').length).toBeGreaterThan(0);
    expect((events[0]!.data as GenerationProgress).message).toEqual(expect.any(String));
    const result = events.at(-1)!;
    expect(result.event).toBe('result');
    const summary = (result.data as { payload: Summary }).payload;
    expect(summary.provider.kind).toBe('MODEL');
    expect(summary.status).toBe('DRAFT');
  });
});
