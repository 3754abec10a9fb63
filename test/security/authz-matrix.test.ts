import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  workspaceMemberTypes,
  type Brief,
  type BriefTemplate,
  type QuestionRequestDetail,
  type Summary,
  type Task,
  type WorkspaceMemberType,
} from '@tandem/contract';
import { createSentRequest, type SentRequest } from '../../apps/server/src/test/question-fixtures.js';
import { sampleItems } from '../../apps/server/src/test/request-fixtures.js';
import { setUpRoles, type RoleMembers } from '../../apps/server/src/test/task-fixtures.js';
import { CLIENT_ID, uniqueEmail, useTestApp } from '../../apps/server/src/test/test-app.js';
import { invite, patch, signUpOwner, type SignedInMember } from '../../apps/server/src/test/workspace-fixtures.js';
import { expectations, type Expectation, type Grants, type OperationKey, type Outcome } from './authz-expectations.js';

/**
 * The authorization matrix of issue #14: every operation of the OpenAPI document × the five member
 * types × own workspace / another workspace / signed out, against PRODUCT §6 (authz-expectations.ts).
 * Another workspace's object is 404 — never 403, never 2xx — whether its workspace is in the path
 * or only its id; no answer to a member of workspace A ever carries workspace B's ids or names.
 */

const t = useTestApp({ rateLimitPerMinute: 1_000_000 });

type MemberType = WorkspaceMemberType;
type KeyOf<Access extends Expectation['access']> = {
  [K in OperationKey]: (typeof expectations)[K]['access'] extends Access ? K : never;
}[OperationKey];
type WorkspaceKey = KeyOf<'workspace'>;
type SignedInKey = KeyOf<'signedIn'>;

/** A request to send: the method comes from the operation's key. */
interface Req {
  url: string;
  body?: unknown;
}

/** One workspace with an object of every kind, made by its OWNER (A: the callers'; B: the other one). */
interface World {
  id: string;
  owner: SignedInMember;
  /** The task each member type is assigned to (in B: one task for all). */
  tasks: Record<MemberType, Task>;
  unassignedTask: Task;
  readyBrief: Brief;
  draftBrief: Brief;
  template: BriefTemplate;
  shareLinkId: string;
  contact: { id: string };
  sent: SentRequest;
  summary: Summary;
  actionItemId: string;
  /** An INVITED USER: the target of member type changes and resent invitations. */
  invitedMemberId: string;
  /** Ids and the marker word of this workspace: B's must never reach a member of A. */
  secrets: Set<string>;
  marker: string;
}

/** What a request builder gets: the caller, the workspace in the path, the workspace whose objects are used. */
interface Ctx {
  type: MemberType;
  caller: SignedInMember;
  ws: World;
  obj: World;
  variant: 'main' | 'hidden';
}

interface Spec {
  build: (c: Ctx) => Req | Promise<Req>;
  /** The body names objects (ids) of `obj`: the "another workspace's object" case applies without path ids. */
  bodyRefs?: boolean;
}

let members: RoleMembers;
let worldA: World;
let worldB: World;
let document: { paths: Record<string, Record<string, { security?: unknown[] }>> };

// ---------------------------------------------------------------------------------------------
// Sending and fixtures

interface Answer {
  status: number;
  body: string;
}

