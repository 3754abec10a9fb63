import { and, eq } from 'drizzle-orm';
import type { BriefTemplate } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { briefTemplates } from '../../db/schema/index.js';

/**
 * Stand-in until the templates work (srv-share) is merged, which replaces this file: a workspace
 * template of `workspaceId` by id (no built-ins yet, no author names), or undefined.
 */
export async function findTemplate(db: Queryable, workspaceId: string, templateId: string): Promise<BriefTemplate | undefined> {
  const [row] = await db
    .select()
    .from(briefTemplates)
    .where(and(eq(briefTemplates.workspaceId, workspaceId), eq(briefTemplates.id, templateId)));
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sections: row.sections,
    builtIn: false,
    createdBy: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
