import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BriefSchema, type ActivityItem, type Brief, type BriefVersion, type BriefVersionSummary } from '@tandem/contract';
import { activityItems, briefs, briefTemplates, briefVersions } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { signUpOwner, urls, type SignedInMember } from '../../test/workspace-fixtures.js';
import { builtInTemplates } from './built-in-templates.js';
import {
  acknowledgeBriefAs,
  briefOf,
  briefUrls,
  createBriefAs,
  deleteBriefAs,
  getBriefAs,
  markSectionAs,
  patchBrief,
  postBrief,
  readyBrief,
} from '../../test/brief-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;

beforeAll(async () => {
  roles = await setUpRoles(t);
});

const briefRows = (workspaceId: string) => t.db.select().from(briefs).where(eq(briefs.workspaceId, workspaceId));
const versionRows = (briefId: string) => t.db.select().from(briefVersions).where(eq(briefVersions.briefId, briefId));

/** A brief with two sections, as the assistant writes it. */
async function twoSectionBrief(author: SignedInMember = roles.EXECUTIVEASSISTANT): Promise<Brief> {
  return createBriefAs(t, author, {
    title: 'Board prep',
    sections: [
      { heading: 'Context', body: 'Q3 numbers' },
      { heading: 'Decisions', body: 'Approve budget' },
    ],
  });
}

/** The sections of `brief` as the editor sends them back, with `change` applied to the one at `index`. */
const sectionsWith = (brief: Brief, index: number, change: { heading?: string; body?: string }) =>
  brief.sections.map((section, at) => ({ id: section.id, heading: section.heading, body: section.body, ...(at === index ? change : {}) }));