/** Sends one request; the event stream (SSE) is read only up to its status, then dropped. */
async function send(method: string, req: Req, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-client-id': CLIENT_ID, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (req.url.endsWith('/events')) {
    const response = await t.app.inject({ method: method as 'GET', url: req.url, headers, payloadAsStream: true });
    const stream = response.stream();
    if (response.statusCode === 200) {
      stream.destroy();
      return { status: 200, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
  }
  const response: LightMyRequestResponse = await t.app.inject({ method: method as 'GET', url: req.url, headers, payload });
  return { status: response.statusCode, body: response.body };
}

/** Sends as `member` and returns the payload; throws unless the status is `status`. */
async function as<T>(member: SignedInMember, method: string, url: string, body: unknown, status: number): Promise<T> {
  const answer = await send(method, { url, body }, member.token);
  if (answer.status !== status) throw new Error(`${method} ${url} answered ${answer.status}, not ${status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { payload: T }).payload;
}

const wsUrl = (world: World | { id: string }) => `/api/v1/workspaces/${world.id}`;

/** Remembers `ids` as `world`'s secrets and returns the first. */
function keep<T extends { id: string }>(world: Pick<World, 'secrets'>, value: T): T {
  world.secrets.add(value.id);
  return value;
}

const make = {
  task: async (w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker'>, assigneeMemberId: string | null) =>
    keep(w, await as<Task>(w.owner, 'POST', `${wsUrl(w)}/tasks`, { title: `${w.marker} task`, assigneeMemberId }, 201)),
  brief: async (w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker'>, ready: boolean) => {
    const brief = keep(w, await as<Brief>(w.owner, 'POST', `${wsUrl(w)}/briefs`, { title: `${w.marker} brief` }, 201));
    for (const section of brief.sections) w.secrets.add(section.id);
    if (!ready) return brief;
    return as<Brief>(w.owner, 'POST', `${wsUrl(w)}/briefs/${brief.id}/ready`, { version: brief.version }, 200);
  },
  template: async (w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker'>) =>
    keep(
      w,
      await as<BriefTemplate>(
        w.owner,
        'POST',
        `${wsUrl(w)}/brief-templates`,
        { name: `${w.marker} template`, sections: [{ heading: `${w.marker} heading`, guidance: '' }] },
        201,
      ),
    ),
  contact: async (w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker'>) =>
    keep(
      w,
      await as<{ id: string }>(
        w.owner,
        'POST',
        `${wsUrl(w)}/contacts`,
        { firstName: w.marker, lastName: 'Contact', email: uniqueEmail(w.marker.toLowerCase()) },
        201,
      ),
    ),
  draftRequest: async (w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker' | 'contact'>) =>
    keep(
      w,
      await as<QuestionRequestDetail>(
        w.owner,
        'POST',
        `${wsUrl(w)}/question-requests`,
        { title: `${w.marker} request`, items: sampleItems, contactIds: [w.contact.id], channel: 'LINK' },
        201,
      ),
    ),
  sentRequest: async (w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker' | 'contact'>) => {
    const draft = await make.draftRequest(w);
    return as<QuestionRequestDetail>(w.owner, 'POST', `${wsUrl(w)}/question-requests/${draft.id}/send`, { version: draft.version }, 200);
  },
  summary: async (w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker' | 'sent'>) => {
    const body = { title: `${w.marker} summary`, scope: { requestIds: [w.sent.requestId] } };
    return keep(w, await as<Summary>(w.owner, 'POST', `${wsUrl(w)}/summaries/generate`, body, 201));
  },
  invitedMember: async (w: Pick<World, 'id' | 'owner' | 'secrets'>) => {
    const response = await invite(t, w.owner.token, w.id, { workspaceMemberType: 'USER', firstName: 'Ivy', lastName: 'Invitee' });
    if (response.statusCode !== 201) throw new Error(`invite failed: ${response.body}`);
    return keep(w, response.json<{ payload: { id: string } }>().payload).id;
  },
};

/** A summary with an action item citing an answer (the built-in provider may propose none). */
async function summaryWithActionItem(w: Pick<World, 'id' | 'owner' | 'secrets' | 'marker' | 'sent'>) {
  const summary = await make.summary(w);
  if (summary.actionItems[0]) return { summary, actionItemId: summary.actionItems[0].id };
  const answerId = summary.quotes[0]?.answerId ?? summary.keyPoints.flatMap((point) => point.answerIds)[0];
  if (!answerId) throw new Error(`the summary cites no answer: ${JSON.stringify(summary)}`);
  const saved = await as<Summary>(
    w.owner,
    'PUT',
    `${wsUrl(w)}/summaries/${summary.id}`,
    { ...contentOf(summary), actionItems: [{ text: `${w.marker} follow-up`, answerIds: [answerId] }] },
    200,
  );
  return { summary: saved, actionItemId: keep(w, saved.actionItems[0]!).id };
}

/** A summary's content as a PUT body at its version. */
function contentOf(summary: Summary) {
  return {
    version: summary.version,
    title: summary.title,
    keyPoints: summary.keyPoints.map(({ id, text, answerIds }) => ({ id, text, answerIds })),
    perQuestion: summary.perQuestion.map(({ requestId, itemId, synthesis }) => ({ requestId, itemId, synthesis })),
    quotes: summary.quotes.map(({ id, answerId, text }) => ({ id, answerId, text })),
    actionItems: summary.actionItems.map(({ id, text, answerIds }) => ({ id, text, answerIds })),
    redactions: summary.redactions,
  };
}

/** Builds a world around `owner`'s workspace (ENTERPRISE: no plan limit gets in the way). */
async function buildWorld(owner: SignedInMember, marker: string, assignees: Record<MemberType, string | null>): Promise<World> {
  const upgraded = await patch(t, `${wsUrl({ id: owner.workspaceId })}/subscription`, { subscriptionType: 'ENTERPRISE' }, owner.token);
  if (upgraded.statusCode !== 200) throw new Error(`upgrade failed: ${upgraded.body}`);
  const secrets = new Set<string>([owner.workspaceId, owner.memberId, owner.personId, marker]);
  const base = { id: owner.workspaceId, owner, secrets, marker };
  const contact = await make.contact(base);
  const sent = await createSentRequest(t, owner, { title: `${marker} sent request` });
  secrets.add(sent.requestId);
  for (const recipient of sent.recipients) for (const id of [recipient.id, recipient.contactId, recipient.shortUrl]) secrets.add(id);
  // One answer, so that summaries have something to cite.
  await as(
    owner,
    'PUT',
    `${wsUrl(base)}/question-requests/${sent.requestId}/recipients/${sent.recipients[0]!.id}/answers`,
    { answers: [{ itemId: sent.items[0]!.id, value: `${marker} says we need to hire two engineers before the launch.` }] },
    200,
  );
  const { summary, actionItemId } = await summaryWithActionItem({ ...base, sent });
  const readyBrief = await make.brief(base, true);
  const link = await as<{ id: string }>(owner, 'POST', `${wsUrl(base)}/briefs/${readyBrief.id}/share-links`, { label: marker }, 201);
  const tasks = {} as Record<MemberType, Task>;
  for (const type of workspaceMemberTypes) tasks[type] = await make.task(base, assignees[type]);
  return {
    ...base,
    tasks,
    unassignedTask: await make.task(base, null),
    readyBrief,
    draftBrief: await make.brief(base, false),
    template: await make.template(base),
    shareLinkId: keep(base, link).id,
    contact,
    sent,
    summary,
    actionItemId,
    invitedMemberId: await make.invitedMember(base),
  };
}

// ---------------------------------------------------------------------------------------------
// Requests per operation

const W = (c: Ctx) => wsUrl(c.ws);
const task = (c: Ctx) => (c.variant === 'hidden' ? c.obj.unassignedTask : c.obj.tasks[c.type]);
const brief = (c: Ctx) => (c.variant === 'hidden' ? c.obj.draftBrief : c.obj.readyBrief);
/** A task like {@link task}, made for this case only (it is changed or deleted). */
const freshTask = (c: Ctx) => make.task(c.obj, c.variant === 'hidden' || c.obj === worldB ? null : members[c.type].memberId);
const freshBrief = (c: Ctx, ready = c.variant === 'main') => make.brief(c.obj, ready);
const recipient = (c: Ctx, index = 0) => c.obj.sent.recipients[index]!;

/** How to call every workspace operation with real ids and a minimal valid body. */
const workspaceSpecs: Record<WorkspaceKey, Spec> = {
  'PATCH /api/v1/workspaces/{id}': { build: (c) => ({ url: W(c), body: { name: `${c.ws.marker}'s office` } }) },
  'GET /api/v1/workspaces/{id}/subscription': { build: (c) => ({ url: `${W(c)}/subscription` }) },
  'PATCH /api/v1/workspaces/{id}/subscription': {
    build: (c) => ({ url: `${W(c)}/subscription`, body: { subscriptionType: 'ENTERPRISE' } }),
  },
  'GET /api/v1/workspaces/{id}/audit-events': { build: (c) => ({ url: `${W(c)}/audit-events` }) },
  'POST /api/v1/workspaces/{id}/leave': { build: (c) => ({ url: `${W(c)}/leave` }) },
  'GET /api/v1/workspaces/{id}/members': { build: (c) => ({ url: `${W(c)}/members` }) },
  'POST /api/v1/workspaces/{id}/members': {
    build: (c) => ({
      url: `${W(c)}/members`,
      body: { email: uniqueEmail('matrix'), firstName: 'Ivy', lastName: 'Invitee', workspaceMemberType: 'USER' },
    }),
  },
  'PATCH /api/v1/workspaces/{id}/members/{memberId}': {
    build: (c) => ({ url: `${W(c)}/members/${c.obj.invitedMemberId}`, body: { workspaceMemberType: 'USER' } }),
  },
  'DELETE /api/v1/workspaces/{id}/members/{memberId}': {
    build: async (c) => ({ url: `${W(c)}/members/${await make.invitedMember(c.obj)}` }),
  },
  'POST /api/v1/workspaces/{id}/members/{memberId}/resend-invitation': {
    build: (c) => ({ url: `${W(c)}/members/${c.obj.invitedMemberId}/resend-invitation` }),
  },
  'GET /api/v1/workspaces/{id}/public-links': { build: (c) => ({ url: `${W(c)}/public-links` }) },
  'PUT /api/v1/workspaces/{id}/public-links': { build: (c) => ({ url: `${W(c)}/public-links`, body: { enabled: true } }) },

  'GET /api/v1/workspaces/{id}/events': { build: (c) => ({ url: `${W(c)}/events` }) },
  'GET /api/v1/workspaces/{id}/activity': { build: (c) => ({ url: `${W(c)}/activity` }) },
  'POST /api/v1/workspaces/{id}/activity/read': { build: (c) => ({ url: `${W(c)}/activity/read`, body: {} }) },
  'GET /api/v1/workspaces/{id}/dashboard': { build: (c) => ({ url: `${W(c)}/dashboard` }) },

  'GET /api/v1/workspaces/{id}/tasks': { build: (c) => ({ url: `${W(c)}/tasks` }) },
  'POST /api/v1/workspaces/{id}/tasks': {
    bodyRefs: true,
    build: (c) => ({ url: `${W(c)}/tasks`, body: { title: 'A matrix task', assigneeMemberId: c.obj.owner.memberId } }),
  },
  'GET /api/v1/workspaces/{id}/tasks/{taskId}': { build: (c) => ({ url: `${W(c)}/tasks/${task(c).id}` }) },
  'PATCH /api/v1/workspaces/{id}/tasks/{taskId}': {
    build: async (c) => {
      const fresh = await freshTask(c);
      return { url: `${W(c)}/tasks/${fresh.id}`, body: { version: fresh.version, status: 'IN_PROGRESS' } };
    },
  },
  'DELETE /api/v1/workspaces/{id}/tasks/{taskId}': {
    build: async (c) => {
      const fresh = await freshTask(c);
      return { url: `${W(c)}/tasks/${fresh.id}?version=${fresh.version}` };
    },
  },

  'GET /api/v1/workspaces/{id}/briefs': { build: (c) => ({ url: `${W(c)}/briefs` }) },
  'POST /api/v1/workspaces/{id}/briefs': {
    bodyRefs: true,
    build: (c) => ({ url: `${W(c)}/briefs`, body: { title: 'A matrix brief', attendees: [{ type: 'MEMBER', id: c.obj.owner.memberId }] } }),
  },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}': { build: (c) => ({ url: `${W(c)}/briefs/${brief(c).id}` }) },
  'PATCH /api/v1/workspaces/{id}/briefs/{briefId}': {
    build: async (c) => {
      const fresh = await freshBrief(c);
      return { url: `${W(c)}/briefs/${fresh.id}`, body: { version: fresh.version, title: 'Renamed by the matrix' } };
    },
  },
  'DELETE /api/v1/workspaces/{id}/briefs/{briefId}': {
    build: async (c) => {
      const fresh = await freshBrief(c);
      return { url: `${W(c)}/briefs/${fresh.id}?version=${fresh.version}` };
    },
  },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/ready': {
    build: async (c) => {
      const fresh = await freshBrief(c, false);
      return { url: `${W(c)}/briefs/${fresh.id}/ready`, body: { version: fresh.version } };
    },
  },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/acknowledge': {
    build: async (c) => {
      const fresh = await freshBrief(c, true);
      return { url: `${W(c)}/briefs/${fresh.id}/acknowledge`, body: { version: fresh.version } };
    },
  },
  'PUT /api/v1/workspaces/{id}/briefs/{briefId}/sections/{sectionId}/mark': {
    build: (c) => ({
      url: `${W(c)}/briefs/${c.obj.readyBrief.id}/sections/${c.obj.readyBrief.sections[0]!.id}/mark`,
      body: { mark: 'READ' },
    }),
  },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/versions': { build: (c) => ({ url: `${W(c)}/briefs/${brief(c).id}/versions` }) },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/versions/{version}': {
    build: (c) => ({ url: `${W(c)}/briefs/${brief(c).id}/versions/1` }),
  },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/versions/{version}/restore': {
    build: async (c) => {
      const fresh = await freshBrief(c);
      return { url: `${W(c)}/briefs/${fresh.id}/versions/1/restore`, body: { version: fresh.version } };
    },
  },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/draft': {
    build: (c) => ({ url: `${W(c)}/briefs/${brief(c).id}/draft`, body: { sectionId: brief(c).sections[0]!.id } }),
  },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/share-links': { build: (c) => ({ url: `${W(c)}/briefs/${brief(c).id}/share-links` }) },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/share-links': {
    build: (c) => ({ url: `${W(c)}/briefs/${brief(c).id}/share-links`, body: { label: 'Matrix link' } }),
  },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/share-links/{linkId}/revoke': {
    build: (c) => ({ url: `${W(c)}/briefs/${c.obj.readyBrief.id}/share-links/${c.obj.shareLinkId}/revoke` }),
  },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/share-links/{linkId}/views': {
    build: (c) => ({ url: `${W(c)}/briefs/${c.obj.readyBrief.id}/share-links/${c.obj.shareLinkId}/views` }),
  },
  'GET /api/v1/workspaces/{id}/brief-templates': { build: (c) => ({ url: `${W(c)}/brief-templates` }) },
  'POST /api/v1/workspaces/{id}/brief-templates': {
    build: (c) => ({ url: `${W(c)}/brief-templates`, body: { name: 'Matrix template', sections: [{ heading: 'Agenda', guidance: '' }] } }),
  },
  'GET /api/v1/workspaces/{id}/brief-templates/{templateId}': { build: (c) => ({ url: `${W(c)}/brief-templates/${c.obj.template.id}` }) },
  'PATCH /api/v1/workspaces/{id}/brief-templates/{templateId}': {
    build: (c) => ({ url: `${W(c)}/brief-templates/${c.obj.template.id}`, body: { description: 'Changed by the matrix' } }),
  },
  'DELETE /api/v1/workspaces/{id}/brief-templates/{templateId}': {
    build: async (c) => ({ url: `${W(c)}/brief-templates/${(await make.template(c.obj)).id}` }),
  },
  'POST /api/v1/workspaces/{id}/brief-templates/{templateId}/duplicate': {
    build: (c) => ({ url: `${W(c)}/brief-templates/${c.obj.template.id}/duplicate` }),
  },

  'GET /api/v1/workspaces/{id}/contacts': { build: (c) => ({ url: `${W(c)}/contacts` }) },
  'POST /api/v1/workspaces/{id}/contacts': {
    build: (c) => ({ url: `${W(c)}/contacts`, body: { firstName: 'Matrix', email: uniqueEmail('contact') } }),
  },
  'POST /api/v1/workspaces/{id}/contacts/import': {
    build: (c) => ({
      url: `${W(c)}/contacts/import`,
      body: { csv: 'firstName,lastName,email\nMatrix,Import,matrix.import@example.test\n', dryRun: true },
    }),
  },
  'GET /api/v1/workspaces/{id}/contacts/export.csv': { build: (c) => ({ url: `${W(c)}/contacts/export.csv` }) },
  'GET /api/v1/workspaces/{id}/contacts/{contactId}': { build: (c) => ({ url: `${W(c)}/contacts/${c.obj.contact.id}` }) },
  'PATCH /api/v1/workspaces/{id}/contacts/{contactId}': {
    build: (c) => ({ url: `${W(c)}/contacts/${c.obj.contact.id}`, body: { notes: 'Changed by the matrix' } }),
  },
  'DELETE /api/v1/workspaces/{id}/contacts/{contactId}': {
    build: async (c) => ({ url: `${W(c)}/contacts/${(await make.contact(c.obj)).id}` }),
  },
  'POST /api/v1/workspaces/{id}/contacts/{contactId}/messages': {
    build: (c) => ({ url: `${W(c)}/contacts/${recipient(c).contactId}/messages`, body: { body: 'A follow-up from the matrix' } }),
  },
  'GET /api/v1/workspaces/{id}/contacts/{contactId}/timeline': {
    build: (c) => ({ url: `${W(c)}/contacts/${recipient(c).contactId}/timeline` }),
  },
  'GET /api/v1/workspaces/{id}/contacts/{contactId}/slack-match': {
    build: (c) => ({ url: `${W(c)}/contacts/${c.obj.contact.id}/slack-match` }),
  },
  'PUT /api/v1/workspaces/{id}/contacts/{contactId}/slack': {
    build: (c) => ({ url: `${W(c)}/contacts/${c.obj.contact.id}/slack`, body: { slackUserId: 'U0MATRIX1' } }),
  },
  'DELETE /api/v1/workspaces/{id}/contacts/{contactId}/slack': { build: (c) => ({ url: `${W(c)}/contacts/${c.obj.contact.id}/slack` }) },

  'GET /api/v1/workspaces/{id}/question-requests': { build: (c) => ({ url: `${W(c)}/question-requests` }) },
  'POST /api/v1/workspaces/{id}/question-requests': {
    bodyRefs: true,
    build: (c) => ({ url: `${W(c)}/question-requests`, body: { title: 'A matrix request', contactIds: [c.obj.contact.id] } }),
  },
  'GET /api/v1/workspaces/{id}/question-requests/{requestId}': {
    build: (c) => ({ url: `${W(c)}/question-requests/${c.obj.sent.requestId}` }),
  },
  'PATCH /api/v1/workspaces/{id}/question-requests/{requestId}': {
    build: async (c) => {
      const fresh = await make.draftRequest(c.obj);
      return { url: `${W(c)}/question-requests/${fresh.id}`, body: { version: fresh.version, title: 'Renamed by the matrix' } };
    },
  },
  'DELETE /api/v1/workspaces/{id}/question-requests/{requestId}': {
    build: async (c) => {
      const fresh = await make.draftRequest(c.obj);
      return { url: `${W(c)}/question-requests/${fresh.id}?version=${fresh.version}` };
    },
  },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/send': {
    build: async (c) => {
      const fresh = await make.draftRequest(c.obj);
      return { url: `${W(c)}/question-requests/${fresh.id}/send`, body: { version: fresh.version } };
    },
  },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/recipients': {
    build: (c) => ({ url: `${W(c)}/question-requests/${c.obj.sent.requestId}/recipients`, body: { contactIds: [c.obj.contact.id] } }),
  },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/close': {
    build: async (c) => {
      const fresh = await make.sentRequest(c.obj);
      return { url: `${W(c)}/question-requests/${fresh.id}/close`, body: { version: fresh.version } };
    },
  },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/revoke': {
    build: (c) => ({ url: `${W(c)}/question-requests/${c.obj.sent.requestId}/recipients/${recipient(c, 1).id}/revoke` }),
  },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/email': {
    build: (c) => ({ url: `${W(c)}/question-requests/${c.obj.sent.requestId}/recipients/${recipient(c).id}/email` }),
  },
  'GET /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/views': {
    build: (c) => ({ url: `${W(c)}/question-requests/${c.obj.sent.requestId}/recipients/${recipient(c).id}/views` }),
  },
  'GET /api/v1/workspaces/{id}/question-requests/{requestId}/answers.csv': {
    build: (c) => ({ url: `${W(c)}/question-requests/${c.obj.sent.requestId}/answers.csv` }),
  },
  'GET /api/v1/workspaces/{id}/waiting-on': { build: (c) => ({ url: `${W(c)}/waiting-on` }) },
  'PUT /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/answers': {
    build: (c) => ({
      url: `${W(c)}/question-requests/${c.obj.sent.requestId}/recipients/${recipient(c).id}/answers`,
      body: { answers: [{ itemId: c.obj.sent.items[0]!.id, value: 'Recorded by the matrix' }] },
    }),
  },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/remind': {
    build: (c) => ({ url: `${W(c)}/question-requests/${c.obj.sent.requestId}/remind`, body: {} }),
  },

  'GET /api/v1/workspaces/{id}/ai': { build: (c) => ({ url: `${W(c)}/ai` }) },
  'POST /api/v1/workspaces/{id}/questions/generate': {
    bodyRefs: true,
    build: (c) => ({
      url: `${W(c)}/questions/generate`,
      body: { goal: 'Prepare the board meeting', count: 3, contactIds: [c.obj.contact.id] },
    }),
  },

  'GET /api/v1/workspaces/{id}/summaries': { build: (c) => ({ url: `${W(c)}/summaries` }) },
  'POST /api/v1/workspaces/{id}/summaries/generate': {
    bodyRefs: true,
    build: (c) => ({
      url: `${W(c)}/summaries/generate`,
      body: { title: 'A matrix summary', scope: { requestIds: [c.obj.sent.requestId] } },
    }),
  },
  'GET /api/v1/workspaces/{id}/summaries/{summaryId}': { build: (c) => ({ url: `${W(c)}/summaries/${c.obj.summary.id}` }) },
  'PUT /api/v1/workspaces/{id}/summaries/{summaryId}': {
    build: async (c) => {
      const fresh = await make.summary(c.obj);
      return { url: `${W(c)}/summaries/${fresh.id}`, body: { ...contentOf(fresh), title: 'Renamed by the matrix' } };
    },
  },
  'DELETE /api/v1/workspaces/{id}/summaries/{summaryId}': {
    build: async (c) => {
      const fresh = await make.summary(c.obj);
      return { url: `${W(c)}/summaries/${fresh.id}?version=${fresh.version}` };
    },
  },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/update': {
    build: async (c) => {
      const fresh = await make.summary(c.obj);
      return { url: `${W(c)}/summaries/${fresh.id}/update`, body: { version: fresh.version } };
    },
  },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/publish': {
    build: async (c) => {
      const fresh = await make.summary(c.obj);
      return { url: `${W(c)}/summaries/${fresh.id}/publish`, body: { version: fresh.version } };
    },
  },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/unpublish': {
    build: async (c) => {
      const fresh = await make.summary(c.obj);
      const url = `${wsUrl(c.obj)}/summaries/${fresh.id}`;
      const published = await as<Summary>(c.obj.owner, 'POST', `${url}/publish`, { version: fresh.version }, 200);
      return { url: `${W(c)}/summaries/${fresh.id}/unpublish`, body: { version: published.version } };
    },
  },
  'GET /api/v1/workspaces/{id}/summaries/{summaryId}/views': { build: (c) => ({ url: `${W(c)}/summaries/${c.obj.summary.id}/views` }) },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/action-items/{actionItemId}/task': {
    build: (c) => ({
      url: `${W(c)}/summaries/${c.obj.summary.id}/action-items/${c.obj.actionItemId}/task`,
      body: { version: c.obj.summary.version },
    }),
  },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/slack': {
    build: (c) => ({ url: `${W(c)}/summaries/${c.obj.summary.id}/slack`, body: { channelId: 'C0MATRIX1' } }),
  },

  'GET /api/v1/workspaces/{id}/slack': { build: (c) => ({ url: `${W(c)}/slack` }) },
  'POST /api/v1/workspaces/{id}/slack/install': { build: (c) => ({ url: `${W(c)}/slack/install` }) },
  'POST /api/v1/workspaces/{id}/slack/oauth/callback': {
    build: (c) => ({ url: `${W(c)}/slack/oauth/callback`, body: { state: 'not-a-signed-state', code: 'matrix' } }),
  },
  'POST /api/v1/workspaces/{id}/slack/disconnect': { build: (c) => ({ url: `${W(c)}/slack/disconnect` }) },
  'GET /api/v1/workspaces/{id}/slack/channels': { build: (c) => ({ url: `${W(c)}/slack/channels` }) },
};

