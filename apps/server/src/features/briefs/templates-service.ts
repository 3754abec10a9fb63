import { TEMPLATE_NAME_MAX, type BriefTemplate, type CreateBriefTemplateBody, type UpdateBriefTemplateBody } from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { getBuiltInTemplate } from './built-in-templates.js';
import {
  deleteTemplateRow,
  findTemplate,
  findTemplates,
  insertTemplate,
  updateTemplateRow,
  type TemplateContent,
} from './templates-repository.js';

const templateNotFound = () => notFound('That template');

/** 403 for any change to a built-in (issue #9: built-ins are read-only and can be duplicated). */
const builtInReadOnly = () => new AppError('FORBIDDEN', 'Built-in templates are read-only; duplicate it to change it.');

/** The templates the caller's workspace may use: built-ins first, then its own by name (viewBriefs). */
export async function listTemplates(db: Database, personId: string, workspaceId: string): Promise<BriefTemplate[]> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewBriefs');
  return findTemplates(db, workspaceId);
}

/** One template (built-in or the workspace's own); 404 for another workspace's (PRODUCT §6). */
export async function readTemplate(db: Database, personId: string, workspaceId: string, templateId: string): Promise<BriefTemplate> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewBriefs');
  const template = await findTemplate(db, workspaceId, templateId);
  if (!template) throw templateNotFound();
  return template;
}

/** Inserts `content` as a template of the workspace by `memberId` and reads it back. */
async function createFrom(tx: Queryable, workspaceId: string, memberId: string, content: TemplateContent): Promise<BriefTemplate> {
  const id = await insertTemplate(tx, { ...content, workspaceId, createdByMemberId: memberId });
  return (await findTemplate(tx, workspaceId, id))!;
}

/**
 * Creates a workspace template (PRODUCT §6 editBriefs: OWNER, EXECUTIVE, EXECUTIVEASSISTANT).
 * @throws 403 for a USER or GUEST.
 */
export async function createTemplate(
  db: Database,
  personId: string,
  workspaceId: string,
  body: CreateBriefTemplateBody,
): Promise<BriefTemplate> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editBriefs');
    return createFrom(tx, workspaceId, member.id, { name: body.name, description: body.description ?? '', sections: body.sections });
  });
}

/**
 * Changes the fields sent of a workspace template (editBriefs).
 * @throws 404 for an unknown template or another workspace's; 403 for a USER or GUEST, and for a
 * built-in ("Built-in templates are read-only; duplicate it to change it.").
 */
export async function updateTemplate(
  db: Database,
  personId: string,
  workspaceId: string,
  templateId: string,
  body: UpdateBriefTemplateBody,
): Promise<BriefTemplate> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editBriefs');
    if (getBuiltInTemplate(templateId)) throw builtInReadOnly();
    const changes: Partial<TemplateContent> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description;
    if (body.sections !== undefined) changes.sections = body.sections;
    if (!(await updateTemplateRow(tx, workspaceId, templateId, changes))) throw templateNotFound();
    return (await findTemplate(tx, workspaceId, templateId))!;
  });
}

/** "Copy of {name}", cut to the name limit. */
function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, TEMPLATE_NAME_MAX).trimEnd();
}

/**
 * Copies a template (a built-in or the workspace's own) into a new workspace template named
 * "Copy of …" (editBriefs; issue #9 "built-ins … can be duplicated").
 * @throws 404 for an unknown template or another workspace's; 403 for a USER or GUEST.
 */
export async function duplicateTemplate(db: Database, personId: string, workspaceId: string, templateId: string): Promise<BriefTemplate> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editBriefs');
    const source = await findTemplate(tx, workspaceId, templateId);
    if (!source) throw templateNotFound();
    return createFrom(tx, workspaceId, member.id, {
      name: copyName(source.name),
      description: source.description,
      sections: source.sections,
    });
  });
}

/**
 * Deletes a workspace template (editBriefs). Briefs made from it keep its id as a plain value and
 * are otherwise untouched; creating a brief from the deleted id answers 404.
 * @throws 404 for an unknown template or another workspace's; 403 for a USER or GUEST, and for a built-in.
 */
export async function deleteTemplate(db: Database, personId: string, workspaceId: string, templateId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editBriefs');
    if (getBuiltInTemplate(templateId)) throw builtInReadOnly();
    if (!(await deleteTemplateRow(tx, workspaceId, templateId))) throw templateNotFound();
  });
}
