import { sql } from 'drizzle-orm';
import { customType, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  aiGenerationKinds,
  summaryStatuses,
  type ActionItem,
  type AiProviderInfo,
  type KeyPoint,
  type PublicSummary,
  type QuestionSpread,
  type Quote,
  type Redaction,
  type SummaryAnswer,
  type SummaryScope,
} from '@tandem/contract';
import { id, instant, jsonb } from './columns.js';
import { publicLinks } from './public-links.js';
import { workspaceMembers, workspaces } from './workspaces.js';

export const summaryStatus = pgEnum('summary_status', summaryStatuses);
export const aiGenerationKind = pgEnum('ai_generation_kind', aiGenerationKinds);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A summary of answers (PRODUCT §2 Summary; issue #11). The reviewed content lives in its own
 * jsonb columns; `answers` is the snapshot of every answer in scope when it was generated or last
 * updated (quotes are checked against these texts, so a later edit by the person cannot make a
 * saved quote false; newer answers show as `freshness`). `published` is the copy /s/{id} shows,
 * taken at publishing with redactions applied; `publicLinkId` its public_links row (subject
 * SUMMARY). Every index leads with workspace_id.
 */
export const summaries = pgTable(
  'summaries',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    scope: jsonb().$type<SummaryScope>().notNull(),
    status: summaryStatus().notNull().default('DRAFT'),
    keyPoints: jsonb().$type<KeyPoint[]>().notNull().default([]),
    perQuestion: jsonb().$type<QuestionSpread[]>().notNull().default([]),
    quotes: jsonb().$type<Quote[]>().notNull().default([]),
    actionItems: jsonb().$type<ActionItem[]>().notNull().default([]),
    redactions: jsonb().$type<Redaction[]>().notNull().default([]),
    answers: jsonb().$type<SummaryAnswer[]>().notNull().default([]),
    excludedConfidential: integer().notNull().default(0),
    provider: jsonb().$type<AiProviderInfo>().notNull(),
    generatedAt: instant().notNull(),
    publicLinkId: text().references(() => publicLinks.id, { onDelete: 'set null' }),
    published: jsonb().$type<PublicSummary>(),
    publishedAt: instant(),
    publishedVersion: integer(),
    version: integer().notNull().default(1),
    createdByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    updatedByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(() => sql`to_tsvector('simple'::regconfig, coalesce("title", ''))`),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('summaries_workspace_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('summaries_workspace_status_updated_idx').on(t.workspaceId, t.status, t.updatedAt, t.id),
    index('summaries_search_idx').using('gin', t.search),
  ],
);

/**
 * One AI generation that counted against the plan (PRODUCT §8 "AI generations / month"; issue
 * #11): reserved before the work under the workspace's row lock, deleted again when the
 * generation is cancelled or fails. Months are calendar months in UTC.
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: aiGenerationKind().notNull(),
    provider: text().notNull().default('BUILT_IN'),
    memberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('ai_generations_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);
