import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BriefTemplateSchema, TEMPLATE_NAME_MAX, workspaceMemberTypes, type BriefTemplate } from '@tandem/contract';
import { briefs, briefTemplates } from '../../db/schema/index.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { useTestApp } from '../../test/test-app.js';
import { del, patch, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { builtInTemplates } from './built-in-templates.js';
import { findTemplate } from './templates-repository.js';

const t = useTestApp();
let roles: RoleMembers;
let stranger: SignedInMember;

beforeAll(async () => {
  roles = await setUpRoles(t);
  stranger = await signUpOwner(t, { firstName: 'Sam', lastName: 'Stranger' });
});

const templatesUrl = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/brief-templates`;
const templateUrl = (workspaceId: string, templateId: string) => `${templatesUrl(workspaceId)}/${templateId}`;

const boardPrepId = builtInTemplates.find((template) => template.name === 'Board prep')!.id;

const sampleBody = {
  name: 'Investor update',
  description: 'Quarterly call with investors',
  sections: [
    { heading: 'Numbers', guidance: 'Revenue, burn, runway.' },
    { heading: 'Asks', guidance: 'Intros we need.' },
  ],
};

async function createTemplateAs(member: SignedInMember, body: Record<string, unknown> = sampleBody): Promise<BriefTemplate> {
  const response = await t.post(templatesUrl(member.workspaceId), body, { token: member.token });
  if (response.statusCode !== 201) throw new Error(`create template failed: ${response.body}`);
  return response.json().payload;
}

const templateRows = (workspaceId: string) => t.db.select().from(briefTemplates).where(eq(briefTemplates.workspaceId, workspaceId));

describe('the built-in library (issue #9)', () => {
  it('holds the five templates with fixed ids, 3–7 sections each, every one with guidance', () => {
    expect(builtInTemplates.map((template) => template.name)).toEqual([
      'Meeting brief',
      '1:1 prep',
      'Board prep',
      'Travel brief',
      'Daily brief',
    ]);
    expect(new Set(builtInTemplates.map((template) => template.id)).size).toBe(5);
    for (const template of builtInTemplates) {
      expect(BriefTemplateSchema.parse(template)).toEqual(template);
      expect(template.builtIn).toBe(true);
      expect(template.sections.length).toBeGreaterThanOrEqual(3);
      expect(template.sections.length).toBeLessThanOrEqual(7);
      for (const section of template.sections) expect(section.guidance.length).toBeGreaterThan(30);
    }
    expect(builtInTemplates.find((template) => template.id === boardPrepId)!.sections.map((section) => section.heading)).toEqual([
      'Purpose & decisions needed',
      'Attendees & their positions',
      'Financial snapshot',
      'Key risks',
      'Asks of the board',
      'Pre-reads',
    ]);
  });
});

describe('GET v1/workspaces/{id}/brief-templates', () => {
  it('lists the built-ins first in their order, then the workspace’s own by name, to every member type', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant } = roles;
    await createTemplateAs(assistant, { ...sampleBody, name: 'Zebra review' });
    await createTemplateAs(owner, { ...sampleBody, name: 'Annual planning' });
    await createTemplateAs(stranger, { ...sampleBody, name: 'Somebody else’s' });
    for (const type of workspaceMemberTypes) {
      const response = await t.get(templatesUrl(owner.workspaceId), { token: roles[type].token });
      expect(response.statusCode, type).toBe(200);
      const names = response.json().payload.items.map((template: BriefTemplate) => template.name);
      expect(names.slice(0, 5)).toEqual(builtInTemplates.map((template) => template.name));
      expect(names.slice(5)).toEqual(['Annual planning', 'Zebra review']);
    }
  });

  it('answers 404 for a workspace the caller is not a member of', async () => {
    expect((await t.get(templatesUrl(roles.OWNER.workspaceId), { token: stranger.token })).statusCode).toBe(404);
  });
});

describe('POST v1/workspaces/{id}/brief-templates', () => {
  it('creates a template for an editor, with the creator’s names', async () => {
    const { EXECUTIVEASSISTANT: assistant } = roles;
    const template = await createTemplateAs(assistant);
    expect(template).toMatchObject({
      name: 'Investor update',
      description: 'Quarterly call with investors',
      sections: sampleBody.sections,
      builtIn: false,
      createdBy: { memberId: assistant.memberId, firstName: 'Ivy', lastName: 'Invitee' },
    });
    const read = await t.get(templateUrl(assistant.workspaceId, template.id), { token: roles.GUEST.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().payload).toEqual(template);
  });

  it('refuses a USER and a GUEST with 403, writing nothing', async () => {
    const before = (await templateRows(roles.OWNER.workspaceId)).length;
    for (const member of [roles.USER, roles.GUEST]) {
      const response = await t.post(templatesUrl(member.workspaceId), sampleBody, { token: member.token });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorDisplayMessage).toBe('Only an owner, the executive or an executive assistant can edit briefs.');
    }
    expect(await templateRows(roles.OWNER.workspaceId)).toHaveLength(before);
  });

  it('answers 400 with a message per field, writing nothing', async () => {
    const before = (await templateRows(roles.OWNER.workspaceId)).length;
    const response = await t.post(
      templatesUrl(roles.OWNER.workspaceId),
      { name: '   ', sections: [{ heading: '', guidance: 'x' }] },
      { token: roles.OWNER.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toMatchObject({ name: 'Enter a name.', 'sections.0.heading': 'Enter a heading.' });
    const empty = await t.post(templatesUrl(roles.OWNER.workspaceId), { name: 'No sections', sections: [] }, { token: roles.OWNER.token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorData).toMatchObject({ sections: 'Add at least one section.' });
    expect(await templateRows(roles.OWNER.workspaceId)).toHaveLength(before);
  });
});

describe('built-ins are read-only', () => {
  it('reads a built-in by id', async () => {
    const response = await t.get(templateUrl(roles.USER.workspaceId, boardPrepId), { token: roles.USER.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({ id: boardPrepId, name: 'Board prep', builtIn: true, createdBy: null });
  });

  it('refuses PATCH and DELETE of a built-in with 403 and the duplicate hint', async () => {
    const { OWNER: owner } = roles;
    const changed = await patch(t, templateUrl(owner.workspaceId, boardPrepId), { name: 'Mine now' }, owner.token);
    expect(changed.statusCode).toBe(403);
    expect(changed.json().errorDisplayMessage).toBe('Built-in templates are read-only; duplicate it to change it.');
    const deleted = await del(t, templateUrl(owner.workspaceId, boardPrepId), owner.token);
    expect(deleted.statusCode).toBe(403);
    expect((await t.get(templateUrl(owner.workspaceId, boardPrepId), { token: owner.token })).json().payload.name).toBe('Board prep');
  });

  it('duplicates a built-in into an editable workspace template named "Copy of …"', async () => {
    const { EXECUTIVE: executive } = roles;
    const response = await t.post(`${templateUrl(executive.workspaceId, boardPrepId)}/duplicate`, undefined, { token: executive.token });
    expect(response.statusCode).toBe(201);
    const copy: BriefTemplate = response.json().payload;
    const boardPrep = builtInTemplates.find((template) => template.id === boardPrepId)!;
    expect(copy).toMatchObject({
      name: 'Copy of Board prep',
      description: boardPrep.description,
      sections: boardPrep.sections,
      builtIn: false,
      createdBy: { memberId: executive.memberId },
    });
    expect(copy.id).not.toBe(boardPrepId);
    const renamed = await patch(t, templateUrl(executive.workspaceId, copy.id), { name: 'Our board prep' }, executive.token);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().payload.name).toBe('Our board prep');
  });

  it('cuts the copy’s name to the limit', async () => {
    const long = await createTemplateAs(roles.OWNER, { ...sampleBody, name: 'L'.repeat(TEMPLATE_NAME_MAX) });
    const response = await t.post(`${templateUrl(roles.OWNER.workspaceId, long.id)}/duplicate`, undefined, { token: roles.OWNER.token });
    expect(response.statusCode).toBe(201);
    expect(response.json().payload.name).toBe(`Copy of ${'L'.repeat(TEMPLATE_NAME_MAX - 8)}`);
  });

  it('refuses a USER duplicating with 403', async () => {
    const response = await t.post(`${templateUrl(roles.USER.workspaceId, boardPrepId)}/duplicate`, undefined, { token: roles.USER.token });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH and DELETE of a workspace template', () => {
  it('changes only the fields sent and moves updatedAt', async () => {
    const template = await createTemplateAs(roles.OWNER);
    const response = await patch(
      t,
      templateUrl(roles.OWNER.workspaceId, template.id),
      { sections: [{ heading: 'Only one', guidance: '' }] },
      roles.EXECUTIVEASSISTANT.token,
    );
    expect(response.statusCode).toBe(200);
    const changed: BriefTemplate = response.json().payload;
    expect(changed).toMatchObject({
      name: template.name,
      description: template.description,
      sections: [{ heading: 'Only one', guidance: '' }],
    });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(template.updatedAt));
    expect(changed.createdAt).toBe(template.createdAt);
  });

  it('deletes it; briefs made from it keep its id and nothing else changes', async () => {
    const { OWNER: owner } = roles;
    const template = await createTemplateAs(owner);
    const [brief] = await t.db
      .insert(briefs)
      .values({ workspaceId: owner.workspaceId, title: 'From the template', templateId: template.id, createdByMemberId: owner.memberId })
      .returning();
    const response = await del(t, templateUrl(owner.workspaceId, template.id), roles.EXECUTIVEASSISTANT.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: true });
    expect((await t.get(templateUrl(owner.workspaceId, template.id), { token: owner.token })).statusCode).toBe(404);
    const [after] = await t.db.select().from(briefs).where(eq(briefs.id, brief!.id));
    expect(after).toEqual(brief);
    expect((await del(t, templateUrl(owner.workspaceId, template.id), owner.token)).statusCode).toBe(404);
  });

  it('refuses a USER with 403 and leaves the template as it was', async () => {
    const template = await createTemplateAs(roles.OWNER);
    expect((await patch(t, templateUrl(roles.OWNER.workspaceId, template.id), { name: 'X' }, roles.USER.token)).statusCode).toBe(403);
    expect((await del(t, templateUrl(roles.OWNER.workspaceId, template.id), roles.GUEST.token)).statusCode).toBe(403);
    expect((await t.get(templateUrl(roles.OWNER.workspaceId, template.id), { token: roles.OWNER.token })).json().payload).toEqual(template);
  });
});

describe('tenancy (PRODUCT §6: another workspace’s template is 404)', () => {
  it('answers 404 for every call on another workspace’s template, through the caller’s own workspace', async () => {
    const foreign = await createTemplateAs(stranger);
    const { OWNER: owner } = roles;
    const url = templateUrl(owner.workspaceId, foreign.id);
    expect((await t.get(url, { token: owner.token })).statusCode).toBe(404);
    expect((await patch(t, url, { name: 'Taken' }, owner.token)).statusCode).toBe(404);
    expect((await t.post(`${url}/duplicate`, undefined, { token: owner.token })).statusCode).toBe(404);
    expect((await del(t, url, owner.token)).statusCode).toBe(404);
    const [row] = await t.db.select().from(briefTemplates).where(eq(briefTemplates.id, foreign.id));
    expect(row!.name).toBe(sampleBody.name);
  });

  it('findTemplate (what briefs create from) sees built-ins and the workspace’s own only', async () => {
    const own = await createTemplateAs(roles.OWNER);
    const foreign = await createTemplateAs(stranger);
    expect(await findTemplate(t.db, roles.OWNER.workspaceId, boardPrepId)).toMatchObject({ name: 'Board prep', builtIn: true });
    expect(await findTemplate(t.db, roles.OWNER.workspaceId, own.id)).toEqual(own);
    expect(await findTemplate(t.db, roles.OWNER.workspaceId, foreign.id)).toBeUndefined();
  });
});