/** The member's activity feed, newest first. */
async function activityOf(member: SignedInMember): Promise<ActivityItem[]> {
  const response = await t.get(`${urls.activity(member.workspaceId)}?limit=100`, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload.items;
}

/** The top-level fields errorData names ('sections.0.id' → 'sections'). */
const fieldsOf = (errorData: Record<string, string>) => Object.keys(errorData).map((key) => key.split('.')[0]);

const aboutBrief = (items: ActivityItem[], briefId: string) => items.filter((item) => item.subject.briefId === briefId);

describe('POST and GET v1/workspaces/{id}/briefs/{briefId}', () => {
  it('creates a blank brief with one empty "Notes" section, version 1 kept, and reads it back', async () => {
    const { EXECUTIVEASSISTANT: assistant, USER: user } = roles;
    const response = await postBrief(t, assistant, { title: '  Lunch with the mayor  ' });
    expect(response.statusCode, response.body).toBe(201);
    const brief = BriefSchema.parse(response.json().payload);
    expect(brief).toMatchObject({
      title: 'Lunch with the mayor',
      templateId: null,
      meetingAt: null,
      meetingTimeZone: null,
      attendees: [],
      status: 'DRAFT',
      version: 1,
      confidential: false,
      readyAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      createdBy: { memberId: assistant.memberId },
      updatedBy: { memberId: assistant.memberId },
    });
    expect(brief.sections).toEqual([
      { id: expect.any(String), heading: 'Notes', body: '', guidance: '', mark: null, markNote: null, markedAt: null, markedBy: null },
    ]);
    const versions = await versionRows(brief.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, authorMemberId: assistant.memberId, restoredFrom: null });
    expect(versions[0]!.changes).toMatchObject({ title: true, meeting: false, sections: [{ heading: 'Notes', change: 'added' }] });
    // A USER views.
    expect(briefOf(await getBriefAs(t, user, brief.id))).toEqual(brief);
  });

  it('stores the meeting, attendees (named, without repeats) and sections', async () => {
    const { OWNER: owner, EXECUTIVE: executive, USER: user } = roles;
    const brief = await createBriefAs(t, owner, {
      title: 'Supplier call',
      meetingAt: '2030-05-04T09:30:00+02:00',
      meetingTimeZone: 'Europe/Paris',
      attendees: [
        { type: 'MEMBER', id: executive.memberId },
        { type: 'MEMBER', id: user.memberId },
        { type: 'MEMBER', id: executive.memberId },
      ],
      sections: [{ heading: 'Goals', body: '- lower price', guidance: 'What we want' }],
      confidential: true,
    });
    expect(brief).toMatchObject({
      meetingAt: '2030-05-04T07:30:00.000Z',
      meetingTimeZone: 'Europe/Paris',
      confidential: true,
      attendees: [
        { type: 'MEMBER', id: executive.memberId, firstName: 'Ivy', lastName: 'Invitee' },
        { type: 'MEMBER', id: user.memberId },
      ],
      sections: [{ heading: 'Goals', body: '- lower price', guidance: 'What we want', mark: null }],
    });
  });

  it('starts from a workspace template: its sections, empty, guidance as placeholder', async () => {
    const { EXECUTIVEASSISTANT: assistant } = roles;
    const [template] = await t.db
      .insert(briefTemplates)
      .values({
        workspaceId: assistant.workspaceId,
        name: 'Board prep',
        sections: [
          { heading: 'Agenda', guidance: 'The items in order' },
          { heading: 'Asks', guidance: 'What the board wants' },
        ],
      })
      .returning();
    const brief = await createBriefAs(t, assistant, { title: 'Q3 board', templateId: template!.id });
    expect(brief.templateId).toBe(template!.id);
    expect(brief.sections.map(({ heading, body, guidance }) => ({ heading, body, guidance }))).toEqual([
      { heading: 'Agenda', body: '', guidance: 'The items in order' },
      { heading: 'Asks', body: '', guidance: 'What the board wants' },
    ]);
    const withSections = await postBrief(t, assistant, { templateId: template!.id, sections: [{ heading: 'x', body: '' }] });
    expect(withSections.statusCode).toBe(400);
    expect(withSections.json().errorData).toHaveProperty('sections');
  });

  it('starts from a built-in template (the board-prep library entry), the same in every workspace', async () => {
    const { EXECUTIVEASSISTANT: assistant } = roles;
    const boardPrep = builtInTemplates.find((template) => template.name === 'Board prep')!;
    const brief = await createBriefAs(t, assistant, { title: 'Q4 board', templateId: boardPrep.id });
    expect(brief.templateId).toBe(boardPrep.id);
    expect(brief.sections.map(({ heading, body, guidance }) => ({ heading, body, guidance }))).toEqual(
      boardPrep.sections.map(({ heading, guidance }) => ({ heading, body: '', guidance })),
    );
  });

  it('refuses bad input with 400 and errorData, writing nothing', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant } = roles;
    const stranger = await signUpOwner(t);
    const [otherTemplate] = await t.db
      .insert(briefTemplates)
      .values({ workspaceId: stranger.workspaceId, name: 'Theirs', sections: [{ heading: 'A', guidance: '' }] })
      .returning();
    const before = (await briefRows(owner.workspaceId)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ meetingAt: 'tomorrow', meetingTimeZone: 'UTC' }, 'meetingAt'],
      [{ meetingAt: '2030-01-01T10:00:00Z' }, 'meetingTimeZone'],
      [{ meetingTimeZone: 'Europe/Paris' }, 'meetingAt'],
      [{ meetingAt: '2030-01-01T10:00:00Z', meetingTimeZone: 'Mars/Olympus' }, 'meetingTimeZone'],
      [{ attendees: [{ type: 'MEMBER', id: stranger.memberId }] }, 'attendees'],
      [{ attendees: [{ type: 'CONTACT', id: owner.memberId }] }, 'attendees'],
      [{ sections: [{ heading: 'x'.repeat(201), body: '' }] }, 'sections'],
      [{ sections: [{ heading: 'A', body: 'x'.repeat(50_001) }] }, 'sections'],
      [{ sections: Array.from({ length: 51 }, () => ({ heading: 'A', body: '' })) }, 'sections'],
      [{ templateId: otherTemplate!.id }, 'templateId'],
      [{ templateId: '0190f0e0-0000-7000-8000-000000000009' }, 'templateId'],
    ];
    for (const [body, field] of cases) {
      const response = await postBrief(t, assistant, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorCode).toBe('VALIDATION_FAILED');
      expect(fieldsOf(response.json().errorData), JSON.stringify(body)).toContain(field);
    }
    expect(await briefRows(owner.workspaceId)).toHaveLength(before);
  });

  it('lets OWNER, EXECUTIVE and EXECUTIVEASSISTANT create; refuses a USER and a GUEST with 403', async () => {
    for (const type of ['OWNER', 'EXECUTIVE', 'EXECUTIVEASSISTANT'] as const) {
      expect((await postBrief(t, roles[type])).statusCode, type).toBe(201);
    }
    for (const type of ['USER', 'GUEST'] as const) {
      const response = await postBrief(t, roles[type]);
      expect(response.statusCode, type).toBe(403);
      expect(response.json().errorDisplayMessage).toBe('Only an owner, the executive or an executive assistant can edit briefs.');
    }
  });

  it("answers 404 for another workspace's brief, through either workspace id", async () => {
    const brief = await twoSectionBrief();
    const stranger = await signUpOwner(t);
    for (const workspaceId of [stranger.workspaceId, roles.OWNER.workspaceId]) {
      const member = { ...stranger, workspaceId };
      expect((await getBriefAs(t, member, brief.id)).statusCode).toBe(404);
      expect((await patchBrief(t, member, brief.id, { version: 1, title: 'Mine' })).statusCode).toBe(404);
      expect((await deleteBriefAs(t, member, brief.id, 1)).statusCode).toBe(404);
      expect((await readyBrief(t, member, brief.id, 1)).statusCode).toBe(404);
      expect((await t.get(briefUrls.versions(workspaceId, brief.id), { token: stranger.token })).statusCode).toBe(404);
    }
    expect(briefOf(await getBriefAs(t, roles.OWNER, brief.id)).title).toBe('Board prep');
  });
});

