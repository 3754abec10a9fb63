import type { AiStatus, BriefSectionDraft, GeneratedQuestions } from '@tandem/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBriefAs } from '../../test/brief-fixtures.js';
import { createSentRequest } from '../../test/question-fixtures.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { useTestApp } from '../../test/test-app.js';
import { patch, signUpOwner, urls, type SignedInMember } from '../../test/workspace-fixtures.js';
import { aiUrls, countGenerations, createContact, insertAnswer, insertGenerations, openItem } from './ai-test-fixtures.js';

/** The AI routes with the built-in provider (issue #11; no AI_BASE_URL). */
describe('AI routes (built-in provider)', () => {
  const t = useTestApp();
  let roles: RoleMembers;
  let owner: SignedInMember;
  let stranger: SignedInMember;
  beforeAll(async () => {
    roles = await setUpRoles(t);
    owner = roles.OWNER;
    stranger = await signUpOwner(t, { firstName: 'Sam', lastName: 'Stranger' });
  });

  const generate = (member: SignedInMember, body: Record<string, unknown>, workspaceId = member.workspaceId) =>
    t.post(aiUrls.generate(workspaceId), body, { token: member.token });

  describe('GET …/ai', () => {
    it('tells every member but a GUEST the provider and this month’s usage', async () => {
      for (const type of ['OWNER', 'EXECUTIVE', 'EXECUTIVEASSISTANT', 'USER'] as const) {
        const response = await t.get(aiUrls.status(owner.workspaceId), { token: roles[type].token });
        expect(response.statusCode, type).toBe(200);
        const status = response.json<{ payload: AiStatus }>().payload;
        expect(status).toMatchObject({ provider: 'BUILT_IN', model: null, usage: { limit: 1000 } });
        expect(new Date(status.usage.resetsAt).getUTCDate()).toBe(1);
      }
      expect((await t.get(aiUrls.status(owner.workspaceId), { token: roles.GUEST.token })).statusCode).toBe(403);
      expect((await t.get(aiUrls.status(owner.workspaceId), { token: stranger.token })).statusCode).toBe(404);
    });
  });

  describe('POST …/questions/generate', () => {
    it('proposes valid composer items, counts one generation, and says who proposed them', async () => {
      const before = await countGenerations(t, owner.workspaceId);
      const response = await generate(roles.EXECUTIVEASSISTANT, { goal: 'Understand the Q3 hiring plan', count: 3 });
      expect(response.statusCode).toBe(200);
      const { items, provider } = response.json<{ payload: GeneratedQuestions }>().payload;
      expect(provider).toEqual({ kind: 'BUILT_IN', model: null, fellBack: false, fallbackReason: null });
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(3);
      expect(new Set(items.map((item) => item.prompt.toLowerCase())).size).toBe(items.length);
      for (const item of items) expect(item.repeatOf).toBeNull();
      expect(await countGenerations(t, owner.workspaceId)).toBe(before + 1);
      const status = await t.get(aiUrls.status(owner.workspaceId), { token: owner.token });
      expect(status.json<{ payload: AiStatus }>().payload.usage.used).toBe(before + 1);
    });

    it('refuses USERs and GUESTs (403) and hides another workspace (404)', async () => {
      const body = { goal: 'Understand the Q3 hiring plan' };
      expect((await generate(roles.USER, body)).statusCode).toBe(403);
      expect((await generate(roles.GUEST, body)).statusCode).toBe(403);
      expect((await generate(stranger, body, owner.workspaceId)).statusCode).toBe(404);
    });

    it('answers 400 per field for a bad body, and for contacts that are not this workspace’s', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ goal: 'ab' }, 'goal'],
        [{}, 'goal'],
        [{ goal: 'x'.repeat(1001) }, 'goal'],
        [{ goal: 'Hiring plan', count: 0 }, 'count'],
        [{ goal: 'Hiring plan', count: 21 }, 'count'],
        [{ goal: 'Hiring plan', count: 2.5 }, 'count'],
        [{ goal: 'Hiring plan', audienceDescription: 'y'.repeat(501) }, 'audienceDescription'],
        [{ goal: 'Hiring plan', contactIds: ['not-a-uuid'] }, 'contactIds.0'],
      ];
      for (const [body, field] of cases) {
        const response = await generate(owner, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().errorData, JSON.stringify(body)).toHaveProperty([field]);
      }
      const foreign = await createContact(t, stranger, { firstName: 'Far' });
      const deleted = await createContact(t, owner, { firstName: 'Gone', deleted: true });
      for (const contactId of [foreign, deleted, crypto.randomUUID()]) {
        const response = await generate(owner, { goal: 'Hiring plan', contactIds: [contactId] });
        expect(response.statusCode).toBe(400);
        expect(response.json().errorData).toHaveProperty(['contactIds']);
      }
    });

    it('answers 402 PLAN_LIMIT naming the limit once a FREE workspace used its 20, and counts nothing more', async () => {
      const free = await signUpOwner(t, { firstName: 'Fran', lastName: 'Free' });
      await insertGenerations(t, free.workspaceId, 19);
      expect((await generate(free, { goal: 'Hiring plan', count: 1 })).statusCode).toBe(200);
      const refused = await generate(free, { goal: 'Hiring plan', count: 1 });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({ errorCode: 'PLAN_LIMIT' });
      expect(refused.json().errorDisplayMessage).toContain('20 AI generations a month');
      expect(await countGenerations(t, free.workspaceId)).toBe(20);
      const status = (await t.get(aiUrls.status(free.workspaceId), { token: free.token })).json<{ payload: AiStatus }>().payload;
      expect(status.usage).toMatchObject({ used: 20, limit: 20 });
      expect((await patch(t, urls.subscription(free.workspaceId), { subscriptionType: 'PRO' }, free.token)).statusCode).toBe(200);
      expect((await generate(free, { goal: 'Hiring plan', count: 1 })).statusCode).toBe(200);
    });
  });

  describe('POST …/briefs/{briefId}/draft', () => {
    it('drafts a section whose every sentence cites a source it was given', async () => {
      const item = openItem('What is the status of the Lisbon office lease?');
      const sent = await createSentRequest(t, owner, { title: 'Lisbon lease', items: [item] });
      await insertAnswer(t, sent, 0, item, 'The landlord accepted our terms; signing is on Friday.');
      const brief = await createBriefAs(t, owner, { title: 'Lisbon visit', sections: [{ heading: 'Office', body: '' }] });
      const response = await t.post(
        aiUrls.draft(owner.workspaceId, brief.id),
        { sectionId: brief.sections[0]!.id },
        { token: owner.token },
      );
      expect(response.statusCode).toBe(200);
      const draft = response.json<{ payload: BriefSectionDraft }>().payload;
      expect(draft.sectionId).toBe(brief.sections[0]!.id);
      expect(draft.provider.kind).toBe('BUILT_IN');
      const sourceIds = new Set(draft.sources.map((source) => source.id));
      for (const sentence of draft.sentences) for (const id of sentence.sourceIds) expect(sourceIds.has(id)).toBe(true);
      expect(draft.markdown.split('\n').filter(Boolean)).toHaveLength(draft.sentences.length);
      expect([...sourceIds].every((id) => draft.sentences.some((sentence) => sentence.sourceIds.includes(id)))).toBe(true);
    });

    it('refuses a confidential brief (409), USERs and GUESTs (403), unknown briefs and sections (404)', async () => {
      const brief = await createBriefAs(t, owner, { title: 'Secret deal', confidential: true, sections: [{ heading: 'Terms', body: '' }] });
      const sectionId = brief.sections[0]!.id;
      const before = await countGenerations(t, owner.workspaceId);
      const confidential = await t.post(aiUrls.draft(owner.workspaceId, brief.id), { sectionId }, { token: owner.token });
      expect(confidential.statusCode).toBe(409);
      expect(confidential.json()).toMatchObject({
        errorCode: 'CONFLICT',
        errorDisplayMessage: 'This brief is confidential: Tandem does not send it to an AI assistant.',
      });
      expect(await countGenerations(t, owner.workspaceId)).toBe(before);

      const open = await createBriefAs(t, owner, { title: 'Open', sections: [{ heading: 'Notes', body: '' }] });
      const openSection = open.sections[0]!.id;
      expect(
        (await t.post(aiUrls.draft(owner.workspaceId, open.id), { sectionId: openSection }, { token: roles.USER.token })).statusCode,
      ).toBe(403);
      expect(
        (await t.post(aiUrls.draft(owner.workspaceId, open.id), { sectionId: openSection }, { token: roles.GUEST.token })).statusCode,
      ).toBe(403);
      expect(
        (await t.post(aiUrls.draft(owner.workspaceId, open.id), { sectionId: openSection }, { token: stranger.token })).statusCode,
      ).toBe(404);
      const strangersBrief = await createBriefAs(t, stranger, { title: 'Theirs' });
      const foreign = await t.post(
        aiUrls.draft(owner.workspaceId, strangersBrief.id),
        { sectionId: strangersBrief.sections[0]!.id },
        { token: owner.token },
      );
      expect(foreign.statusCode).toBe(404);
      const noSection = await t.post(aiUrls.draft(owner.workspaceId, open.id), { sectionId: crypto.randomUUID() }, { token: owner.token });
      expect(noSection.statusCode).toBe(404);
      expect(noSection.json().errorDisplayMessage).toBe('That section was not found.');
      const badBody = await t.post(
        aiUrls.draft(owner.workspaceId, open.id),
        { sectionId: 'nope', instructions: 'z'.repeat(1001) },
        { token: owner.token },
      );
      expect(badBody.statusCode).toBe(400);
      expect(Object.keys(badBody.json().errorData).sort()).toEqual(['instructions', 'sectionId']);
    });
  });
});
