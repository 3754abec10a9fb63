import { eq } from 'drizzle-orm';
import Bowser from 'bowser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultShareLinkExpiry } from '@tandem/contract';
import { publicLinks, publicLinkViews } from '../db/schema/index.js';
import { useTestApp } from '../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../test/workspace-fixtures.js';
import { createPublicLink, openPublicLink } from './public-links.js';
import {
  ipPrefixOf,
  PUBLIC_LINK_VIEW_RETENTION_MS,
  rememberedUserAgentFamilies,
  sweepPublicLinkViews,
  USER_AGENT_FAMILIES_REMEMBERED,
  userAgentFamilyOf,
} from './public-links-views.js';

const t = useTestApp();
let owner: SignedInMember;

beforeAll(async () => {
  owner = await signUpOwner(t);
});

const DAY = 24 * 60 * 60_000;

describe('ipPrefixOf (decision 012: /24 for IPv4, /48 for IPv6)', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['10.1.2.3', '10.1.2.0/24'],
    ['2001:db8:abcd:1234:5678:9abc:def0:1', '2001:db8:abcd::/48'],
    ['2001:0db8:0000:ffff::1', '2001:db8::/48'],
    ['::1', '::/48'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['not an address', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (ip, prefix) => {
    expect(ipPrefixOf(ip)).toBe(prefix);
  });
});

describe('userAgentFamilyOf', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'Chrome'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'Microsoft Edge',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Firefox'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari',
    ],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    ['curl/8.0', null],
    ['   ', null],
    [undefined, null],
  ])('%s → %s', (userAgent, family) => {
    expect(userAgentFamilyOf(userAgent)).toBe(family);
  });

  it('parses a header once and remembers its family, an unknown one too (issue #13)', () => {
    const parse = vi.spyOn(Bowser, 'getParser');
    try {
      const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
      expect(userAgentFamilyOf(chrome)).toBe('Chrome');
      expect(userAgentFamilyOf(chrome)).toBe('Chrome');
      expect(userAgentFamilyOf('an unknown client/1.0')).toBeNull();
      expect(userAgentFamilyOf('an unknown client/1.0')).toBeNull();
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it(`remembers at most ${USER_AGENT_FAMILIES_REMEMBERED} headers, then starts over`, () => {
    for (let index = 0; index <= USER_AGENT_FAMILIES_REMEMBERED; index++) {
      expect(userAgentFamilyOf(`Mozilla/5.0 (X11; Linux x86_64; rv:${index}.0) Gecko/20100101 Firefox/${index}.0`)).toBe('Firefox');
      expect(rememberedUserAgentFamilies()).toBeLessThanOrEqual(USER_AGENT_FAMILIES_REMEMBERED);
    }
    expect(rememberedUserAgentFamilies()).toBeLessThan(USER_AGENT_FAMILIES_REMEMBERED);
  });

  it('does not remember a very long header', () => {
    const before = rememberedUserAgentFamilies();
    expect(userAgentFamilyOf(`Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0 ${'x'.repeat(600)}`)).toBe('Firefox');
    expect(rememberedUserAgentFamilies()).toBe(before);
  });
});

describe('defaultShareLinkExpiry (contract)', () => {
  it('is the meeting plus 7 × 24 hours, or null without a meeting', () => {
    expect(defaultShareLinkExpiry('2026-03-25T09:30:00.000Z')).toBe('2026-04-01T09:30:00.000Z');
    expect(defaultShareLinkExpiry('2026-03-25T09:30:00+01:00')).toBe('2026-04-01T08:30:00.000Z');
    expect(defaultShareLinkExpiry(null)).toBeNull();
  });
});

describe('a recipient’s link (decision 012 as amended by issue #10)', () => {
  it('is stored as is, so the assistant can copy it again, and opens only as its own subject type', async () => {
    const subjectId = crypto.randomUUID();
    const { publicId, link } = await t.db.transaction((tx) =>
      createPublicLink(tx, {
        workspaceId: owner.workspaceId,
        subjectType: 'RECIPIENT',
        subjectId,
        label: '',
        expiresAt: null,
        passcode: null,
        createdByMemberId: owner.memberId,
      }),
    );
    expect(link.id).toBe(publicId);
    expect(await t.db.select().from(publicLinks).where(eq(publicLinks.id, publicId))).toHaveLength(1);
    const opened = await openPublicLink(t.db, {
      subjectType: 'RECIPIENT',
      publicId,
      passcode: undefined,
      ip: '198.51.100.1',
      userAgent: undefined,
      load: async (found) => found,
    });
    expect(opened).toEqual({ workspaceId: owner.workspaceId, subjectId });
    // The same id does not open a link of another subject type.
    await expect(
      openPublicLink(t.db, {
        subjectType: 'BRIEF',
        publicId,
        passcode: undefined,
        ip: '198.51.100.1',
        userAgent: undefined,
        load: async () => 1,
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('sweepPublicLinkViews (decision 012: the access log keeps 180 days)', () => {
  it('deletes views older than 180 days, keeps newer ones and the link’s count', async () => {
    const { publicId } = await t.db.transaction((tx) =>
      createPublicLink(tx, {
        workspaceId: owner.workspaceId,
        subjectType: 'BRIEF',
        subjectId: crypto.randomUUID(),
        label: '',
        expiresAt: null,
        passcode: null,
        createdByMemberId: owner.memberId,
      }),
    );
    await t.db.update(publicLinks).set({ viewCount: 2 }).where(eq(publicLinks.id, publicId));
    const view = (at: Date) => ({ workspaceId: owner.workspaceId, linkId: publicId, at, ipPrefix: '192.0.2.0/24' });
    await t.db.insert(publicLinkViews).values([view(new Date(Date.now() - 181 * DAY)), view(new Date(Date.now() - 179 * DAY))]);
    expect(PUBLIC_LINK_VIEW_RETENTION_MS).toBe(180 * DAY);
    expect(await sweepPublicLinkViews(t.db)).toBe(1);
    const left = await t.db.select().from(publicLinkViews).where(eq(publicLinkViews.linkId, publicId));
    expect(left.map((row) => Math.round((Date.now() - row.at.getTime()) / DAY))).toEqual([179]);
    const [link] = await t.db.select().from(publicLinks).where(eq(publicLinks.id, publicId));
    expect(link!.viewCount).toBe(2);
  });

  it('is scheduled on the job queue', async () => {
    const { rows } = await t.app.database.executeSql('select name from pgboss.schedule');
    expect(rows.map((row) => row.name)).toContain('public-links.sweep-views');
  });
});