describe('PATCH and DELETE v1/workspaces/{id}/briefs/{briefId}', () => {
  it('saves a content change as a new version; a save that changes nothing makes none', async () => {
    const { EXECUTIVEASSISTANT: assistant } = roles;
    const brief = await twoSectionBrief();
    const same = briefOf(
      await patchBrief(t, assistant, brief.id, { version: 1, title: 'Board prep', sections: sectionsWith(brief, 0, {}) }),
    );
    expect(same.version).toBe(1);
    expect(same.updatedAt).toBe(brief.updatedAt);
    const saved = briefOf(
      await patchBrief(t, assistant, brief.id, { version: 1, sections: sectionsWith(brief, 1, { body: 'Approve it' }) }),
    );
    expect(saved.version).toBe(2);
    expect(saved.sections[1]!.body).toBe('Approve it');
    expect(saved.sections.map((section) => section.id)).toEqual(brief.sections.map((section) => section.id));
    const versions = await versionRows(brief.id);
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
    expect(versions.find((row) => row.version === 2)!.changes).toEqual({
      title: false,
      meeting: false,
      confidential: false,
      sections: [{ id: brief.sections[1]!.id, heading: 'Decisions', change: 'edited' }],
    });
  });

  it('answers 409 VERSION_CONFLICT with the current brief for a stale save, and keeps the other edit', async () => {
    const { EXECUTIVEASSISTANT: assistant, OWNER: owner } = roles;
    const brief = await twoSectionBrief();
    briefOf(await patchBrief(t, owner, brief.id, { version: 1, title: 'Board prep (owner)' }));
    const stale = await patchBrief(t, assistant, brief.id, { version: 1, title: 'Board prep (assistant)' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('VERSION_CONFLICT');
    expect(BriefSchema.parse(stale.json().current)).toMatchObject({ title: 'Board prep (owner)', version: 2 });
    expect(briefOf(await getBriefAs(t, assistant, brief.id)).title).toBe('Board prep (owner)');
  });

  it('refuses a USER and a GUEST with 403, and bad input with 400 writing nothing', async () => {
    const { EXECUTIVEASSISTANT: assistant, OWNER: owner, USER: user, GUEST: guest } = roles;
    const brief = await twoSectionBrief();
    briefOf(await readyBrief(t, assistant, brief.id, 1));
    for (const member of [user, guest]) expect((await patchBrief(t, member, brief.id, { version: 1, title: 'x' })).statusCode).toBe(403);
    const stranger = await signUpOwner(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ version: 1, title: '' }, 'title'],
      [{ title: 'No version' }, 'version'],
      [{ version: 1, meetingAt: '2030-01-01T10:00:00Z' }, 'meetingTimeZone'],
      [{ version: 1, attendees: [{ type: 'MEMBER', id: stranger.memberId }] }, 'attendees'],
      [{ version: 1, sections: [{ id: 'nope', heading: 'A', body: '' }] }, 'sections'],
    ];
    for (const [body, field] of cases) {
      const response = await patchBrief(t, owner, brief.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(response.json().errorData)).toContain(field);
    }
    expect(briefOf(await getBriefAs(t, owner, brief.id))).toMatchObject({ version: 1, status: 'READY', title: 'Board prep' });
  });

  it('removes the meeting zone with the meeting time, and names moved, added and removed sections', async () => {
    const { EXECUTIVEASSISTANT: assistant } = roles;
    const brief = await createBriefAs(t, assistant, {
      title: 'Offsite',
      meetingAt: '2030-06-01T08:00:00Z',
      meetingTimeZone: 'America/New_York',
      sections: ['A', 'B', 'C'].map((heading) => ({ heading, body: heading })),
    });
    const [a, b, c] = brief.sections.map(({ id, heading, body }) => ({ id, heading, body }));
    const saved = briefOf(
      await patchBrief(t, assistant, brief.id, { version: 1, meetingAt: null, sections: [b, c, a, { heading: 'D', body: '' }] }),
    );
    expect(saved).toMatchObject({ meetingAt: null, meetingTimeZone: null, version: 2 });
    const history = await t.get(briefUrls.versions(assistant.workspaceId, brief.id), { token: assistant.token });
    const [newest] = history.json().payload.items as BriefVersionSummary[];
    expect(newest!.changes).toMatchObject({
      meeting: true,
      sections: [
        { id: a!.id, change: 'moved' },
        { heading: 'D', change: 'added' },
      ],
    });
    const removed = briefOf(await patchBrief(t, assistant, brief.id, { version: 2, sections: [b, c] }));
    expect(removed.sections.map((section) => section.heading)).toEqual(['B', 'C']);
  });

  it('deletes at the current version only (409 with `current` otherwise); USER and GUEST 403', async () => {
    const { EXECUTIVEASSISTANT: assistant, USER: user } = roles;
    const brief = await twoSectionBrief();
    expect((await deleteBriefAs(t, user, brief.id, 1)).statusCode).toBe(403);
    const stale = await deleteBriefAs(t, assistant, brief.id, 7);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: brief.id, version: 1 });
    expect((await deleteBriefAs(t, assistant, brief.id, 1)).json()).toEqual({ payload: true });
    expect((await getBriefAs(t, assistant, brief.id)).statusCode).toBe(404);
    expect(await versionRows(brief.id)).toHaveLength(0);
  });
});