/** Signed-in calls without a workspace: as each member of A (never as a side effect on the caller's password). */
const signedInSpecs: Record<SignedInKey, Spec> = {
  'POST /api/auth/password/update': { build: () => ({ url: '/api/auth/password/update', body: {} }) },
  'GET /api/v1/profile': { build: () => ({ url: '/api/v1/profile' }) },
  'PATCH /api/v1/profile': { build: () => ({ url: '/api/v1/profile', body: {} }) },
  'GET /api/v1/onboarding': { build: () => ({ url: '/api/v1/onboarding' }) },
  'POST /api/v1/onboarding/first-run': { build: () => ({ url: '/api/v1/onboarding/first-run' }) },
  'POST /api/v1/onboarding/welcomes/{memberId}/seen': { build: (c) => ({ url: `/api/v1/onboarding/welcomes/${c.caller.memberId}/seen` }) },
  'GET /api/v1/workspaces/': { build: () => ({ url: '/api/v1/workspaces/' }) },
  'POST /api/v1/workspaces/': { build: () => ({ url: '/api/v1/workspaces/', body: { name: 'A matrix workspace' } }) },
};

// ---------------------------------------------------------------------------------------------
// Judging

const methodOf = (key: OperationKey) => key.slice(0, key.indexOf(' '));
const pathOf = (key: OperationKey) => key.slice(key.indexOf(' ') + 1);
/** The path names an object besides the workspace ({taskId}, {briefId}, …). */
const hasObjectInPath = (key: OperationKey) => /\{(?!id\})[^}]+\}/.test(pathOf(key));

