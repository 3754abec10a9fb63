import { DEFAULT_CONTACT_TIME_ZONE, isTimeZone, type ConfirmSlackMatchBody, type Contact, type SlackUser } from '@tandem/contract';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { announceContact, contactNotFound, getContact, lockCurrentContactRow, updateContactRow } from '../contacts/index.js';
import { callSlack, openSlack } from './slack-calls.js';

/** What the Slack routes of people and summaries need: the database and the app's Slack settings and public address. */
export interface SlackDeps {
  db: Database;
  config: Pick<AppConfig, 'slack' | 'encryptionKey' | 'publicUrl'>;
}

/** A Slack user (users.info / users.lookupByEmail `user`) as the contract shows it. */
interface SlackApiUser {
  id?: string;
  name?: string;
  real_name?: string;
  tz?: string;
  deleted?: boolean;
  is_bot?: boolean;
  profile?: { email?: string; real_name?: string };
}

function toSlackUser(user: SlackApiUser): SlackUser {
  return {
    slackUserId: user.id ?? '',
    name: user.name ?? '',
    realName: user.real_name ?? user.profile?.real_name ?? '',
    email: user.profile?.email ?? null,
    timeZone: user.tz ?? null,
  };
}

/** A current contact of the workspace, after the member's permission; 404 for another workspace's, a former one or none. */
async function currentContact(
  db: Database,
  personId: string,
  workspaceId: string,
  contactId: string,
  action: 'viewQuestions' | 'editQuestions',
) {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, action);
  const contact = await getContact(db, workspaceId, contactId);
  if (!contact || contact.deletedAt !== null) throw contactNotFound();
  return { member, contact };
}

/**
 * GET v1/workspaces/{id}/contacts/{contactId}/slack-match (issue #12 "matched to Slack users by
 * email with a confirmation step"; viewQuestions): the Slack user with the contact's email
 * (users.lookupByEmail), or null when Slack has none (users_not_found). Nothing is stored.
 * @throws 403; 404; 409 when the contact has no email or Slack is not connected (also when its
 * token was revoked: the connection then ends); 503 when Slack fails otherwise.
 */
export async function findSlackMatch(
  deps: SlackDeps,
  personId: string,
  workspaceId: string,
  contactId: string,
): Promise<{ candidate: SlackUser | null }> {
  const { contact } = await currentContact(deps.db, personId, workspaceId, contactId, 'viewQuestions');
  if (!contact.email) throw new AppError('CONFLICT', `${contact.firstName} has no email address to look up in Slack.`);
  const { client } = await openSlack(deps, workspaceId);
  const user = await callSlack(
    deps,
    workspaceId,
    async () => (await client.users.lookupByEmail({ email: contact.email! })).user as SlackApiUser | undefined,
    (code) => (code === 'users_not_found' ? null : undefined),
  );
  return { candidate: user && !user.deleted && !user.is_bot ? toSlackUser(user) : null };
}

/**
 * PUT v1/workspaces/{id}/contacts/{contactId}/slack (issue #12; editQuestions): confirms or changes
 * the contact's Slack user. The user is re-read (users.info); their id and name are stored and,
 * while the contact's time zone is still the default (UTC), their Slack time zone fills it. A
 * `contact` updated event goes out.
 * @throws 403; 404; 400 errorData.slackUserId when Slack has no such (active, human) user; 409
 * when Slack is not connected; 503 when Slack fails otherwise.
 */
export async function confirmSlackMatch(
  deps: SlackDeps,
  personId: string,
  workspaceId: string,
  contactId: string,
  body: ConfirmSlackMatchBody,
): Promise<Contact> {
  await currentContact(deps.db, personId, workspaceId, contactId, 'editQuestions');
  const { client } = await openSlack(deps, workspaceId);
  const noSuchUser = () => invalidField('slackUserId', 'Slack has no such person in this workspace.');
  const user = await callSlack(
    deps,
    workspaceId,
    async () => (await client.users.info({ user: body.slackUserId })).user as SlackApiUser | undefined,
    (code) => (code === 'user_not_found' || code === 'users_not_found' ? noSuchUser() : undefined),
  );
  if (!user || user.deleted || user.is_bot || user.id !== body.slackUserId) throw noSuchUser();
  const slackUser = toSlackUser(user);
  // Slack is called before the transaction: no row stays locked while it answers.
  return deps.db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const row = await lockCurrentContactRow(tx, workspaceId, contactId);
    if (!row) throw contactNotFound();
    const fillZone = row.timeZone === DEFAULT_CONTACT_TIME_ZONE && slackUser.timeZone !== null && isTimeZone(slackUser.timeZone);
    await updateContactRow(tx, workspaceId, contactId, {
      slackUserId: slackUser.slackUserId,
      slackUserName: slackUser.name || slackUser.realName || null,
      ...(fillZone ? { timeZone: slackUser.timeZone! } : {}),
    });
    await announceContact(tx, { workspaceId, contactId, action: 'updated', actorMemberId: member.id });
    return (await getContact(tx, workspaceId, contactId))!;
  });
}

/**
 * DELETE v1/workspaces/{id}/contacts/{contactId}/slack (issue #12 "the match can be removed";
 * editQuestions): clears the Slack user and name (the time zone stays); `contact` updated event.
 * Works without a Slack connection. @throws 403; 404.
 */
export async function removeSlackMatch(db: Database, personId: string, workspaceId: string, contactId: string): Promise<Contact> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const row = await lockCurrentContactRow(tx, workspaceId, contactId);
    if (!row) throw contactNotFound();
    await updateContactRow(tx, workspaceId, contactId, { slackUserId: null, slackUserName: null });
    await announceContact(tx, { workspaceId, contactId, action: 'updated', actorMemberId: member.id });
    return (await getContact(tx, workspaceId, contactId))!;
  });
}