describe('status flow: DRAFT → READY → ACKNOWLEDGED (issue #9)', () => {
  it('runs for the assistant and the executive, records activity for the other, and a content edit takes it back to DRAFT', async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive, OWNER: owner } = roles;
    const brief = await twoSectionBrief();
    const ready = briefOf(await readyBrief(t, assistant, brief.id, 1));
    expect(ready).toMatchObject({ status: 'READY', version: 1 });
    expect(ready.readyAt).not.toBeNull();
    expect(aboutBrief(await activityOf(executive), brief.id)).toMatchObject([
      { kind: 'BRIEF_READY', actor: { memberId: assistant.memberId }, subject: { briefId: brief.id, title: 'Board prep' } },
    ]);
    expect(aboutBrief(await activityOf(owner), brief.id)).toEqual([]);
    expect(aboutBrief(await activityOf(assistant), brief.id)).toEqual([]);

    const acknowledged = briefOf(await acknowledgeBriefAs(t, executive, brief.id, 1));
    expect(acknowledged).toMatchObject({ status: 'ACKNOWLEDGED', version: 1, acknowledgedBy: { memberId: executive.memberId } });
    expect(aboutBrief(await activityOf(assistant), brief.id)).toMatchObject([
      { kind: 'BRIEF_ACKNOWLEDGED', actor: { memberId: executive.memberId }, subject: { briefId: brief.id } },
    ]);

    const edited = briefOf(await patchBrief(t, assistant, brief.id, { version: 1, title: 'Board prep v2' }));
    expect(edited).toMatchObject({ status: 'DRAFT', version: 2, acknowledgedAt: null, acknowledgedBy: null });
  });

  it('lets only the EXECUTIVE acknowledge (403 for the others), only from READY (409 CONFLICT)', async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive } = roles;
    const brief = await twoSectionBrief();
    const draft = await acknowledgeBriefAs(t, executive, brief.id, 1);
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ errorCode: 'CONFLICT', errorDisplayMessage: expect.stringMatching(/still a draft/) });
    briefOf(await readyBrief(t, assistant, brief.id, 1));
    for (const type of ['OWNER', 'EXECUTIVEASSISTANT', 'USER', 'GUEST'] as const) {
      const response = await acknowledgeBriefAs(t, roles[type], brief.id, 1);
      expect(response.statusCode, type).toBe(403);
      expect(response.json().errorDisplayMessage).toBe('Only the executive can acknowledge briefs.');
    }
    const stale = await acknowledgeBriefAs(t, executive, brief.id, 2);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: 'VERSION_CONFLICT', current: { status: 'READY' } });
    briefOf(await acknowledgeBriefAs(t, executive, brief.id, 1));
    const again = await acknowledgeBriefAs(t, executive, brief.id, 1);
    expect(again.json()).toMatchObject({ errorCode: 'CONFLICT', errorDisplayMessage: 'You have already acknowledged this brief.' });
  });

  it('marks ready only a DRAFT, only for editors; no self-notification for the executive', async () => {
    const { EXECUTIVE: executive, USER: user } = roles;
    const brief = await twoSectionBrief(executive);
    expect((await readyBrief(t, user, brief.id, 1)).statusCode).toBe(403);
    briefOf(await readyBrief(t, executive, brief.id, 1));
    const twice = await readyBrief(t, executive, brief.id, 1);
    expect(twice.json()).toMatchObject({ errorCode: 'CONFLICT', errorDisplayMessage: 'This brief is already ready.' });
    briefOf(await acknowledgeBriefAs(t, executive, brief.id, 1));
    expect(aboutBrief(await activityOf(executive), brief.id)).toEqual([]);
  });
});

