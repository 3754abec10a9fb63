import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_WORKING_HOURS, type CreateQuestionRequestInput, type QuestionRequestDetail } from '@tandem/contract';
import { contacts } from '../db/schema/index.js';
import type { TestApp } from './test-app.js';
import type { SignedInMember } from './workspace-fixtures.js';

/** Test helpers of the question-request API tests (issue #10). */
export const requestUrls = {
  requests: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/question-requests`,
  request: (workspaceId: string, requestId: string) => `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}`,
  send: (workspaceId: string, requestId: string) => `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/send`,
  close: (workspaceId: string, requestId: string) => `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/close`,
  recipients: (workspaceId: string, requestId: string) => `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/recipients`,
  revoke: (workspaceId: string, requestId: string, recipientId: string) =>
    `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/recipients/${recipientId}/revoke`,
  views: (workspaceId: string, requestId: string, recipientId: string) =>
    `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/recipients/${recipientId}/views`,
  csv: (workspaceId: string, requestId: string) => `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/answers.csv`,
  waitingOn: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/waiting-on`,
};

let contactSequence = 0;

/** Inserts a contact of `workspaceId` directly (the contacts API is another part of issue #10). */
export async function insertContact(
  t: TestApp,
  workspaceId: string,
  values: Partial<typeof contacts.$inferInsert> = {},
): Promise<typeof contacts.$inferSelect> {
  contactSequence += 1;
  const [row] = await t.db
    .insert(contacts)
    .values({
      workspaceId,
      firstName: `Vera${contactSequence}`,
      lastName: 'Palmer',
      email: `vp${contactSequence}-${Date.now()}@example.test`,
      company: 'Acme',
      workingHours: DEFAULT_WORKING_HOURS,
      ...values,
    })
    .returning();
  return row!;
}

/** One question of each simple kind; ids assigned by the server. */
export const sampleItems = [
  { prompt: 'What were Q3 revenues?', kind: 'OPEN_TEXT' as const },
  { prompt: 'Which region grew most?', kind: 'SINGLE_CHOICE' as const, options: ['EMEA', 'Americas', 'APAC'] },
  { prompt: 'Ready for the board?', kind: 'YES_NO' as const, required: false },
];

/** POST …/question-requests as `member`; `body` may hold anything (validation tests). */
export const postRequest = (t: TestApp, member: SignedInMember, body: Record<string, unknown>) =>
  t.post(requestUrls.requests(member.workspaceId), { title: 'Board meeting prep', ...body }, { token: member.token });

/** Creates a DRAFT as `member`; throws unless 201. */
export async function createRequestAs(
  t: TestApp,
  member: SignedInMember,
  body: Partial<CreateQuestionRequestInput> = {},
): Promise<QuestionRequestDetail> {
  const response = await postRequest(t, member, body);
  if (response.statusCode !== 201) throw new Error(`create request failed: ${response.body}`);
  return response.json<{ payload: QuestionRequestDetail }>().payload;
}

export const patchRequest = (t: TestApp, member: SignedInMember, requestId: string, body: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: requestUrls.request(member.workspaceId, requestId), payload: body, token: member.token });

export const sendRequestAs = (t: TestApp, member: SignedInMember, requestId: string, version: number): Promise<LightMyRequestResponse> =>
  t.post(requestUrls.send(member.workspaceId, requestId), { version }, { token: member.token });

/** A DRAFT to `contactIds` with the sample items, sent; throws unless both calls succeed. */
export async function sentRequestAs(
  t: TestApp,
  member: SignedInMember,
  contactIds: string[],
  body: Partial<CreateQuestionRequestInput> = {},
): Promise<QuestionRequestDetail> {
  const draft = await createRequestAs(t, member, { items: sampleItems, contactIds, channel: 'LINK', ...body });
  const response = await sendRequestAs(t, member, draft.id, draft.version);
  if (response.statusCode !== 200) throw new Error(`send failed: ${response.body}`);
  return response.json<{ payload: QuestionRequestDetail }>().payload;
}

export const getRequestAs = (t: TestApp, member: SignedInMember, requestId: string) =>
  t.get(requestUrls.request(member.workspaceId, requestId), { token: member.token });
