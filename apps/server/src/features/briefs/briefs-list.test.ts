import { beforeAll, describe, expect, it } from 'vitest';
import type { BriefListItem, BriefStatus } from '@tandem/contract';
import { useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { acknowledgeBriefAs, briefOf, createBriefAs, listBriefsAs, markSectionAs, readyBrief } from '../../test/brief-fixtures.js';
import type { SignedInMember } from '../../test/workspace-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;
/** Every brief of the workspace as the list shows it to the owner, with its status. */
let all: BriefListItem[];

/** A day whose meetings the "for today" tests look for, in New York. */
const DAY = '2030-03-11';

beforeAll(async () => {
  roles = await setUpRoles(t);
  const { EXECUTIVEASSISTANT: assistant, EXECUTIVE: executive } = roles;
  const specs: { title: string; meetingAt?: string; zone?: string; status: BriefStatus }[] = [
    { title: 'Board prep Q3', meetingAt: '2030-03-11T13:00:00Z', zone: 'America/New_York', status: 'READY' },
    { title: 'Budget review', meetingAt: '2030-03-11T03:59:00Z', zone: 'America/New_York', status: 'DRAFT' },
    { title: 'Late dinner with donors', meetingAt: '2030-03-12T03:30:00Z', zone: 'America/New_York', status: 'ACKNOWLEDGED' },
    { title: 'Morning call', meetingAt: '2030-03-12T04:00:00Z', zone: 'America/New_York', status: 'DRAFT' },
    { title: 'Supplier negotiation', meetingAt: '2030-01-05T09:00:00Z', zone: 'Europe/Paris', status: 'READY' },
    { title: 'Travel brief Tokyo', meetingAt: '2031-07-01T01:00:00Z', zone: 'Asia/Tokyo', status: 'DRAFT' },
    { title: 'Daily brief', status: 'DRAFT' },
    { title: 'Board dinner notes', status: 'READY' },
    { title: 'Überblick für Gäste', status: 'ACKNOWLEDGED' },
  ];
  for (const spec of specs) {
    let brief = await createBriefAs(t, assistant, {
      title: spec.title,
      ...(spec.meetingAt ? { meetingAt: spec.meetingAt, meetingTimeZone: spec.zone } : {}),
    });
    if (spec.status !== 'DRAFT') brief = briefOf(await readyBrief(t, assistant, brief.id, brief.version));
    if (spec.status === 'ACKNOWLEDGED') briefOf(await acknowledgeBriefAs(t, executive, brief.id, brief.version));
  }
  const first = await createBriefAs(t, assistant, { title: 'Marked one' });
  briefOf(await markSectionAs(t, executive, first.id, first.sections[0]!.id, { mark: 'NEED_MORE' }));
  all = await listAll(roles.OWNER, {});
});

async function listPage(member: SignedInMember, query: Record<string, string | number | boolean>) {
  const response = await listBriefsAs(t, member, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as { items: BriefListItem[]; nextCursor: string | null };
}

async function listAll(member: SignedInMember, query: Record<string, string | number | boolean>, limit = 100): Promise<BriefListItem[]> {
  const items: BriefListItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await listPage(member, { ...query, limit, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const titles = (items: BriefListItem[]) => items.map((item) => item.title);
const sorted = (values: string[]) => [...values].sort();

describe('GET v1/workspaces/{id}/briefs', () => {
  it('lists newest first with list rows: section count, marks, author, no bodies', async () => {
    expect(all).toHaveLength(10);
    expect(all[0]).toMatchObject({
      title: 'Marked one',
      status: 'DRAFT',
      sectionCount: 1,
      marks: { READ: 0, DECIDED: 0, NEED_MORE: 1 },
      confidential: false,
      version: 1,
      createdBy: { memberId: roles.EXECUTIVEASSISTANT.memberId },
    });
    expect(all[0]).not.toHaveProperty('sections');
    const updated = all.map((item) => item.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
  });

  const cases: [string, Record<string, string | boolean>, (item: BriefListItem) => boolean][] = [
    ['status (one)', { status: 'READY' }, (item) => item.status === 'READY'],
    ['status (comma list)', { status: 'DRAFT,ACKNOWLEDGED' }, (item) => item.status !== 'READY'],
    ['q (word prefix)', { q: 'boa' }, (item) => /\bboa/i.test(item.title)],
    ['q (all words)', { q: 'board din' }, (item) => item.title === 'Board dinner notes'],
    ['q (non-ASCII)', { q: 'gäs' }, (item) => item.title === 'Überblick für Gäste'],
    [
      'meetingFrom (inclusive)',
      { meetingFrom: '2030-03-11T13:00:00Z' },
      (item) => item.meetingAt !== null && item.meetingAt >= '2030-03-11T13:00',
    ],
    [
      'meetingTo (exclusive)',
      { meetingTo: '2030-03-11T13:00:00Z' },
      (item) => item.meetingAt !== null && item.meetingAt < '2030-03-11T13:00',
    ],
    [
      'forToday in New York',
      { forToday: true, today: DAY, timeZone: 'America/New_York' },
      (item) => ['Board prep Q3', 'Late dinner with donors'].includes(item.title),
    ],
    ['forToday in UTC (default zone)', { forToday: true, today: DAY }, (item) => ['Board prep Q3', 'Budget review'].includes(item.title)],
    ['combined', { status: 'READY', q: 'board' }, (item) => item.status === 'READY' && /board/i.test(item.title)],
  ];
  for (const [name, query, predicate] of cases) {
    it(`filters: ${name}`, async () => {
      const expected = all.filter(predicate);
      expect(expected.length).toBeGreaterThan(0);
      expect(sorted(titles(await listAll(roles.OWNER, query)))).toEqual(sorted(titles(expected)));
    });
  }

  it('sorts by meeting, soonest first, briefs without a meeting last, across pages of 2', async () => {
    const withMeeting = all.filter((item) => item.meetingAt !== null).sort((a, b) => a.meetingAt!.localeCompare(b.meetingAt!));
    const pages = await listAll(roles.OWNER, { sort: 'meetingAt' }, 2);
    expect(pages).toHaveLength(all.length);
    expect(titles(pages.slice(0, withMeeting.length))).toEqual(titles(withMeeting));
    expect(pages.slice(withMeeting.length).every((item) => item.meetingAt === null)).toBe(true);
    expect(new Set(pages.map((item) => item.id)).size).toBe(all.length);
  });

  it('pages by updatedAt without repeats or gaps', async () => {
    expect((await listAll(roles.OWNER, {}, 3)).map((item) => item.id)).toEqual(all.map((item) => item.id));
  });

  it('hides DRAFT briefs from a GUEST whatever the status filter says', async () => {
    const visible = all.filter((item) => item.status !== 'DRAFT');
    expect(sorted(titles(await listAll(roles.GUEST, {})))).toEqual(sorted(titles(visible)));
    expect(await listAll(roles.GUEST, { status: 'DRAFT' })).toEqual([]);
    expect(titles(await listAll(roles.USER, {}))).toEqual(titles(all));
  });

  it('refuses a bad status, zone, date or cursor, and a cursor of another list, with 400 and errorData', async () => {
    const first = await listPage(roles.OWNER, { limit: 2 });
    const cases: [Record<string, string | number>, string][] = [
      [{ status: 'LATER' }, 'status'],
      [{ timeZone: 'Mars/Olympus', forToday: 'true' }, 'timeZone'],
      [{ today: '2030-02-30', forToday: 'true' }, 'today'],
      [{ meetingFrom: 'soon' }, 'meetingFrom'],
      [{ sort: 'title' }, 'sort'],
      [{ limit: 101 }, 'limit'],
      [{ cursor: 'nope' }, 'cursor'],
      [{ cursor: first.nextCursor!, status: 'READY' }, 'cursor'],
      [{ cursor: first.nextCursor!, sort: 'meetingAt' }, 'cursor'],
    ];
    for (const [query, field] of cases) {
      const response = await listBriefsAs(t, roles.OWNER, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(response.json().errorData), JSON.stringify(query)).toContain(field);
    }
    // A GUEST cannot continue the owner's list either.
    const theirs = await listBriefsAs(t, { ...roles.GUEST }, { limit: 2, cursor: first.nextCursor! });
    expect(theirs.statusCode).toBe(400);
  });
});