describe('per-section marks (issue #9)', () => {
  it('lets the executive mark and clear; NEED_MORE tells the author; marks change neither version nor status', async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive, OWNER: owner } = roles;
    const brief = await twoSectionBrief();
    briefOf(await readyBrief(t, assistant, brief.id, 1));
    const [context, decisions] = brief.sections;
    const read = briefOf(await markSectionAs(t, executive, brief.id, context!.id, { mark: 'READ' }));
    expect(read.sections[0]).toMatchObject({ mark: 'READ', markNote: null, markedBy: { memberId: executive.memberId } });
    expect(read).toMatchObject({ status: 'READY', version: 1 });
    const more = briefOf(await markSectionAs(t, executive, brief.id, decisions!.id, { mark: 'NEED_MORE', note: '  Which budget line?  ' }));
    expect(more.sections[1]).toMatchObject({ mark: 'NEED_MORE', markNote: 'Which budget line?' });
    expect(aboutBrief(await activityOf(assistant), brief.id)).toMatchObject([
      {
        kind: 'BRIEF_NEED_MORE',
        actor: { memberId: executive.memberId },
        subject: { briefId: brief.id, title: 'Board prep', sectionId: decisions!.id, heading: 'Decisions', note: 'Which budget line?' },
      },
    ]);
    expect(aboutBrief(await activityOf(owner), brief.id)).toEqual([]);
    const [row] = await t.db.select().from(briefs).where(eq(briefs.id, brief.id));
    expect(row).toMatchObject({ needMoreCount: 1, version: 1 });
    expect(row!.needMoreAt).not.toBeNull();

    // The same mark again writes nothing (no second notification).
    briefOf(await markSectionAs(t, executive, brief.id, decisions!.id, { mark: 'NEED_MORE', note: 'Which budget line?' }));
    expect(aboutBrief(await activityOf(assistant), brief.id)).toHaveLength(1);

    const cleared = briefOf(await markSectionAs(t, executive, brief.id, decisions!.id, { mark: null, note: 'ignored' }));
    expect(cleared.sections[1]).toMatchObject({ mark: null, markNote: null, markedAt: null, markedBy: null });
    const [after] = await t.db.select().from(briefs).where(eq(briefs.id, brief.id));
    expect(after).toMatchObject({ needMoreCount: 0, needMoreAt: null });
  });

  it('refuses everyone but the executive with 403, an unknown section with 404, a bad mark with 400', async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive } = roles;
    const brief = await twoSectionBrief();
    const sectionId = brief.sections[0]!.id;
    for (const type of ['OWNER', 'EXECUTIVEASSISTANT', 'USER', 'GUEST'] as const) {
      const response = await markSectionAs(t, roles[type], brief.id, sectionId, { mark: 'READ' });
      expect(response.statusCode, type).toBe(403);
    }
    expect((await markSectionAs(t, executive, brief.id, '0190f0e0-0000-7000-8000-000000000009', { mark: 'READ' })).statusCode).toBe(404);
    for (const body of [{ mark: 'LATER' }, { mark: 'READ', note: 'x'.repeat(281) }, { mark: 'READ', note: 'two\nlines' }, {}]) {
      const response = await markSectionAs(t, executive, brief.id, sectionId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(briefOf(await getBriefAs(t, assistant, brief.id)).sections[0]!.mark).toBeNull();
  });

  it("clears a section's mark when its heading or body changes, not when another section changes", async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive } = roles;
    const brief = await twoSectionBrief();
    for (const section of brief.sections) briefOf(await markSectionAs(t, executive, brief.id, section.id, { mark: 'NEED_MORE' }));
    const edited = briefOf(
      await patchBrief(t, assistant, brief.id, { version: 1, sections: sectionsWith(brief, 1, { body: 'Budget: 2M' }) }),
    );
    expect(edited.sections.map((section) => section.mark)).toEqual(['NEED_MORE', null]);
    const renamed = briefOf(
      await patchBrief(t, assistant, brief.id, { version: 2, sections: sectionsWith(edited, 0, { heading: 'Background' }) }),
    );
    expect(renamed.sections.map((section) => section.mark)).toEqual([null, null]);
    const [row] = await t.db.select().from(briefs).where(eq(briefs.id, brief.id));
    expect(row).toMatchObject({ needMoreCount: 0, needMoreAt: null });
    // A title change leaves the marks alone but takes an acknowledged brief back to DRAFT.
    briefOf(await markSectionAs(t, executive, brief.id, brief.sections[0]!.id, { mark: 'DECIDED' }));
    const retitled = briefOf(await patchBrief(t, assistant, brief.id, { version: 3, title: 'Board prep, final' }));
    expect(retitled.sections[0]!.mark).toBe('DECIDED');
  });
});