const is2xx = (status: number) => status >= 200 && status < 300;
const messageOf = (answer: Answer) => {
  try {
    return (JSON.parse(answer.body) as { errorDisplayMessage?: unknown }).errorDisplayMessage;
  } catch {
    return undefined;
  }
};

/** Why `answer` is not what `outcome` on the caller's own workspace says, or null when it is. */
function judgeOwn(outcome: Outcome, answer: Answer): string | null {
  if (outcome === 'allowed') {
    return [401, 403, 404].includes(answer.status) || answer.status >= 500 ? `allowed, but answered ${answer.status}` : null;
  }
  if (answer.status !== outcome) return `expected ${outcome}, answered ${answer.status}`;
  if (outcome === 403 && !(typeof messageOf(answer) === 'string' && String(messageOf(answer)).length > 0)) {
    return '403 without an errorDisplayMessage';
  }
  return null;
}

/**
 * Another workspace's object named in workspace A's path: 404 (PRODUCT §6). A type refused the
 * action outright may be told so first (403 for any id says nothing about B's object); never 2xx.
 * Named only in the body: 400 (an invalid field) or 404.
 */
function judgeForeignObject(outcome: Outcome, answer: Answer, inBody: boolean): string | null {
  if (is2xx(answer.status)) return `another workspace's object answered ${answer.status}`;
  const accepted = outcome === 403 ? [403, 404] : outcome === 404 ? [404] : inBody ? [400, 404] : [404];
  return accepted.includes(answer.status)
    ? null
    : `another workspace's object: expected ${accepted.join(' or ')}, answered ${answer.status}`;
}

