import { describe, expect, it } from 'vitest';
import type { BriefContent, DraftSection } from './brief-content';
import { mergeBriefContent, sectionConflictId } from './brief-merge';

const section = (id: string, body = '', heading = `H${id}`): DraftSection => ({ key: id, id, heading, body, guidance: '' });
const content = (sections: DraftSection[], patch: Partial<BriefContent> = {}): BriefContent => ({
  title: 'Board prep',
  meetingAt: null,
  meetingTimeZone: null,
  attendeeIds: [],
  confidential: false,
  sections,
  ...patch,
});
const bodies = (merged: BriefContent) => merged.sections.map((item) => `${item.id ?? item.key}:${item.body}`);

describe('mergeBriefContent: three-way merge after a 409 (issue #9: never a lost edit)', () => {
  const base = content([section('a', 'A'), section('b', 'B'), section('c', 'C')]);

  it('keeps both people’s edits when they touched different sections, without a conflict', () => {
    const mine = content([section('a', 'A mine'), section('b', 'B'), section('c', 'C')]);
    const theirs = content([section('a', 'A'), section('b', 'B theirs'), section('c', 'C')], { title: 'Board prep, Q3' });
    const merge = mergeBriefContent(base, mine, theirs);
    expect(merge.conflicts).toEqual([]);
    expect(bodies(merge.content)).toEqual(['a:A mine', 'b:B theirs', 'c:C']);
    expect(merge.content.title).toBe('Board prep, Q3');
  });

  it('reports a section both changed differently with both versions, settled by the choice', () => {
    const mine = content([section('a', 'A mine'), section('b', 'B'), section('c', 'C')]);
    const theirs = content([section('a', 'A theirs'), section('b', 'B'), section('c', 'C')]);
    const merge = mergeBriefContent(base, mine, theirs);
    expect(merge.conflicts).toEqual([{ id: sectionConflictId('a'), kind: 'section', mine: mine.sections[0], theirs: theirs.sections[0] }]);
    expect(bodies(merge.content)[0]).toBe('a:A mine');
    expect(bodies(mergeBriefContent(base, mine, theirs, { [sectionConflictId('a')]: 'theirs' }).content)[0]).toBe('a:A theirs');
  });

  it('treats the same change on both sides as no conflict', () => {
    const both = content([section('a', 'Same'), section('b', 'B'), section('c', 'C')], { title: 'New' });
    const merge = mergeBriefContent(base, both, both);
    expect(merge.conflicts).toEqual([]);
    expect(merge.content.title).toBe('New');
  });

  it('conflicts on the title and on the meeting as parts of their own', () => {
    const mine = content(base.sections, { title: 'Mine', meetingAt: '2026-03-10T09:00:00.000Z', meetingTimeZone: 'UTC' });
    const theirs = content(base.sections, { title: 'Theirs', meetingAt: '2026-03-11T09:00:00.000Z', meetingTimeZone: 'UTC' });
    const merge = mergeBriefContent(base, mine, theirs, { title: 'theirs' });
    expect(merge.conflicts.map((conflict) => conflict.id)).toEqual(['title', 'meeting']);
    expect(merge.content.title).toBe('Theirs');
    expect(merge.content.meetingAt).toBe('2026-03-10T09:00:00.000Z');
  });

  it('keeps new sections of both sides, theirs after their predecessor', () => {
    const added = { ...section('new-key', 'Mine new'), id: null };
    const mine = content([...base.sections, added]);
    const theirs = content([section('a', 'A'), section('x', 'X theirs'), section('b', 'B'), section('c', 'C')]);
    const merge = mergeBriefContent(base, mine, theirs);
    expect(merge.conflicts).toEqual([]);
    expect(bodies(merge.content)).toEqual(['a:A', 'x:X theirs', 'b:B', 'c:C', 'new-key:Mine new']);
  });

  it('drops a section one side removed and the other left alone', () => {
    const mine = content([section('a', 'A'), section('c', 'C')]);
    const theirs = content([section('a', 'A'), section('b', 'B'), section('c', 'C theirs')]);
    const merge = mergeBriefContent(base, mine, theirs);
    expect(merge.conflicts).toEqual([]);
    expect(bodies(merge.content)).toEqual(['a:A', 'c:C theirs']);
  });

  it('asks when one side removed a section the other edited', () => {
    const mine = content([section('a', 'A'), section('b', 'B edited'), section('c', 'C')]);
    const theirs = content([section('a', 'A'), section('c', 'C')]);
    const merge = mergeBriefContent(base, mine, theirs);
    expect(merge.conflicts).toEqual([{ id: sectionConflictId('b'), kind: 'section', mine: mine.sections[1], theirs: null }]);
    expect(bodies(merge.content)).toEqual(['a:A', 'b:B edited', 'c:C']);
    expect(bodies(mergeBriefContent(base, mine, theirs, { [sectionConflictId('b')]: 'theirs' }).content)).toEqual(['a:A', 'c:C']);
  });

  it('follows my order when I reordered, theirs otherwise', () => {
    const mine = content([section('c', 'C'), section('a', 'A'), section('b', 'B')]);
    const theirs = content([section('a', 'A'), section('b', 'B theirs'), section('c', 'C')]);
    expect(bodies(mergeBriefContent(base, mine, theirs).content)).toEqual(['c:C', 'a:A', 'b:B theirs']);
    const theirsMoved = content([section('b', 'B'), section('a', 'A'), section('c', 'C')]);
    const mineEdited = content([section('a', 'A mine'), section('b', 'B'), section('c', 'C')]);
    expect(bodies(mergeBriefContent(base, mineEdited, theirsMoved).content)).toEqual(['b:B', 'a:A mine', 'c:C']);
  });

  it('does not see a heading the server trimmed as someone else’s change', () => {
    const spaced = content([section('a', 'A', 'Agenda '), section('b', 'B'), section('c', 'C')]);
    const trimmed = content([section('a', 'A', 'Agenda'), section('b', 'B'), section('c', 'C')]);
    const mine = content([section('a', 'A mine', 'Agenda '), section('b', 'B'), section('c', 'C')]);
    expect(mergeBriefContent(spaced, mine, trimmed).conflicts).toEqual([]);
  });
});
