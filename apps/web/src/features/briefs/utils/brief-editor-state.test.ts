import type { Brief } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { makeBrief, makeSection } from '../testing/make-brief';
import { createDraftSection } from './brief-content';
import { briefEditorReducer, describeSaveIndicator, hasUnsavedChanges, initBriefEditor, type BriefEditorState } from './brief-editor-state';
import { sectionConflictId } from './brief-merge';

const brief = makeBrief('b1', { sections: [makeSection('s1', { body: 'One' }), makeSection('s2', { body: 'Two' })] });
const someoneElse = { memberId: 'm2', firstName: 'Jordan', lastName: 'Reyes' };

/** Types `body` into section `index` of the draft. */
const typeInto = (state: BriefEditorState, index: number, body: string) =>
  briefEditorReducer(state, {
    type: 'edit',
    update: (draft) => ({ ...draft, sections: draft.sections.map((section, at) => (at === index ? { ...section, body } : section)) }),
  });

/** The server's answer to a save of the sections as sent: new ids for new sections, version + 1. */
const answerTo = (state: BriefEditorState, patch: Partial<Brief> = {}): Brief => ({
  ...state.base,
  version: state.base.version + 1,
  sections: (state.sending ?? state.draft).sections.map((section, index) =>
    makeSection(section.id ?? `new-${index}`, { heading: section.heading.trim(), body: section.body }),
  ),
  ...patch,
});

const indicator = (state: BriefEditorState, extra: { isOffline?: boolean; failureCount?: number; problem?: string | null } = {}) =>
  describeSaveIndicator({ state, isOffline: false, failureCount: 0, problem: null, ...extra }).label;

