import { index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.js';
import { workspaceMembers, workspaces } from './workspaces.js';

export const publicLinkSubjectType = pgEnum('public_link_subject_type', ['BRIEF', 'RECIPIENT', 'SUMMARY']);

/**
 * An unguessable link to one subject, opened without signing in (PRODUCT §2 PublicLink, §5;
 * decision 012). `id` is the public id (22 base62 characters) or, where the app never shows it
 * again, its SHA-256 (public/public-ids.ts). `expiresAt` null = never. `passcodeHash`: Argon2id.
 * `viewCount`/`lastViewedAt` are kept in step with `public_link_views` in the same statement.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: text().primaryKey(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    subjectType: publicLinkSubjectType().notNull(),
    subjectId: uuid().notNull(),
    label: text().notNull().default(''),
    expiresAt: instant(),
    passcodeHash: text(),
    revokedAt: instant(),
    revokedByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    viewCount: integer().notNull().default(0),
    lastViewedAt: instant(),
    createdByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('public_links_workspace_subject_idx').on(t.workspaceId, t.subjectType, t.subjectId, t.createdAt)],
);

/**
 * The access log of public links (decision 012): one row per opening, the IP truncated to /24
 * (IPv4) or /48 (IPv6) — enough to tell visits apart, not to track a person. Kept 180 days.
 */
export const publicLinkViews = pgTable(
  'public_link_views',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    linkId: text()
      .notNull()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    at: instant().notNull().defaultNow(),
    ipPrefix: text().notNull(),
    userAgentFamily: text(),
  },
  (t) => [
    index('public_link_views_workspace_link_at_idx').on(t.workspaceId, t.linkId, t.at, t.id),
    index('public_link_views_at_idx').on(t.at),
  ],
);
