import { TOKEN_REFUSED_REASON } from './slack-connections.js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Contact, type SlackUser } from '@tandem/contract';
import { slackConnections } from '../../db/schema/index.js';
import { connectToStandIn, useSlackStandIn } from '../../test/slack-fixtures.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { uniqueEmail, useTestApp } from '../../test/test-app.js';
import { del, patch, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

describe('matching people to Slack users (issue #12)', () => {
  const slack = useSlackStandIn();
  const t = useTestApp(slack.appConfig);
  let roles: RoleMembers;
  let owner: SignedInMember;
  let token: string;

  const contactUrl = (contactId: string, workspaceId = owner.workspaceId) => `/api/v1/workspaces/${workspaceId}/contacts/${contactId}`;
  const findMatch = (contactId: string, member = owner) =>
    t.get(`${contactUrl(contactId, member.workspaceId)}/slack-match`, { token: member.token });
  const confirm = (contactId: string, slackUserId: string, member = owner) =>
    t.request({ method: 'PUT', url: `${contactUrl(contactId, member.workspaceId)}/slack`, payload: { slackUserId }, token: member.token });
  const removeMatch = (contactId: string, member = owner) => del(t, `${contactUrl(contactId, member.workspaceId)}/slack`, member.token);

  async function createContact(body: Record<string, unknown>, member = owner): Promise<Contact> {
    const response = await t.post(
      `/api/v1/workspaces/${member.workspaceId}/contacts`,
      { firstName: 'Ada', lastName: 'Lovelace', ...body },
      { token: member.token },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ payload: Contact }>().payload;
  }

  beforeAll(async () => {
    roles = await setUpRoles(t);
    owner = roles.OWNER;
  });

  it('answers 409 while Slack is not connected, and for a person without an email', async () => {
    const ada = await createContact({ email: uniqueEmail('ada') });
    const notConnected = await findMatch(ada.id);
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().errorDisplayMessage).toMatch(/Slack is not connected/);
    expect((await confirm(ada.id, 'U0ADA')).statusCode).toBe(409);

    token = await connectToStandIn(t, slack.standIn, owner.workspaceId, { installedByMemberId: owner.memberId });
    const noEmail = await createContact({ email: null, firstName: 'Nobody' });
    const response = await findMatch(noEmail.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().errorDisplayMessage).toBe('Nobody has no email address to look up in Slack.');
  });

  it('finds the Slack user with the person’s email (users.lookupByEmail), or none', async () => {
    const email = uniqueEmail('ada');
    slack.standIn.addUser({ id: 'U0ADA', email: email.toUpperCase(), name: 'ada', realName: 'Ada Lovelace', tz: 'Europe/Paris' });
    const ada = await createContact({ email });
    const found = await findMatch(ada.id, roles.USER);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<{ payload: { candidate: SlackUser } }>().payload.candidate).toEqual({
      slackUserId: 'U0ADA',
      name: 'ada',
      realName: 'Ada Lovelace',
      email: email.toUpperCase(),
      timeZone: 'Europe/Paris',
    });
    expect(slack.standIn.calls('users.lookupByEmail').at(-1)!.args.email).toBe(email);
    // Nothing is stored by looking.
    const contact = await t.get(contactUrl(ada.id), { token: owner.token });
    expect(contact.json<{ payload: Contact }>().payload.slackUserId).toBeNull();

    const stranger = await createContact({ email: uniqueEmail('stranger') });
    const none = await findMatch(stranger.id);
    expect(none.statusCode).toBe(200);
    expect(none.json().payload).toEqual({ candidate: null });
  });

  it('confirms a match (time zone filled while UTC), changes it (time zone kept), removes it (time zone kept)', async () => {
    slack.standIn.addUser({ id: 'U0GRACE', email: uniqueEmail('grace'), name: 'grace', realName: 'Grace Hopper', tz: 'America/Chicago' });
    slack.standIn.addUser({ id: 'U0GRACE2', email: uniqueEmail('grace2'), name: 'grace.h', tz: 'Asia/Tokyo' });
    const grace = await createContact({ firstName: 'Grace', email: uniqueEmail('grace') });
    expect(grace.timeZone).toBe('UTC');

    const confirmed = await confirm(grace.id, 'U0GRACE');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ payload: Contact }>().payload).toMatchObject({
      slackUserId: 'U0GRACE',
      slackUserName: 'grace',
      timeZone: 'America/Chicago',
    });
    expect(slack.standIn.calls('users.info').at(-1)!.args.user).toBe('U0GRACE');

    const changed = await confirm(grace.id, 'U0GRACE2');
    expect(changed.json<{ payload: Contact }>().payload).toMatchObject({
      slackUserId: 'U0GRACE2',
      slackUserName: 'grace.h',
      timeZone: 'America/Chicago',
    });

    const removed = await removeMatch(grace.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ payload: Contact }>().payload).toMatchObject({
      slackUserId: null,
      slackUserName: null,
      timeZone: 'America/Chicago',
    });

    const tokyo = await createContact({ firstName: 'Kenji', email: uniqueEmail('kenji'), timeZone: 'Europe/Berlin' });
    const kept = await confirm(tokyo.id, 'U0GRACE2');
    expect(kept.json<{ payload: Contact }>().payload).toMatchObject({ slackUserId: 'U0GRACE2', timeZone: 'Europe/Berlin' });
  });

  it('drops the Slack user’s name when an ordinary edit changes the id, keeps it when it does not', async () => {
    slack.standIn.addUser({ id: 'U0EDSGER', email: uniqueEmail('edsger'), name: 'edsger' });
    const edsger = await createContact({ firstName: 'Edsger', email: uniqueEmail('edsger') });
    expect((await confirm(edsger.id, 'U0EDSGER')).json<{ payload: Contact }>().payload.slackUserName).toBe('edsger');
    const renamed = await patch(t, contactUrl(edsger.id), { title: 'Professor', slackUserId: 'U0EDSGER' }, owner.token);
    expect(renamed.json<{ payload: Contact }>().payload).toMatchObject({ slackUserId: 'U0EDSGER', slackUserName: 'edsger' });
    const changed = await patch(t, contactUrl(edsger.id), { slackUserId: 'U0OTHER' }, owner.token);
    expect(changed.json<{ payload: Contact }>().payload).toMatchObject({ slackUserId: 'U0OTHER', slackUserName: null });
  });

  it('refuses a Slack user Slack does not know (400 errorData.slackUserId) and a malformed id', async () => {
    const ada = await createContact({ email: uniqueEmail('ada') });
    const unknown = await confirm(ada.id, 'U0NOBODY');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorData).toEqual({ slackUserId: 'Slack has no such person in this workspace.' });
    const malformed = await confirm(ada.id, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorData.slackUserId).toBeDefined();
    const contact = await t.get(contactUrl(ada.id), { token: owner.token });
    expect(contact.json<{ payload: Contact }>().payload.slackUserId).toBeNull();
  });

  it('lets USERs look but not match; GUESTs neither; another workspace’s person is 404', async () => {
    slack.standIn.addUser({ id: 'U0ALAN', email: uniqueEmail('alan') });
    const alan = await createContact({ firstName: 'Alan', email: uniqueEmail('alan') });
    expect((await confirm(alan.id, 'U0ALAN', roles.USER)).statusCode).toBe(403);
    expect((await removeMatch(alan.id, roles.USER)).statusCode).toBe(403);
    expect((await findMatch(alan.id, roles.GUEST)).statusCode).toBe(403);
    expect((await confirm(alan.id, 'U0ALAN', roles.EXECUTIVEASSISTANT)).statusCode).toBe(200);

    const other = await signUpOwner(t);
    const foreign = { ...other, workspaceId: owner.workspaceId };
    expect((await findMatch(alan.id, other)).statusCode).toBe(404);
    expect((await confirm(alan.id, 'U0ALAN', other)).statusCode).toBe(404);
    // A member of another workspace naming this one is not a member here.
    expect((await findMatch(alan.id, foreign)).statusCode).toBe(404);
  });

  it('ends the connection when Slack answers token_revoked (409)', async () => {
    const ada = await createContact({ email: uniqueEmail('ada') });
    slack.standIn.revokeToken(token);
    const response = await findMatch(ada.id);
    expect(response.statusCode).toBe(409);
    const [row] = await t.db.select().from(slackConnections).where(eq(slackConnections.workspaceId, owner.workspaceId));
    expect(row).toMatchObject({ botToken: null, disconnectedReason: TOKEN_REFUSED_REASON });
  });
});