describe('version history and restore (issue #9)', () => {
  it('lists versions newest first with cursor pages, shows one, and restores it as a new version', async () => {
    const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive, USER: user } = roles;
    const brief = await twoSectionBrief();
    let current = brief;
    for (const body of ['v2', 'v3', 'v4']) {
      current = briefOf(
        await patchBrief(t, assistant, brief.id, { version: current.version, sections: sectionsWith(current, 0, { body }) }),
      );
    }
    // The executive marks the unchanged section: a restore keeps that mark, clears the other's.
    briefOf(await markSectionAs(t, executive, brief.id, brief.sections[1]!.id, { mark: 'READ' }));
    briefOf(await markSectionAs(t, executive, brief.id, brief.sections[0]!.id, { mark: 'READ' }));

    const first = await t.get(`${briefUrls.versions(user.workspaceId, brief.id)}?limit=3`, { token: user.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().payload.items.map((item: BriefVersionSummary) => item.version)).toEqual([4, 3, 2]);
    const second = await t.get(`${briefUrls.versions(user.workspaceId, brief.id)}?limit=3&cursor=${first.json().payload.nextCursor}`, {
      token: user.token,
    });
    expect(second.json().payload).toMatchObject({ items: [{ version: 1, author: { memberId: assistant.memberId } }], nextCursor: null });

    const one = await t.get(briefUrls.version(user.workspaceId, brief.id, 2), { token: user.token });
    const v2: BriefVersion = one.json().payload;
    expect(v2).toMatchObject({ version: 2, title: 'Board prep', sections: [{ body: 'v2' }, { body: 'Approve budget' }] });
    expect((await t.get(briefUrls.version(user.workspaceId, brief.id, 9), { token: user.token })).statusCode).toBe(404);

    expect((await t.post(briefUrls.restore(user.workspaceId, brief.id, 2), { version: 4 }, { token: user.token })).statusCode).toBe(403);
    const stale = await t.post(briefUrls.restore(assistant.workspaceId, brief.id, 2), { version: 3 }, { token: assistant.token });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 4 });
    const restored = briefOf(
      await t.post(briefUrls.restore(assistant.workspaceId, brief.id, 2), { version: 4 }, { token: assistant.token }),
    );
    expect(restored).toMatchObject({ version: 5, status: 'DRAFT' });
    expect(restored.sections.map((section) => [section.id, section.body, section.mark])).toEqual([
      [brief.sections[0]!.id, 'v2', null],
      [brief.sections[1]!.id, 'Approve budget', 'READ'],
    ]);
    const history = await t.get(briefUrls.versions(assistant.workspaceId, brief.id), { token: assistant.token });
    expect(history.json().payload.items[0]).toMatchObject({
      version: 5,
      restoredFrom: 2,
      changes: { sections: [{ id: brief.sections[0]!.id, change: 'edited' }] },
    });
    expect(
      (await t.post(briefUrls.restore(assistant.workspaceId, brief.id, 9), { version: 5 }, { token: assistant.token })).statusCode,
    ).toBe(404);
    const badCursor = await t.get(`${briefUrls.versions(user.workspaceId, brief.id)}?cursor=nope`, { token: user.token });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errorData).toHaveProperty('cursor');
  });
});

