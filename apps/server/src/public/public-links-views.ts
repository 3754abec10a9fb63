import Bowser from 'bowser';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Database, Queryable } from '../db/client.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { publicLinks, publicLinkViews } from '../db/schema/index.js';
import type { Jobs } from '../jobs/jobs.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';

/** How long the access log keeps a view (decision 012: 180 days). */
export const PUBLIC_LINK_VIEW_RETENTION_MS = 180 * 24 * 60 * 60_000;

/** What the log stores for an address it cannot parse (never the raw value). */
const UNKNOWN_IP = 'unknown';
const USER_AGENT_FAMILY_MAX = 64;

/**
 * The visitor's address truncated to /24 (IPv4) or /48 (IPv6), as `203.0.113.0/24` or
 * `2001:db8:abcd::/48` (decision 012: enough to tell visits apart, not to track a person). An
 * IPv4-mapped IPv6 address counts as IPv4; anything unparsable is 'unknown'.
 */
export function ipPrefixOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return UNKNOWN_IP;
  const address = ipaddr.process(ip);
  const bits = address.kind() === 'ipv4' ? 24 : 48;
  const bytes = address.toByteArray();
  bytes.fill(0, bits / 8);
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}

/** How many User-Agent headers {@link userAgentFamilyOf} remembers before it starts over. */
export const USER_AGENT_FAMILIES_REMEMBERED = 1000;

/** Longer headers are parsed every time, so the remembered ones stay small (at most ~0.5 MB in all). */
const USER_AGENT_REMEMBERED_MAX_LENGTH = 512;

/** User-Agent header → its family, as {@link userAgentFamilyOf} found it (bounded: cleared when full). */
const userAgentFamilies = new Map<string, string | null>();

/**
 * The browser family of a User-Agent header ('Chrome', 'Safari', 'Googlebot', …; bowser), or null
 * when unknown. Remembered per header (issue #13: a Bowser parse is expensive and visitors send
 * few distinct headers), at most {@link USER_AGENT_FAMILIES_REMEMBERED} of up to 512 characters.
 */
export function userAgentFamilyOf(userAgent: string | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const known = userAgentFamilies.get(userAgent);
  if (known !== undefined) return known;
  const name = Bowser.getParser(userAgent).getBrowserName();
  const family = name ? name.slice(0, USER_AGENT_FAMILY_MAX) : null;
  if (userAgent.length > USER_AGENT_REMEMBERED_MAX_LENGTH) return family;
  if (userAgentFamilies.size >= USER_AGENT_FAMILIES_REMEMBERED) userAgentFamilies.clear();
  userAgentFamilies.set(userAgent, family);
  return family;
}

/** How many User-Agent headers {@link userAgentFamilyOf} remembers now (for tests). */
export const rememberedUserAgentFamilies = (): number => userAgentFamilies.size;

/**
 * Logs one opening of a link and counts it (view_count + 1, last_viewed_at) in one statement, so
 * the count and the log never disagree (decision 012).
 */
export async function recordPublicLinkView(
  db: Queryable,
  view: { linkId: string; workspaceId: string; ip: string; userAgent: string | undefined },
): Promise<void> {
  await db.execute(sql`
    with view as (
      insert into ${publicLinkViews} (id, workspace_id, link_id, ip_prefix, user_agent_family)
      values (${uuidv7()}, ${view.workspaceId}, ${view.linkId}, ${ipPrefixOf(view.ip)}, ${userAgentFamilyOf(view.userAgent)})
      returning link_id, at
    )
    update ${publicLinks} set view_count = view_count + 1, last_viewed_at = view.at
    from view where public_links.id = view.link_id`);
}

const VIEWS_LIST = 'public-link-views';
const ViewCursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

/** One page of a link's access log, newest first (keyset on at, id). @throws 400 for a bad cursor. */
export async function findPublicLinkViews(
  db: Queryable,
  workspaceId: string,
  linkId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ items: { at: string; ipPrefix: string; userAgentFamily: string | null }[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, VIEWS_LIST, ViewCursorSchema);
  const rows = await db
    .select({
      id: publicLinkViews.id,
      at: publicLinkViews.at,
      ipPrefix: publicLinkViews.ipPrefix,
      userAgentFamily: publicLinkViews.userAgentFamily,
    })
    .from(publicLinkViews)
    .where(
      and(
        eq(publicLinkViews.workspaceId, workspaceId),
        eq(publicLinkViews.linkId, linkId),
        after
          ? or(
              lt(publicLinkViews.at, new Date(after[0])),
              and(eq(publicLinkViews.at, new Date(after[0])), lt(publicLinkViews.id, after[1])),
            )
          : undefined,
      ),
    )
    .orderBy(desc(publicLinkViews.at), desc(publicLinkViews.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => ({ at: row.at.toISOString(), ipPrefix: row.ipPrefix, userAgentFamily: row.userAgentFamily })),
    nextCursor: rows.length > page.limit && last ? encodeCursor(VIEWS_LIST, [last.at.toISOString(), last.id]) : null,
  };
}

/**
 * Deletes access-log rows older than {@link PUBLIC_LINK_VIEW_RETENTION_MS} (decision 012). A link's
 * view_count and last_viewed_at keep counting them.
 * @returns how many rows were deleted.
 */
export function sweepPublicLinkViews(db: Database, now = new Date()): Promise<number> {
  return deleteInBatches(
    db,
    publicLinkViews,
    publicLinkViews.id,
    lt(publicLinkViews.at, new Date(now.getTime() - PUBLIC_LINK_VIEW_RETENTION_MS)),
  );
}

/** Schedules the access-log sweep daily (ARCHITECTURE "jobs"), as the auth sweeps. */
export function registerPublicLinkSweeps(jobs: Jobs, db: Database, logger: FastifyBaseLogger): void {
  jobs.register({
    name: 'public-links.sweep-views',
    schedule: '17 3 * * *',
    pollingIntervalSeconds: 30,
    options: { retryLimit: 2, expireInSeconds: 15 * 60 },
    handler: async () => {
      const deleted = await sweepPublicLinkViews(db);
      if (deleted > 0) logger.info({ deleted, sweep: 'public-links.sweep-views' }, 'sweep: expired rows deleted');
    },
  });
}