/** B's ids and marker found in an answer to a member of A, ids sent in the request excepted. */
function leaksIn(answer: Answer, req: Req): string[] {
  const sent = `${req.url} ${JSON.stringify(req.body ?? null)}`;
  return [...worldB.secrets].filter((secret) => answer.body.includes(secret) && !sent.includes(secret));
}

/** Runs every case of one workspace operation; returns the failures, each naming its case. */
async function runWorkspaceOperation(key: WorkspaceKey): Promise<{ failures: string[]; cases: number }> {
  const row = expectations[key] as Extract<Expectation, { access: 'workspace' }>;
  const spec = workspaceSpecs[key];
  const method = methodOf(key);
  const failures: string[] = [];
  let cases = 0;
  const check = (label: string, req: Req, answer: Answer, verdict: string | null) => {
    cases += 1;
    if (verdict) failures.push(`${label}: ${verdict} — ${method} ${req.url} → ${answer.body.slice(0, 300)}`);
    const leaks = leaksIn(answer, req);
    if (leaks.length > 0) failures.push(`${label}: leaks another workspace's ${leaks.join(', ')}`);
  };

  const signedOut = await spec.build({ type: 'OWNER', caller: members.OWNER, ws: worldA, obj: worldA, variant: 'main' });
  const anonymous = await send(method, signedOut);
  check('signed out', signedOut, anonymous, anonymous.status === 401 ? null : `expected 401, answered ${anonymous.status}`);

  const variants: { variant: Ctx['variant']; grants: Grants }[] = [{ variant: 'main', grants: row.expect }];
  if ('hidden' in row && row.hidden) variants.push({ variant: 'hidden', grants: row.hidden.expect });
  for (const { variant, grants } of variants) {
    for (const type of workspaceMemberTypes) {
      const caller = members[type];
      const label = `${type}${variant === 'hidden' ? ` on ${row.hidden!.what}` : ''}`;
      const foreignWorkspace = await spec.build({ type, caller, ws: worldB, obj: worldB, variant });
      const inB = await send(method, foreignWorkspace, caller.token);
      check(`${label}, another workspace`, foreignWorkspace, inB, inB.status === 404 ? null : `expected 404, answered ${inB.status}`);
      if (hasObjectInPath(key) || spec.bodyRefs) {
        const foreignObject = await spec.build({ type, caller, ws: worldA, obj: worldB, variant });
        const answer = await send(method, foreignObject, caller.token);
        check(
          `${label}, another workspace's object in their own workspace`,
          foreignObject,
          answer,
          judgeForeignObject(grants[type], answer, !hasObjectInPath(key)),
        );
      }
      const own = await spec.build({ type, caller, ws: worldA, obj: worldA, variant });
      const answer = await send(method, own, caller.token);
      check(`${label}, own workspace`, own, answer, judgeOwn(grants[type], answer));
    }
  }
  return { failures, cases };
}