describe('what a GUEST sees (PRODUCT §6: READY and ACKNOWLEDGED only)', () => {
  it('answers 404 for a DRAFT (its versions too), the brief once READY, and hides it again when edited back to DRAFT', async () => {
    const { EXECUTIVEASSISTANT: assistant, GUEST: guest } = roles;
    const brief = await twoSectionBrief();
    expect((await getBriefAs(t, guest, brief.id)).statusCode).toBe(404);
    expect((await t.get(briefUrls.versions(guest.workspaceId, brief.id), { token: guest.token })).statusCode).toBe(404);
    briefOf(await readyBrief(t, assistant, brief.id, 1));
    expect(briefOf(await getBriefAs(t, guest, brief.id)).status).toBe('READY');
    briefOf(await patchBrief(t, assistant, brief.id, { version: 1, title: 'Changed' }));
    expect((await getBriefAs(t, guest, brief.id)).statusCode).toBe(404);
  });

  it('sees an item about a brief only while the brief is visible to them; items go with the brief', async () => {
    const { EXECUTIVEASSISTANT: assistant, GUEST: guest } = roles;
    const brief = await twoSectionBrief();
    // An item for everyone about the brief (the rule, not today's producers, is under test).
    await t.db.insert(activityItems).values({
      workspaceId: assistant.workspaceId,
      kind: 'BRIEF_READY',
      actorMemberId: assistant.memberId,
      briefId: brief.id,
      subject: { briefId: brief.id, title: brief.title },
    });
    expect(aboutBrief(await activityOf(guest), brief.id)).toEqual([]);
    expect(aboutBrief(await activityOf(assistant), brief.id)).toHaveLength(1);
    briefOf(await readyBrief(t, assistant, brief.id, 1));
    expect(aboutBrief(await activityOf(guest), brief.id)).toHaveLength(1);
    briefOf(await patchBrief(t, assistant, brief.id, { version: 1, title: 'Changed' }));
    expect(aboutBrief(await activityOf(guest), brief.id)).toEqual([]);
    expect((await deleteBriefAs(t, assistant, brief.id, 2)).statusCode).toBe(200);
    expect(aboutBrief(await activityOf(assistant), brief.id)).toEqual([]);
  });
});
