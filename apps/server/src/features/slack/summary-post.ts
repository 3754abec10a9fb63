import type { KnownBlock } from '@slack/web-api';
import type { PostSummaryToSlackBody, PublicSummary, SlackPost } from '@tandem/contract';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { getPublicLink } from '../../public/public-links.js';
import { findScopeRequests, getSummaryRow, type SummaryRow } from '../summaries/index.js';
import { callSlack, openSlack } from './slack-calls.js';
import type { SlackDeps } from './contact-match.js';
import { escapeMrkdwn } from './reply-matching.js';

/** Slack's limits (https://api.slack.com/reference/block-kit/blocks): header 150 characters, section text 3,000. */
const HEADER_MAX = 150;
const SECTION_MAX = 3000;
/** users.conversations pages read at most (200 channels each) when checking the bot is in a channel. */
const CHANNEL_PAGES_MAX = 10;

const clip = (text: string, max: number) => ([...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text);

/**
 * The message of a published summary (issue #12 "a message with the key points and a link to
 * /s/{id}"): its title, the key points as a list (escaped: a key point never mentions or links),
 * and a "Read the summary" button to `url`. Built from the published copy (redactions applied).
 */
export function summaryMessage(published: PublicSummary, url: string): { text: string; blocks: KnownBlock[] } {
  const sections: string[] = [];
  for (const line of published.keyPoints.map((point) => `• ${escapeMrkdwn(point.text)}`)) {
    const last = sections.at(-1);
    if (last !== undefined && last.length + 1 + line.length <= SECTION_MAX) sections[sections.length - 1] = `${last}\n${line}`;
    else sections.push(clip(line, SECTION_MAX));
  }
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(published.title, HEADER_MAX), emoji: false } },
    ...sections.map((text): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } })),
    {
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Read the summary' }, url, action_id: 'open_summary' }],
    },
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: `${escapeMrkdwn(published.workspaceName)} · ${published.answerCount} ${published.answerCount === 1 ? 'answer' : 'answers'}`,
        },
      ],
    },
  ];
  return { text: `${escapeMrkdwn(published.title)}: ${url}`, blocks };
}

/** The summary's published copy and its /s/{id} link, or the 409 saying why it cannot be posted. */
async function publishedCopyOf(deps: SlackDeps, row: SummaryRow): Promise<{ published: PublicSummary; publicId: string }> {
  if (row.status !== 'PUBLISHED' || !row.published || !row.publicLinkId) {
    throw new AppError('CONFLICT', 'Publish this summary before posting it to Slack.');
  }
  const link = await getPublicLink(deps.db, row.workspaceId, 'SUMMARY', row.id, row.publicLinkId);
  if (!link?.isActive) throw new AppError('CONFLICT', 'The summary’s public link is no longer active: publish it again to post it.');
  const requestIds = row.scope.requestIds.length > 0 ? row.scope.requestIds : [...new Set(row.answers.map((answer) => answer.requestId))];
  const requests = await findScopeRequests(deps.db, row.workspaceId, requestIds);
  if (requests.some((request) => request.confidential)) {
    throw new AppError('CONFLICT', 'A request of this summary is confidential now: it cannot be posted.');
  }
  return { published: row.published, publicId: row.publicLinkId };
}

/**
 * POST v1/workspaces/{id}/summaries/{summaryId}/slack (issue #12; editQuestions): posts the
 * published summary (the copy /s/{id} shows, redactions applied — never the draft) to a channel
 * the bot was invited to (users.conversations), with its key points and a link to /s/{id}.
 * @returns the channel, the message's ts and its permalink (null when chat.getPermalink fails).
 * @throws 403; 404; 409 unless PUBLISHED with an active link, or when Slack is not connected
 * (token revoked: the connection ends); 400 errorData.channelId when the bot is not in that
 * channel; 503 when Slack fails otherwise.
 */
export async function postSummaryToSlack(
  deps: SlackDeps,
  personId: string,
  workspaceId: string,
  summaryId: string,
  body: PostSummaryToSlackBody,
): Promise<SlackPost> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'editQuestions');
  const row = await getSummaryRow(deps.db, workspaceId, summaryId);
  if (!row) throw notFound('That summary');
  const { published, publicId } = await publishedCopyOf(deps, row);
  const { client } = await openSlack(deps, workspaceId);
  const notInChannel = () => invalidField('channelId', 'Invite the Tandem app to this channel first, or choose another one.');

  const isBotChannel = await callSlack(deps, workspaceId, async () => {
    let cursor: string | undefined;
    for (let page = 0; page < CHANNEL_PAGES_MAX; page += 1) {
      const result = await client.users.conversations({
        types: 'public_channel,private_channel',
        exclude_archived: true,
        limit: 200,
        cursor,
      });
      if (result.channels?.some((channel) => channel.id === body.channelId)) return true;
      cursor = result.response_metadata?.next_cursor || undefined;
      if (!cursor) return false;
    }
    return false;
  });
  if (!isBotChannel) throw notInChannel();

  const message = summaryMessage(published, `${deps.config.publicUrl}/s/${publicId}`);
  const posted = await callSlack(
    deps,
    workspaceId,
    () => client.chat.postMessage({ channel: body.channelId, ...message, unfurl_links: false, unfurl_media: false }),
    (code) => (['not_in_channel', 'channel_not_found', 'is_archived'].includes(code) ? notInChannel() : undefined),
  );
  const ts = posted.ts!;
  const permalink = await callSlack(
    deps,
    workspaceId,
    async () => (await client.chat.getPermalink({ channel: body.channelId, message_ts: ts })).permalink ?? null,
    () => null,
  ).catch(() => null);
  return { channelId: body.channelId, ts, permalink };
}
