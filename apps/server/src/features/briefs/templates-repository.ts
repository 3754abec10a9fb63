import { and, asc, eq } from 'drizzle-orm';
import type { BriefTemplate, TemplateSection } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { briefTemplates, people, workspaceMembers } from '../../db/schema/index.js';
import { builtInTemplates, getBuiltInTemplate } from './built-in-templates.js';

const templateColumns = {
  id: briefTemplates.id,
  name: briefTemplates.name,
  description: briefTemplates.description,
  sections: briefTemplates.sections,
  createdByMemberId: briefTemplates.createdByMemberId,
  createdAt: briefTemplates.createdAt,
  updatedAt: briefTemplates.updatedAt,
  creatorFirstName: people.firstName,
  creatorLastName: people.lastName,
};

type JoinedTemplateRow = {
  id: string;
  name: string;
  description: string;
  sections: TemplateSection[];
  createdByMemberId: string | null;
  createdAt: Date;
  updatedAt: Date;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};

const toTemplate = (row: JoinedTemplateRow): BriefTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  sections: row.sections,
  builtIn: false,
  createdBy:
    row.createdByMemberId && row.creatorFirstName !== null && row.creatorLastName !== null
      ? { memberId: row.createdByMemberId, firstName: row.creatorFirstName, lastName: row.creatorLastName }
      : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Template rows with their creator's names (creator null once they left); callers scope by workspace. */
function selectTemplates(db: Queryable) {
  return db
    .select(templateColumns)
    .from(briefTemplates)
    .leftJoin(workspaceMembers, eq(workspaceMembers.id, briefTemplates.createdByMemberId))
    .leftJoin(people, eq(people.id, workspaceMembers.personId));
}

/**
 * One template `workspaceId` may use: a built-in (the same for every workspace) or one of its own
 * templates; undefined for an unknown id or another workspace's template (PRODUCT §6: 404).
 * Briefs' create-from-template reads through this (issue #9).
 */
export async function findTemplate(db: Queryable, workspaceId: string, templateId: string): Promise<BriefTemplate | undefined> {
  const builtIn = getBuiltInTemplate(templateId);
  if (builtIn) return builtIn;
  const [row] = await selectTemplates(db).where(and(eq(briefTemplates.workspaceId, workspaceId), eq(briefTemplates.id, templateId)));
  return row ? toTemplate(row) : undefined;
}

/** Every template `workspaceId` may use: the built-ins in their fixed order, then its own by name. */
export async function findTemplates(db: Queryable, workspaceId: string): Promise<BriefTemplate[]> {
  const rows = await selectTemplates(db)
    .where(eq(briefTemplates.workspaceId, workspaceId))
    .orderBy(asc(briefTemplates.name), asc(briefTemplates.id));
  return [...builtInTemplates, ...rows.map(toTemplate)];
}

/** The content of a workspace template as written. */
export interface TemplateContent {
  name: string;
  description: string;
  sections: TemplateSection[];
}

/** Inserts a workspace template; returns its id. */
export async function insertTemplate(
  tx: Queryable,
  values: TemplateContent & { workspaceId: string; createdByMemberId: string },
): Promise<string> {
  const [row] = await tx.insert(briefTemplates).values(values).returning({ id: briefTemplates.id });
  return row!.id;
}

/**
 * Changes a workspace template's content (updatedAt = now); false when `templateId` is not a
 * template of `workspaceId`.
 */
export async function updateTemplateRow(
  tx: Queryable,
  workspaceId: string,
  templateId: string,
  changes: Partial<TemplateContent>,
): Promise<boolean> {
  const updated = await tx
    .update(briefTemplates)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(briefTemplates.workspaceId, workspaceId), eq(briefTemplates.id, templateId)))
    .returning({ id: briefTemplates.id });
  return updated.length > 0;
}

/**
 * Deletes a workspace template; false when it is not one of `workspaceId`. Briefs made from it
 * keep its id as a plain value (no foreign key), so nothing else changes.
 */
export async function deleteTemplateRow(tx: Queryable, workspaceId: string, templateId: string): Promise<boolean> {
  const deleted = await tx
    .delete(briefTemplates)
    .where(and(eq(briefTemplates.workspaceId, workspaceId), eq(briefTemplates.id, templateId)))
    .returning({ id: briefTemplates.id });
  return deleted.length > 0;
}
