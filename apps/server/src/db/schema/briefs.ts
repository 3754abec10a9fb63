import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { briefStatuses, type BriefAttendeeInput, type BriefChanges, type SectionMark, type TemplateSection } from '@tandem/contract';
import { id, instant, jsonb } from './columns.js';
import { workspaceMembers, workspaces } from './workspaces.js';

export const briefStatus = pgEnum('brief_status', briefStatuses);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One section as stored in `briefs.sections` (contract BriefSection without the marker's names):
 * the executive's mark lives with the section, so clearing it with the section's text is one write.
 */
export interface StoredBriefSection {
  id: string;
  heading: string;
  body: string;
  guidance: string;
  mark: SectionMark | null;
  markNote: string | null;
  markedAt: string | null;
  markedByMemberId: string | null;
}

/** Words of the title for `q` search: 'simple' configuration, as tasks (works on PGlite too). */
export const briefSearchVector = (title: SQL | string) => sql`to_tsvector('simple'::regconfig, coalesce(${title}, ''))`;

/**
 * An executive brief (PRODUCT §2 Brief; issue #9). `version` counts content changes only (marks
 * and status never change it). Sections, with their marks, are one jsonb array in display order;
 * attendees a jsonb array of {type, id}. Every index leads with workspace_id (ARCHITECTURE
 * "scale-out"); each list sort has a (workspace_id, key, id) index for keyset pagination.
 */
export const briefs = pgTable(
  'briefs',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** The template it started from (built-in or workspace); kept as a plain id, no foreign key. */
    templateId: uuid(),
    meetingAt: instant(),
    meetingTimeZone: text(),
    attendees: jsonb().$type<BriefAttendeeInput[]>().notNull().default([]),
    sections: jsonb().$type<StoredBriefSection[]>().notNull().default([]),
    status: briefStatus().notNull().default('DRAFT'),
    readyAt: instant(),
    acknowledgedAt: instant(),
    acknowledgedByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    confidential: boolean().notNull().default(false),
    version: integer().notNull().default(1),
    /** How many sections are marked NEED_MORE, and when the newest such mark was made (dashboard "Needs more"). */
    needMoreCount: integer().notNull().default(0),
    needMoreAt: instant(),
    createdByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    updatedByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(() => briefSearchVector(sql`"title"`)),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('briefs_workspace_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('briefs_workspace_meeting_idx').on(t.workspaceId, t.meetingAt, t.id),
    index('briefs_workspace_status_updated_idx').on(t.workspaceId, t.status, t.updatedAt, t.id),
    index('briefs_workspace_need_more_idx')
      .on(t.workspaceId, t.needMoreAt)
      .where(sql`${t.needMoreCount} > 0`),
    index('briefs_search_idx').using('gin', t.search),
  ],
);

/** A version's content as kept in `brief_versions.snapshot` (no marks). */
export interface BriefSnapshot {
  title: string;
  meetingAt: string | null;
  meetingTimeZone: string | null;
  attendees: BriefAttendeeInput[];
  confidential: boolean;
  sections: { id: string; heading: string; body: string; guidance: string }[];
}

/**
 * A brief's history (issue #9): one row per save that changed content, `version` being the brief's
 * version that save produced (1 = created). Deleted with the brief.
 */
export const briefVersions = pgTable(
  'brief_versions',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    briefId: uuid()
      .notNull()
      .references(() => briefs.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    snapshot: jsonb().$type<BriefSnapshot>().notNull(),
    changes: jsonb().$type<BriefChanges>().notNull(),
    restoredFrom: integer(),
    authorMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('brief_versions_brief_version_key').on(t.workspaceId, t.briefId, t.version)],
);

/**
 * A workspace's own brief templates (PRODUCT §2 BriefTemplate). The built-in library is code
 * (features/briefs), not rows: the same for every workspace and read-only.
 */
export const briefTemplates = pgTable(
  'brief_templates',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    sections: jsonb().$type<TemplateSection[]>().notNull(),
    createdByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [index('brief_templates_workspace_name_idx').on(t.workspaceId, t.name)],
);