/** Signed-out 401; each member of A is let in (never 401, 403, 404 or 5xx) and told nothing of B. */
async function runSignedInOperation(key: SignedInKey): Promise<{ failures: string[]; cases: number }> {
  const spec = signedInSpecs[key];
  const method = methodOf(key);
  const failures: string[] = [];
  const signedOut = await spec.build({ type: 'OWNER', caller: members.OWNER, ws: worldA, obj: worldA, variant: 'main' });
  const anonymous = await send(method, signedOut);
  if (anonymous.status !== 401) failures.push(`signed out: expected 401, answered ${anonymous.status}`);
  for (const type of workspaceMemberTypes) {
    const req = await spec.build({ type, caller: members[type], ws: worldA, obj: worldA, variant: 'main' });
    const answer = await send(method, req, members[type].token);
    const verdict = judgeOwn('allowed', answer);
    if (verdict) failures.push(`${type}: ${verdict} — ${answer.body.slice(0, 300)}`);
    const leaks = leaksIn(answer, req);
    if (leaks.length > 0) failures.push(`${type}: leaks another workspace's ${leaks.join(', ')}`);
  }
  return { failures, cases: 1 + workspaceMemberTypes.length };
}

// ---------------------------------------------------------------------------------------------
// The tests

const keys = Object.keys(expectations) as OperationKey[];
/** Operations that end the callers' memberships run last, so every other case has its callers. */
const runsLast = new Set<OperationKey>(['POST /api/v1/workspaces/{id}/leave']);
const ordered = [...keys.filter((key) => !runsLast.has(key)), ...keys.filter((key) => runsLast.has(key))];
let covered = 0;

