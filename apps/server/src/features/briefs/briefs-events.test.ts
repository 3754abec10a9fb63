import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Brief, WorkspaceEventOf } from '@tandem/contract';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import { useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import type { SignedInMember } from '../../test/workspace-fixtures.js';
import {
  acknowledgeBriefAs,
  briefOf,
  createBriefAs,
  deleteBriefAs,
  markSectionAs,
  patchBrief,
  readyBrief,
} from '../../test/brief-fixtures.js';

const t = useTestApp();
let baseUrl = '';
let roles: RoleMembers;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  roles = await setUpRoles(t);
});

type BriefEventData = WorkspaceEventOf<'brief'>;

const openEventStream = useEventStreams();

/** The `brief` events of the member's stream, each checked against the contract's union. */
async function openBriefStream(member: SignedInMember) {
  const stream = await openWorkspaceEvents(openEventStream, baseUrl, member);
  return {
    async nextBrief(): Promise<BriefEventData | 'timeout' | 'end'> {
      const event = await stream.next('brief');
      return event === 'timeout' || event === 'end' ? event : event.data;
    },
  };
}

const briefEvent = (brief: Brief, action: BriefEventData['action'], actor: SignedInMember, changes: Partial<BriefEventData> = {}) => ({
  type: 'brief',
  workspaceId: actor.workspaceId,
  briefId: brief.id,
  action,
  version: brief.version,
  status: brief.status,
  actorMemberId: actor.memberId,
  ...changes,
});

describe('`event: brief` on GET v1/workspaces/{id}/events', () => {
  it('tells the assistant of the executive marking a section live, and of every step of the flow', async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive } = roles;
    const stream = await openBriefStream(assistant);
    const brief = await createBriefAs(t, assistant, { title: 'Live' });
    expect(await stream.nextBrief()).toEqual(briefEvent(brief, 'created', assistant));
    briefOf(await readyBrief(t, assistant, brief.id, 1));
    expect(await stream.nextBrief()).toEqual(briefEvent(brief, 'status', assistant, { status: 'READY' }));
    briefOf(await markSectionAs(t, executive, brief.id, brief.sections[0]!.id, { mark: 'NEED_MORE', note: 'More numbers' }));
    expect(await stream.nextBrief()).toEqual(briefEvent(brief, 'marked', executive, { status: 'READY' }));
    briefOf(await acknowledgeBriefAs(t, executive, brief.id, 1));
    expect(await stream.nextBrief()).toEqual(briefEvent(brief, 'status', executive, { status: 'ACKNOWLEDGED' }));
    briefOf(await patchBrief(t, assistant, brief.id, { version: 1, title: 'Live, edited' }));
    expect(await stream.nextBrief()).toEqual(briefEvent(brief, 'updated', assistant, { version: 2, status: 'DRAFT' }));
    expect((await deleteBriefAs(t, assistant, brief.id, 2)).statusCode).toBe(200);
    expect(await stream.nextBrief()).toEqual(briefEvent(brief, 'deleted', assistant, { version: 2, status: 'DRAFT' }));
  });

  it('tells a GUEST nothing of a DRAFT, of it once READY, and of its return to DRAFT (to drop it), then nothing', async () => {
    const { EXECUTIVEASSISTANT: assistant, GUEST: guest } = roles;
    const stream = await openBriefStream(guest);
    const brief = await createBriefAs(t, assistant, { title: 'For the guest later' });
    briefOf(await patchBrief(t, assistant, brief.id, { version: 1, title: 'Still a draft' }));
    briefOf(await readyBrief(t, assistant, brief.id, 2));
    expect(await stream.nextBrief()).toMatchObject({ briefId: brief.id, action: 'status', status: 'READY' });
    briefOf(await patchBrief(t, assistant, brief.id, { version: 2, title: 'Back to draft' }));
    expect(await stream.nextBrief()).toMatchObject({ briefId: brief.id, action: 'updated', status: 'DRAFT' });
    briefOf(await patchBrief(t, assistant, brief.id, { version: 3, title: 'Hidden again' }));
    expect((await deleteBriefAs(t, assistant, brief.id, 4)).statusCode).toBe(200);
    const sentinel = await createBriefAs(t, assistant, { title: 'Sentinel' });
    briefOf(await readyBrief(t, assistant, sentinel.id, 1));
    expect(await stream.nextBrief()).toMatchObject({ briefId: sentinel.id, action: 'status' });
  });

  it('sends nothing for a refused change', async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive } = roles;
    // The stream opens first and takes the creation's event: on PostgreSQL a notification committed
    // just before a stream opened can still reach it, so creating first raced the subscription.
    const stream = await openBriefStream(executive);
    const brief = await createBriefAs(t, assistant, { title: 'Quiet' });
    expect(await stream.nextBrief()).toMatchObject({ briefId: brief.id, action: 'created' });
    expect((await patchBrief(t, assistant, brief.id, { version: 5, title: 'stale' })).statusCode).toBe(409);
    expect((await acknowledgeBriefAs(t, executive, brief.id, 1)).statusCode).toBe(409);
    expect((await markSectionAs(t, roles.OWNER, brief.id, brief.sections[0]!.id, { mark: 'READ' })).statusCode).toBe(403);
    const sentinel = await createBriefAs(t, assistant, { title: 'Sentinel' });
    expect(await stream.nextBrief()).toMatchObject({ briefId: sentinel.id, action: 'created' });
  });
});
