import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_LIST_LIMIT, DashboardSchema, type Dashboard } from '@tandem/contract';
import { briefs } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { acknowledgeBriefAs, briefOf, createBriefAs, markSectionAs, readyBrief } from '../../test/brief-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;

/** The day under test; in Tokyo (UTC+9) it runs from 2030-03-10T15:00Z to 2030-03-11T15:00Z. */
const TODAY = '2030-03-11';
const ZONE = 'Asia/Tokyo';

async function dashboardOf(member: SignedInMember, query = `today=${TODAY}&timeZone=${encodeURIComponent(ZONE)}`): Promise<Dashboard> {
  const response = await t.get(`/api/v1/workspaces/${member.workspaceId}/dashboard?${query}`, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return DashboardSchema.parse(response.json().payload);
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);

beforeAll(async () => {
  roles = await setUpRoles(t);
  const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive } = roles;
  const meeting = (title: string, meetingAt: string | null) =>
    createBriefAs(t, assistant, { title, ...(meetingAt ? { meetingAt, meetingTimeZone: ZONE } : {}) });
  const ready = async (title: string, meetingAt: string | null) => {
    const brief = await meeting(title, meetingAt);
    return briefOf(await readyBrief(t, assistant, brief.id, 1));
  };
  await meeting('Today late, draft', '2030-03-11T14:59:00Z');
  await ready('Today early, ready', '2030-03-10T15:00:00Z');
  await meeting('Tomorrow in Tokyo', '2030-03-11T15:00:00Z');
  await ready('Ready, no meeting', null);
  await ready('Ready, next week', '2030-03-18T01:00:00Z');
  const acknowledged = await ready('Acknowledged today', '2030-03-11T01:00:00Z');
  briefOf(await acknowledgeBriefAs(t, executive, acknowledged.id, 1));
  const older = await meeting('Needs more, older', null);
  briefOf(await markSectionAs(t, executive, older.id, older.sections[0]!.id, { mark: 'NEED_MORE' }));
  const newer = await meeting('Needs more, newer', null);
  briefOf(await markSectionAs(t, executive, newer.id, newer.sections[0]!.id, { mark: 'NEED_MORE', note: 'Numbers?' }));
});

describe('the briefs of GET v1/workspaces/{id}/dashboard (issue #9)', () => {
  it("lists the executive's briefs for today in their zone, those awaiting acknowledgement, and counts them", async () => {
    const dashboard = await dashboardOf(roles.EXECUTIVE);
    expect(titles(dashboard.briefsForToday)).toEqual(['Today early, ready', 'Acknowledged today', 'Today late, draft']);
    expect(titles(dashboard.awaitingAcknowledgement)).toEqual(['Today early, ready', 'Ready, next week', 'Ready, no meeting']);
    // The executive edits briefs too (PRODUCT §6), so their needs-more list is theirs as well.
    expect(titles(dashboard.needsMore)).toEqual(['Needs more, newer', 'Needs more, older']);
    expect(dashboard.totals).toMatchObject({ briefsForToday: 3, awaitingAcknowledgement: 3, needsMore: 2 });
    expect(dashboard.briefsForToday[0]).toMatchObject({ status: 'READY', meetingTimeZone: ZONE, sectionCount: 1 });
  });

  it('lists what needs more for the assistant, newest mark first, and nothing to acknowledge', async () => {
    const dashboard = await dashboardOf(roles.EXECUTIVEASSISTANT);
    expect(titles(dashboard.needsMore)).toEqual(['Needs more, newer', 'Needs more, older']);
    expect(dashboard.needsMore[0]!.marks).toEqual({ READ: 0, DECIDED: 0, NEED_MORE: 1 });
    expect(dashboard.awaitingAcknowledgement).toEqual([]);
    expect(dashboard.totals).toMatchObject({ briefsForToday: 3, awaitingAcknowledgement: 0, needsMore: 2 });
  });

  it('shows a USER briefs for today only, and a GUEST no DRAFT', async () => {
    const user = await dashboardOf(roles.USER);
    expect(user.totals).toMatchObject({ briefsForToday: 3, awaitingAcknowledgement: 0, needsMore: 0 });
    const guest = await dashboardOf(roles.GUEST);
    expect(titles(guest.briefsForToday)).toEqual(['Today early, ready', 'Acknowledged today']);
    expect(guest.totals).toMatchObject({ briefsForToday: 2, awaitingAcknowledgement: 0, needsMore: 0 });
  });

  it("takes the day in UTC without a zone, and today's date in the zone without a date", async () => {
    const utc = await dashboardOf(roles.EXECUTIVE, `today=${TODAY}`);
    expect(titles(utc.briefsForToday)).toEqual(['Acknowledged today', 'Today late, draft', 'Tomorrow in Tokyo']);
    const zoned = await dashboardOf(roles.EXECUTIVE, `timeZone=${encodeURIComponent(ZONE)}`);
    expect(zoned.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bad = await t.get(`/api/v1/workspaces/${roles.EXECUTIVE.workspaceId}/dashboard?timeZone=Nowhere`, {
      token: roles.EXECUTIVE.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorData).toHaveProperty('timeZone');
  });

  it(`caps each list at ${DASHBOARD_LIST_LIMIT} briefs while its total counts them all`, async () => {
    const owner = await signUpOwner(t);
    const count = DASHBOARD_LIST_LIMIT + 3;
    await t.db.insert(briefs).values(
      Array.from({ length: count }, (_, n) => ({
        workspaceId: owner.workspaceId,
        title: `Brief ${String(n).padStart(2, '0')}`,
        createdByMemberId: owner.memberId,
        meetingAt: new Date(Date.UTC(2030, 2, 11, 0, n)),
        meetingTimeZone: ZONE,
        needMoreCount: 1,
        needMoreAt: new Date(Date.UTC(2030, 2, 1, 0, n)),
      })),
    );
    const dashboard = await dashboardOf(owner);
    expect(titles(dashboard.briefsForToday)).toEqual(
      Array.from({ length: DASHBOARD_LIST_LIMIT }, (_, n) => `Brief ${String(n).padStart(2, '0')}`),
    );
    expect(dashboard.needsMore).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(dashboard.needsMore[0]!.title).toBe(`Brief ${count - 1}`);
    expect(dashboard.totals).toMatchObject({ briefsForToday: count, awaitingAcknowledgement: 0, needsMore: count });
  });
});