beforeAll(async () => {
  const response = await t.get('/api/openapi.json');
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  document = response.json();
  members = await setUpRoles(t);
  const assignedToEach = Object.fromEntries(workspaceMemberTypes.map((type) => [type, members[type].memberId])) as Record<
    MemberType,
    string
  >;
  worldA = await buildWorld(members.OWNER, 'Alder', assignedToEach);
  const ownerB = await signUpOwner(t, { firstName: 'Zephyr', lastName: 'Quillfeather' });
  worldB = await buildWorld(
    ownerB,
    'Zephyr',
    Object.fromEntries(workspaceMemberTypes.map((type) => [type, null])) as Record<MemberType, null>,
  );
}, 120_000);

describe('authorization matrix (issue #14, PRODUCT §6)', () => {
  it('has exactly one row per operation of the OpenAPI document, and the document agrees on who may call it', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(100);
    expect(
      operations.filter((operation) => !(operation in expectations)),
      'operations without a row in authz-expectations.ts',
    ).toEqual([]);
    expect(
      keys.filter((key) => !operations.includes(key)),
      'rows naming no operation of the document',
    ).toEqual([]);
    const declaresBearer = (key: OperationKey) => {
      const operation = document.paths[pathOf(key)]?.[methodOf(key).toLowerCase()];
      return JSON.stringify(operation?.security ?? []).includes('bearerAuth');
    };
    expect(
      keys.filter((key) => declaresBearer(key) !== (expectations[key].access !== 'public')),
      'rows whose access disagrees with the document’s security',
    ).toEqual([]);
  });

  for (const key of ordered) {
    const row: Expectation = expectations[key];
    if (row.access === 'public') continue;
    it(key, async () => {
      const { failures, cases } =
        row.access === 'workspace' ? await runWorkspaceOperation(key as WorkspaceKey) : await runSignedInOperation(key as SignedInKey);
      covered += cases;
      expect(failures, key).toEqual([]);
    });
  }

  it('ran every case', () => {
    // Per operation: signed out once; then per object and type: another workspace, another
    // workspace's object when the path or body names one, own workspace.
    const expected = keys.reduce((sum, key) => {
      const row: Expectation = expectations[key];
      if (row.access === 'public') return sum;
      if (row.access === 'signedIn') return sum + 1 + workspaceMemberTypes.length;
      const perType = hasObjectInPath(key) || workspaceSpecs[key as WorkspaceKey].bodyRefs ? 3 : 2;
      return sum + 1 + (row.hidden ? 2 : 1) * workspaceMemberTypes.length * perType;
    }, 0);
    expect(covered).toBe(expected);
    expect(covered).toBeGreaterThan(1000);
  });
});