describe('the brief editor’s autosave state (issue #9)', () => {
  it('starts saved, turns unsaved on an edit and saved after the save’s answer', () => {
    let state = initBriefEditor(brief);
    expect(indicator(state)).toBe('Saved');
    state = typeInto(state, 0, 'One, edited');
    expect(hasUnsavedChanges(state)).toBe(true);
    expect(indicator(state)).toBe('Saving…');
    state = briefEditorReducer(state, { type: 'saveStarted' });
    state = briefEditorReducer(state, { type: 'saveSucceeded', brief: answerTo(state) });
    expect(hasUnsavedChanges(state)).toBe(false);
    expect(state.base.version).toBe(2);
    expect(indicator(state)).toBe('Saved');
  });

  it('keeps what was typed while a save was in flight, and saves it next', () => {
    let state = typeInto(initBriefEditor(brief), 0, 'First');
    state = briefEditorReducer(state, { type: 'saveStarted' });
    state = typeInto(state, 0, 'First and second');
    state = briefEditorReducer(state, { type: 'saveSucceeded', brief: answerTo(state) });
    expect(state.draft.sections[0]?.body).toBe('First and second');
    expect(state.saved.sections[0]?.body).toBe('First');
    expect(hasUnsavedChanges(state)).toBe(true);
  });

  it('gives a new section the server’s id without touching its newer text', () => {
    let state = briefEditorReducer(initBriefEditor(brief), {
      type: 'edit',
      update: (draft) => ({ ...draft, sections: [...draft.sections, { ...createDraftSection(), heading: 'Risks' }] }),
    });
    const key = state.draft.sections[2]?.key;
    state = briefEditorReducer(state, { type: 'saveStarted' });
    state = typeInto(state, 2, 'Typed meanwhile');
    state = briefEditorReducer(state, { type: 'saveSucceeded', brief: answerTo(state) });
    expect(state.draft.sections[2]).toMatchObject({ key, id: 'new-2', body: 'Typed meanwhile' });
    expect(state.saved.sections[2]).toMatchObject({ key, id: 'new-2', body: '' });
  });

  it('tells offline, retrying and a refusal apart, and keeps the text through all of them', () => {
    let state = briefEditorReducer(typeInto(initBriefEditor(brief), 1, 'Kept'), { type: 'saveStarted' });
    expect(indicator(state, { isOffline: true })).toBe('Offline — changes kept');
    expect(indicator(state, { failureCount: 2 })).toBe('Couldn’t save — retrying');
    state = briefEditorReducer(state, { type: 'saveFailed', status: 400, message: 'A heading can be at most 200 characters.' });
    expect(indicator(state)).toBe('Not saved — A heading can be at most 200 characters.');
    expect(state.draft.sections[1]?.body).toBe('Kept');
    // The next edit clears the refusal, so the draft is sent again.
    expect(typeInto(state, 1, 'Kept!').failure).toBeNull();
  });

  it('takes someone else’s version silently when nothing is unsaved, with a note', () => {
    const state = initBriefEditor(brief);
    const theirs = { ...brief, version: 2, title: 'Renamed', updatedBy: someoneElse };
    const next = briefEditorReducer(state, { type: 'remoteChanged', brief: theirs, myMemberId: 'm1' });
    expect(next.draft.title).toBe('Renamed');
    expect(next.notice).toBe('Updated by Jordan.');
  });

  it('never replaces unsaved edits with someone else’s version', () => {
    const state = typeInto(initBriefEditor(brief), 0, 'Mine');
    const theirs = { ...brief, version: 2, title: 'Renamed', updatedBy: someoneElse };
    expect(briefEditorReducer(state, { type: 'remoteChanged', brief: theirs, myMemberId: 'm1' })).toBe(state);
    const sending = briefEditorReducer(initBriefEditor(brief), { type: 'saveStarted' });
    expect(briefEditorReducer(sending, { type: 'remoteChanged', brief: theirs, myMemberId: 'm1' })).toBe(sending);
  });

  it('merges a 409 without overlap and saves the merge next', () => {
    let state = briefEditorReducer(typeInto(initBriefEditor(brief), 0, 'Mine'), { type: 'saveStarted' });
    const current = {
      ...brief,
      version: 2,
      updatedBy: someoneElse,
      sections: [makeSection('s1', { body: 'One' }), makeSection('s2', { body: 'Theirs' })],
    };
    state = briefEditorReducer(state, { type: 'conflicted', current });
    expect(state.conflict).toBeNull();
    expect(state.base.version).toBe(2);
    expect(state.draft.sections.map((section) => section.body)).toEqual(['Mine', 'Theirs']);
    expect(hasUnsavedChanges(state)).toBe(true);
    expect(state.notice).toBe("Merged with Jordan's changes.");
  });

  it('holds a 409 with overlap for the person’s choice, then builds on the current version', () => {
    let state = briefEditorReducer(typeInto(initBriefEditor(brief), 0, 'Mine'), { type: 'saveStarted' });
    const current = {
      ...brief,
      version: 3,
      updatedBy: someoneElse,
      sections: [makeSection('s1', { body: 'Theirs' }), makeSection('s2', { body: 'Two' })],
    };
    state = briefEditorReducer(state, { type: 'conflicted', current });
    expect(state.conflict?.conflicts.map((conflict) => conflict.id)).toEqual([sectionConflictId('s1')]);
    expect(indicator(state)).toBe('Not saved — changed by someone else');
    // The draft is untouched while the dialog is open.
    expect(state.draft.sections[0]?.body).toBe('Mine');

    const keepMine = briefEditorReducer(state, { type: 'resolved', choices: {} });
    expect(keepMine.base.version).toBe(3);
    expect(keepMine.draft.sections[0]?.body).toBe('Mine');
    expect(hasUnsavedChanges(keepMine)).toBe(true);

    const useTheirs = briefEditorReducer(state, { type: 'resolved', choices: { [sectionConflictId('s1')]: 'theirs' } });
    expect(useTheirs.draft.sections[0]?.body).toBe('Theirs');
    expect(hasUnsavedChanges(useTheirs)).toBe(false);
  });

  it('does not see the server’s trimmed heading as an unsaved change', () => {
    let state = briefEditorReducer(initBriefEditor(brief), {
      type: 'edit',
      update: (draft) => ({
        ...draft,
        sections: draft.sections.map((section, index) => (index === 0 ? { ...section, heading: 'Agenda ' } : section)),
      }),
    });
    state = briefEditorReducer(state, { type: 'saveStarted' });
    state = briefEditorReducer(state, { type: 'saveSucceeded', brief: answerTo(state) });
    expect(hasUnsavedChanges(state)).toBe(false);
    expect(state.draft.sections[0]?.heading).toBe('Agenda ');
  });
});
