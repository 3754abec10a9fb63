import type { BriefSectionDraft, GeneratedQuestions, GenerationProgress } from '@tandem/contract';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiGenerations, questionRequests } from '../../db/schema/index.js';
import { useAiStandIn, type StandInRequest } from '../../test/ai-stand-in.js';
import { createBriefAs } from '../../test/brief-fixtures.js';
import { createSentRequest } from '../../test/question-fixtures.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { useTestApp } from '../../test/test-app.js';
import type { SignedInMember } from '../../test/workspace-fixtures.js';
import type { SourceForAi } from './ai-provider.js';
import { aiUrls, countGenerations, createContact, insertAnswer, openItem } from './ai-test-fixtures.js';
import { acceptStream, parseEvents } from '../../test/event-stream.js';

const TIMEOUT_MS = 2_000;

/** The AI routes with the OpenAI-compatible model (issue #11), against the local stand-in. */
describe('AI routes (model provider)', () => {
  const ai = useAiStandIn({ timeoutMs: TIMEOUT_MS });
  const t = useTestApp(ai.appConfig);
  let roles: RoleMembers;
  let owner: SignedInMember;
  beforeAll(async () => {
    roles = await setUpRoles(t);
    owner = roles.OWNER;
  });
  beforeEach(() => ai.standIn.reset());

  const question = (prompt: string, reason = 'Gets to the point.') => ({ prompt, kind: 'OPEN_TEXT', options: [], required: true, reason });
  const generate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.post(aiUrls.generate(owner.workspaceId), body, { token: owner.token, headers });
  const newestProvider = async () => {
    const [newest] = await t.db
      .select({ provider: aiGenerations.provider })
      .from(aiGenerations)
      .where(eq(aiGenerations.workspaceId, owner.workspaceId))
      .orderBy(desc(aiGenerations.createdAt))
      .limit(1);
    return newest?.provider;
  };
  const payloadOf = <T>(response: { json<U>(): U }) => response.json<{ payload: T }>().payload;

  describe('question generation', () => {
    it('returns the model’s questions, made valid, with the audience from the chosen contacts’ roles', async () => {
      const cfo = await createContact(t, owner, { firstName: 'Nadia', title: 'CFO', company: 'Acme' });
      ai.standIn.reply({
        json: {
          questions: [
            question('Which hires are at risk this quarter?'),
            {
              prompt: 'Which region first?',
              kind: 'SINGLE_CHOICE',
              options: ['EMEA'],
              required: true,
              reason: 'One option only: invalid.',
            },
            question('  which hires are AT RISK this quarter  '),
            {
              prompt: 'Which region first?',
              kind: 'SINGLE_CHOICE',
              options: ['EMEA', 'APAC'],
              required: false,
              reason: 'Orders the rollout.',
            },
          ],
        },
      });
      const response = await generate({
        goal: 'Understand hiring risk',
        audienceDescription: 'Finance leads',
        contactIds: [cfo],
        count: 3,
      });
      expect(response.statusCode).toBe(200);
      const result = payloadOf<GeneratedQuestions>(response);
      expect(result.provider).toEqual({ kind: 'MODEL', model: 'stand-in', fellBack: false, fallbackReason: null });
      expect(result.items).toEqual([
        { ...question('Which hires are at risk this quarter?'), kind: 'OPEN_TEXT', repeatOf: null },
        {
          prompt: 'Which region first?',
          kind: 'SINGLE_CHOICE',
          options: ['EMEA', 'APAC'],
          required: false,
          reason: 'Orders the rollout.',
          repeatOf: null,
        },
      ]);
      const [request] = ai.standIn.requests;
      expect(request!.data()).toEqual({ goal: 'Understand hiring risk', audience: 'Finance leads; CFO at Acme', count: 3 });
      expect(JSON.stringify(request!.body)).not.toContain('Nadia');
      expect(request!.system()).toContain('Use only the data');
      expect(await newestProvider()).toBe('MODEL');
    });

    it('streams the model’s partial text as progress, then the result', async () => {
      const output = { questions: [question('What would make the launch slip?')] };
      ai.standIn.reply({ json: output });
      const response = await generate({ goal: 'Launch readiness', count: 1 }, acceptStream);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      const events = parseEvents(response.body);
      const progress = events.filter((event) => event.event === 'progress').map((event) => event.data as GenerationProgress);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.every((event) => event.stage === 'model')).toBe(true);
      expect(progress.at(-1)!.partialText).toBe(JSON.stringify(output));
      expect(events.at(-1)).toEqual({
        event: 'result',
        data: {
          payload: {
            items: [{ ...output.questions[0], repeatOf: null }],
            provider: { kind: 'MODEL', model: 'stand-in', fellBack: false, fallbackReason: null },
          },
        },
      });
    });

    const fallsBack = async (reason: string) => {
      const before = await countGenerations(t, owner.workspaceId);
      const response = await generate({ goal: 'Launch readiness', count: 2 });
      expect(response.statusCode).toBe(200);
      const result = payloadOf<GeneratedQuestions>(response);
      expect(result.provider).toEqual({ kind: 'BUILT_IN', model: null, fellBack: true, fallbackReason: reason });
      expect(result.items.length).toBeGreaterThan(0);
      expect(await countGenerations(t, owner.workspaceId)).toBe(before + 1);
      // The usage row names the provider that answered.
      expect(await newestProvider()).toBe('BUILT_IN');
    };

    it('falls back to the built-in provider on invalid JSON', async () => {
      ai.standIn.reply({ text: 'Sure! Here are your questions: 1. Why?' });
      await fallsBack('The AI model’s answer was not valid JSON.');
      expect(ai.standIn.requests).toHaveLength(1);
    });

    it('falls back on output that fails the schema', async () => {
      ai.standIn.reply({ json: { questions: [{ prompt: 'Why?', kind: 'ESSAY' }] } });
      await fallsBack('The AI model’s answer did not have the expected shape.');
    });

    it('falls back when no proposed question is usable', async () => {
      ai.standIn.reply({ json: { questions: [{ ...question(''), prompt: '   ' }] } });
      await fallsBack('The AI model’s answer did not check out: it proposed no usable question.');
    });

    it('falls back within the timeout when the model does not answer', async () => {
      ai.standIn.reply({ hang: true }, { hang: true });
      const started = performance.now();
      await fallsBack(`The AI model did not answer within ${TIMEOUT_MS / 1000} seconds.`);
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_500);
      await ai.standIn.requests[0]!.closed;
    });

    it('retries an HTTP 500 once, then falls back', async () => {
      const failure = { status: 500, headers: { 'retry-after-ms': '10' } };
      ai.standIn.reply(failure, failure);
      await fallsBack('The AI model answered with an error (HTTP 500).');
      expect(ai.standIn.requests).toHaveLength(2);
    });
  });

  describe('repeats', () => {
    let ada: string;
    let grace: string;
    let linus: string;
    let recentRequestId: string;
    const DAY = 24 * 60 * 60_000;
    beforeAll(async () => {
      const recent = await createSentRequest(t, owner, {
        title: 'Risk round',
        items: [openItem('Which risks worry you most?')],
        sentAt: new Date(Date.now() - 10 * DAY),
        recipients: [{ firstName: 'Ada' }],
      });
      recentRequestId = recent.requestId;
      ada = recent.recipients[0]!.contactId;
      const old = await createSentRequest(t, owner, {
        title: 'Old risk round',
        items: [openItem('Which risks worry you most?')],
        sentAt: new Date(Date.now() - 91 * DAY),
        recipients: [{ firstName: 'Grace' }],
      });
      grace = old.recipients[0]!.contactId;
      linus = await createContact(t, owner, { firstName: 'Linus' });
    });

    const proposeFor = async (contactIds: string[]) => {
      ai.standIn.reply({
        json: { questions: [question('Which risks worry you the MOST?'), question('What should the board hear first?')] },
      });
      const response = await generate({ goal: 'Board risk briefing', contactIds, count: 2 });
      expect(response.statusCode).toBe(200);
      return payloadOf<GeneratedQuestions>(response).items;
    };

    it('flags a question the same contact got within 90 days, with who got it', async () => {
      const [repeat, fresh] = await proposeFor([ada, linus]);
      expect(repeat!.repeatOf).toMatchObject({
        requestId: recentRequestId,
        requestTitle: 'Risk round',
        prompt: 'Which risks worry you most?',
        contactIds: [ada],
      });
      expect(Date.now() - Date.parse(repeat!.repeatOf!.sentAt)).toBeGreaterThan(9 * DAY);
      expect(fresh!.repeatOf).toBeNull();
    });

    it('does not flag one sent 91 days ago, or to other people', async () => {
      expect((await proposeFor([grace])).map((item) => item.repeatOf)).toEqual([null, null]);
      expect((await proposeFor([linus])).map((item) => item.repeatOf)).toEqual([null, null]);
      expect((await proposeFor([])).map((item) => item.repeatOf)).toEqual([null, null]);
    });
  });

  describe('brief drafting', () => {
    let brief: { id: string; sectionId: string };
    let leaseAnswer: string;
    beforeAll(async () => {
      const item = openItem('Where are we on the Lisbon lease?');
      const sent = await createSentRequest(t, owner, {
        title: 'Lisbon lease',
        items: [item],
        recipients: [{ firstName: 'Rui', lastName: 'Costa' }],
      });
      leaseAnswer = await insertAnswer(t, sent, 0, item, 'Signing is on Friday.');
      const secret = await createSentRequest(t, owner, { title: 'Acquisition', items: [item], recipients: [{ firstName: 'Mo' }] });
      await t.db.update(questionRequests).set({ confidential: true }).where(eq(questionRequests.id, secret.requestId));
      await insertAnswer(t, secret, 0, item, 'The target is Contoso.');
      const created = await createBriefAs(t, owner, { title: 'Lisbon visit', sections: [{ heading: 'Office', body: '' }] });
      brief = { id: created.id, sectionId: created.sections[0]!.id };
    });

    it('keeps the sentences that cite given sources, drops the others, and lists the cited sources', async () => {
      const answerId = `answer:${leaseAnswer}`;
      ai.standIn.reply((request: StandInRequest) => {
        const { sources } = request.data() as { sources: SourceForAi[] };
        expect(sources.some((source) => source.id === answerId)).toBe(true);
        return {
          json: {
            sentences: [
              { text: 'The Lisbon lease is signed on Friday.', sourceIds: [answerId] },
              { text: 'The CEO loves Lisbon.', sourceIds: ['answer:00000000-0000-4000-8000-000000000000'] },
              { text: 'Mixed support.', sourceIds: [answerId, 'task:unknown'] },
            ],
          },
        };
      });
      const response = await t.post(
        aiUrls.draft(owner.workspaceId, brief.id),
        { sectionId: brief.sectionId, instructions: 'Keep it short.' },
        { token: owner.token },
      );
      expect(response.statusCode).toBe(200);
      const draft = payloadOf<BriefSectionDraft>(response);
      expect(draft.provider).toEqual({ kind: 'MODEL', model: 'stand-in', fellBack: false, fallbackReason: null });
      expect(draft.sentences).toEqual([{ text: 'The Lisbon lease is signed on Friday.', sourceIds: [answerId] }]);
      expect(draft.markdown).toBe('- The Lisbon lease is signed on Friday. (Rui Costa on “Lisbon lease”)');
      expect(draft.sources).toEqual([
        {
          id: answerId,
          type: 'ANSWER',
          label: 'Rui Costa on “Lisbon lease”',
          excerpt: 'Signing is on Friday.',
          answerId: leaseAnswer,
          requestId: expect.any(String),
          briefId: null,
          taskId: null,
        },
      ]);
      const sent = JSON.stringify(ai.standIn.requests[0]!.body);
      expect(sent).not.toContain('Contoso');
      expect(ai.standIn.requests[0]!.data()).toMatchObject({ section: 'Office', instructions: 'Keep it short.' });
    });

    it('falls back when every sentence cites a source it was not given', async () => {
      ai.standIn.reply({ json: { sentences: [{ text: 'Invented.', sourceIds: ['brief:nope'] }] } });
      const response = await t.post(aiUrls.draft(owner.workspaceId, brief.id), { sectionId: brief.sectionId }, { token: owner.token });
      expect(response.statusCode).toBe(200);
      expect(payloadOf<BriefSectionDraft>(response).provider).toMatchObject({ kind: 'BUILT_IN', fellBack: true });
    });

    it('sends nothing to the model for a confidential brief (409)', async () => {
      const secret = await createBriefAs(t, owner, { title: 'Board only', confidential: true, sections: [{ heading: 'Deal', body: '' }] });
      const response = await t.post(
        aiUrls.draft(owner.workspaceId, secret.id),
        { sectionId: secret.sections[0]!.id },
        { token: owner.token },
      );
      expect(response.statusCode).toBe(409);
      expect(ai.standIn.requests).toHaveLength(0);
    });
  });
});
