import { describe, expect, it } from 'vitest';
import type { StoredBriefSection } from '../../db/schema/index.js';
import { diffSections, diffSnapshots, emptySnapshot, hasChanges, mergeSections, needMoreOf, uniqueAttendees } from './brief-sections.js';
import { toPrefixQuery } from '../../lib/text-search.js';

const ids = ['00000000-0000-7000-8000-00000000000a', '00000000-0000-7000-8000-00000000000b', '00000000-0000-7000-8000-00000000000c'];

function stored(index: number, overrides: Partial<StoredBriefSection> = {}): StoredBriefSection {
  return {
    id: ids[index]!,
    heading: `H${index}`,
    body: `B${index}`,
    guidance: '',
    mark: 'DECIDED',
    markNote: 'ok',
    markedAt: '2030-01-01T10:00:00.000Z',
    markedByMemberId: '00000000-0000-7000-8000-0000000000ee',
    ...overrides,
  };
}

const content = ({ id, heading, body, guidance }: StoredBriefSection) => ({ id, heading, body, guidance });

describe('mergeSections', () => {
  it("keeps a section's mark while its heading and body are unchanged, clears it when either changes", () => {
    const current = [stored(0), stored(1), stored(2)];
    const merged = mergeSections(
      current,
      [
        { id: ids[0], heading: 'H0', body: 'B0' },
        { id: ids[1], heading: 'H1', body: 'changed' },
        { id: ids[2], heading: 'renamed', body: 'B2' },
      ],
      () => 'unused',
    );
    expect(merged.map((section) => section.mark)).toEqual(['DECIDED', null, null]);
    expect(merged[1]).toMatchObject({ markNote: null, markedAt: null, markedByMemberId: null });
  });

  it('follows the order sent, drops sections left out, adds new ones unmarked (given id or a new one), keeps guidance unless sent', () => {
    const current = [stored(0, { guidance: 'hint' }), stored(1)];
    const merged = mergeSections(
      current,
      [
        { heading: 'New', body: '' },
        { id: ids[2], heading: 'Named by the editor', body: 'x' },
        { id: ids[0], heading: 'H0', body: 'B0' },
      ],
      () => 'generated',
    );
    expect(merged.map((section) => section.id)).toEqual(['generated', ids[2], ids[0]]);
    expect(merged[0]).toMatchObject({ mark: null, guidance: '' });
    expect(merged[1]).toMatchObject({ mark: null });
    expect(merged[2]).toMatchObject({ guidance: 'hint', mark: 'DECIDED' });
    expect(mergeSections(current, [{ id: ids[0], heading: 'H0', body: 'B0', guidance: 'new hint' }], () => 'x')[0]!.guidance).toBe(
      'new hint',
    );
  });
});

describe('diffSections', () => {
  const [a, b, c] = [stored(0), stored(1), stored(2)].map(content);

  it('names nothing for the same sections', () => {
    expect(diffSections([a!, b!, c!], [a!, b!, c!])).toEqual([]);
  });

  it('names only the section that moved, not those it passed', () => {
    expect(diffSections([a!, b!, c!], [b!, c!, a!])).toEqual([{ id: a!.id, heading: 'H0', change: 'moved' }]);
    expect(diffSections([a!, b!, c!], [a!, c!, b!])).toHaveLength(1);
  });

  it('names added, edited (heading, body or guidance) and removed sections; edited wins over moved', () => {
    const added = { id: 'new', heading: 'N', body: '', guidance: '' };
    expect(diffSections([a!, b!, c!], [{ ...c!, body: 'x' }, added, { ...a!, guidance: 'g' }])).toEqual([
      { id: c!.id, heading: 'H2', change: 'edited' },
      { id: 'new', heading: 'N', change: 'added' },
      { id: a!.id, heading: 'H0', change: 'edited' },
      { id: b!.id, heading: 'H1', change: 'removed' },
    ]);
  });
});

describe('diffSnapshots and hasChanges', () => {
  const snapshot = { ...emptySnapshot, title: 'T', sections: [content(stored(0))] };

  it('finds no change in the same content', () => {
    expect(hasChanges(diffSnapshots(snapshot, { ...snapshot }))).toBe(false);
  });

  it('counts the meeting time, zone and attendees as the meeting; the title and confidential apart', () => {
    const attendee = { type: 'MEMBER' as const, id: ids[0]! };
    expect(diffSnapshots(snapshot, { ...snapshot, meetingTimeZone: 'UTC' })).toMatchObject({ meeting: true, title: false });
    expect(diffSnapshots(snapshot, { ...snapshot, attendees: [attendee] })).toMatchObject({ meeting: true });
    expect(diffSnapshots(snapshot, { ...snapshot, title: 'U', confidential: true })).toMatchObject({
      title: true,
      confidential: true,
      meeting: false,
    });
    expect(diffSnapshots(emptySnapshot, snapshot).sections).toEqual([{ id: ids[0], heading: 'H0', change: 'added' }]);
  });
});

describe('needMoreOf and uniqueAttendees', () => {
  it('counts NEED_MORE sections and takes the newest such mark', () => {
    const sections = [
      stored(0, { mark: 'NEED_MORE', markedAt: '2030-01-01T10:00:00.000Z' }),
      stored(1, { mark: 'NEED_MORE', markedAt: '2030-01-02T10:00:00.000Z' }),
      stored(2, { mark: 'READ', markedAt: '2030-01-03T10:00:00.000Z' }),
    ];
    expect(needMoreOf(sections)).toEqual({ needMoreCount: 2, needMoreAt: new Date('2030-01-02T10:00:00.000Z') });
    expect(needMoreOf([stored(2)])).toEqual({ needMoreCount: 0, needMoreAt: null });
  });

  it('drops repeated attendees, keeping the first order', () => {
    const [x, y] = [
      { type: 'MEMBER' as const, id: ids[0]! },
      { type: 'MEMBER' as const, id: ids[1]! },
    ];
    expect(uniqueAttendees([x, y, x])).toEqual([x, y]);
  });
});

describe('search words', () => {
  it('turns words into a prefix query, punctuation dropped', () => {
    expect(toPrefixQuery('Board  prep!')).toBe('board:* & prep:*');
    expect(toPrefixQuery(" ' & | ")).toBeNull();
  });
});
