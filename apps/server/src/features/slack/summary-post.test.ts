import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PublicSummary, type SlackPost } from '@tandem/contract';
import { publicLinks, summaries } from '../../db/schema/index.js';
import { createPublicLink } from '../../public/public-links.js';
import { connectToStandIn, useSlackStandIn } from '../../test/slack-fixtures.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { PUBLIC_URL, useTestApp } from '../../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

describe('posting a published summary to Slack (issue #12)', () => {
  const slack = useSlackStandIn();
  const t = useTestApp(slack.appConfig);
  let roles: RoleMembers;
  let owner: SignedInMember;

  const post = (summaryId: string, channelId: string, member = owner) =>
    t.post(`/api/v1/workspaces/${member.workspaceId}/summaries/${summaryId}/slack`, { channelId }, { token: member.token });

  /** The copy publishing took (redactions applied): what /s/{id} shows. */
  const publishedCopy: PublicSummary = {
    title: 'Board prep <!channel> & more',
    workspaceName: 'Olive’s workspace',
    publishedAt: new Date().toISOString(),
    answerCount: 7,
    keyPoints: [
      { text: 'A colleague wants two engineers before the launch <@U0BOSS>.', citedBy: ['A colleague'] },
      { text: 'Budget & hiring come first: see <https://evil.example|this>.', citedBy: [] },
    ],
    perQuestion: [],
    quotes: [],
    actionItems: [],
  };

  /**
   * A summary of `owner`'s workspace written straight to the database: its draft names Ada
   * Lovelace; published (status PUBLISHED, the copy above, an active /s link) unless `draft`.
   */
  async function createSummary(options: { draft?: boolean } = {}): Promise<{ id: string; publicId: string | null }> {
    return t.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(summaries)
        .values({
          workspaceId: owner.workspaceId,
          title: 'Board prep <!channel> & more',
          scope: { requestIds: [], contactIds: [], from: null, to: null },
          keyPoints: [{ id: randomUUID(), text: 'Ada Lovelace wants two engineers before the launch.', answerIds: [] }],
          redactions: [{ id: randomUUID(), kind: 'TEXT', text: 'Ada Lovelace', replacement: 'A colleague' }],
          provider: { kind: 'BUILT_IN', model: null, fellBack: false, fallbackReason: null },
          generatedAt: new Date(),
          createdByMemberId: owner.memberId,
        })
        .returning({ id: summaries.id });
      if (options.draft) return { id: row!.id, publicId: null };
      const { publicId } = await createPublicLink(tx, {
        workspaceId: owner.workspaceId,
        subjectType: 'SUMMARY',
        subjectId: row!.id,
        label: 'Board prep',
        expiresAt: null,
        passcode: null,
        createdByMemberId: owner.memberId,
      });
      await tx
        .update(summaries)
        .set({ status: 'PUBLISHED', published: publishedCopy, publicLinkId: publicId, publishedAt: new Date(), publishedVersion: 2 })
        .where(eq(summaries.id, row!.id));
      return { id: row!.id, publicId };
    });
  }

  beforeAll(async () => {
    roles = await setUpRoles(t);
    owner = roles.OWNER;
  });
  beforeEach(() => {
    slack.standIn.reset();
    slack.standIn.addChannel({ id: 'C0BOARD', name: 'board' });
    slack.standIn.addChannel({ id: 'C0PRIVATE', name: 'leadership', isPrivate: true });
    slack.standIn.addChannel({ id: 'C0GENERAL', name: 'general', botIsMember: false });
  });

  it('answers 409 while Slack is not connected', async () => {
    const summary = await createSummary();
    const response = await post(summary.id, 'C0BOARD');
    expect(response.statusCode).toBe(409);
    expect(response.json().errorDisplayMessage).toMatch(/Slack is not connected/);
    expect(slack.standIn.received).toEqual([]);
    await connectToStandIn(t, slack.standIn, owner.workspaceId, { installedByMemberId: owner.memberId });
  });

  it('posts the published copy (redacted, escaped) with its key points and a button to /s/{id}', async () => {
    const summary = await createSummary();
    const response = await post(summary.id, 'C0PRIVATE', roles.EXECUTIVEASSISTANT);
    expect(response.statusCode, response.body).toBe(200);
    const posted = slack.standIn.messages.at(-1)!;
    expect(response.json<{ payload: SlackPost }>().payload).toEqual({
      channelId: 'C0PRIVATE',
      ts: posted.ts,
      permalink: `https://acme.slack.com/archives/C0PRIVATE/p${posted.ts.replace('.', '')}`,
    });
    expect(posted.channel).toBe('C0PRIVATE');
    const blocks = JSON.stringify(posted.blocks);
    expect(blocks).toContain(`${PUBLIC_URL}/s/${summary.publicId}`);
    expect(blocks).toContain('Read the summary');
    expect(posted.blocks).toContainEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Board prep <!channel> & more', emoji: false },
    });
    expect(posted.blocks).toContainEqual({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: '• A colleague wants two engineers before the launch &lt;@U0BOSS&gt;.\n• Budget &amp; hiring come first: see &lt;https://evil.example|this&gt;.',
      },
    });
    // Never the draft: the redacted name does not appear.
    expect(blocks).not.toContain('Ada Lovelace');
    expect(posted.text).toBe(`Board prep &lt;!channel&gt; &amp; more: ${PUBLIC_URL}/s/${summary.publicId}`);
  });

  it('posts only to a channel the bot is in (400 errorData.channelId)', async () => {
    const summary = await createSummary();
    for (const channelId of ['C0GENERAL', 'C0UNKNOWN']) {
      const response = await post(summary.id, channelId);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorData).toEqual({ channelId: 'Invite the Tandem app to this channel first, or choose another one.' });
    }
    expect(slack.standIn.calls('chat.postMessage')).toEqual([]);
  });

  it('posts only a published summary with an active link (409)', async () => {
    const draft = await createSummary({ draft: true });
    const response = await post(draft.id, 'C0BOARD');
    expect(response.statusCode).toBe(409);
    expect(response.json().errorDisplayMessage).toBe('Publish this summary before posting it to Slack.');

    const revoked = await createSummary();
    await t.db.update(publicLinks).set({ revokedAt: new Date() }).where(eq(publicLinks.id, revoked.publicId!));
    expect((await post(revoked.id, 'C0BOARD')).statusCode).toBe(409);
    expect(slack.standIn.calls('chat.postMessage')).toEqual([]);
  });

  it('answers the post with a null permalink when chat.getPermalink fails', async () => {
    const summary = await createSummary();
    slack.standIn.failNext('chat.getPermalink', 'internal_error');
    const response = await post(summary.id, 'C0BOARD');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ payload: SlackPost }>().payload).toMatchObject({ channelId: 'C0BOARD', permalink: null });
  });

  it('is for members who edit questions; another workspace’s summary is 404', async () => {
    const summary = await createSummary();
    expect((await post(summary.id, 'C0BOARD', roles.USER)).statusCode).toBe(403);
    expect((await post(summary.id, 'C0BOARD', roles.GUEST)).statusCode).toBe(403);
    const other = await signUpOwner(t);
    expect((await post(summary.id, 'C0BOARD', other)).statusCode).toBe(404);
    expect(slack.standIn.calls('chat.postMessage')).toEqual([]);
  });
});
