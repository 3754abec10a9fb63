import type { Brief } from '@tandem/contract';
import { isSameContent, toBriefContent, withSavedIds, type BriefContent } from './brief-content';
import { mergeBriefContent, type BriefConflict, type MergeChoices } from './brief-merge';

/**
 * The brief editor's state (issue #9 autosave). `base` is the server's brief the draft builds on
 * (its `version` goes with the next save); `saved` its content as this editor last sent or loaded
 * it; `draft` what the person sees and types; `sending` the content of the save in flight.
 * Unsaved = draft ≠ saved. Nothing typed is ever replaced by a server answer: a save's answer only
 * gives new sections their ids, and someone else's version is taken only while nothing is unsaved.
 */
export interface BriefEditorState {
  base: Brief;
  saved: BriefContent;
  draft: BriefContent;
  sending: BriefContent | null;
  /** A 409 whose parts both sides changed: the dialog shows them; saving waits for the choice. */
  conflict: { current: Brief; conflicts: BriefConflict[] } | null;
  /** The last refusal of this draft that sending it again would not fix (400, 403, 404); cleared by an edit. */
  failure: { status: number; message: string } | null;
  /** A short note for the person: "Updated by Jordan", "Merged with Jordan's changes". */
  notice: string | null;
}

export type BriefEditorAction =
  | { type: 'edit'; update: (draft: BriefContent) => BriefContent }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded'; brief: Brief }
  | { type: 'saveFailed'; status: number; message: string }
  | { type: 'conflicted'; current: Brief }
  | { type: 'resolved'; choices: MergeChoices }
  | { type: 'remoteChanged'; brief: Brief; myMemberId: string }
  | { type: 'replaced'; brief: Brief; notice?: string }
  | { type: 'noticeDismissed' };

/** The editor's first state, from the brief as loaded. Pure. */
export function initBriefEditor(brief: Brief): BriefEditorState {
  const content = toBriefContent(brief);
  return { base: brief, saved: content, draft: content, sending: null, conflict: null, failure: null, notice: null };
}

/** True when the draft holds changes the server does not have yet. Pure. */
export function hasUnsavedChanges(state: BriefEditorState): boolean {
  return state.sending !== null || !isSameContent(state.draft, state.saved);
}

const firstNameOf = (brief: Brief) => brief.updatedBy?.firstName ?? 'someone';

/** The editor's transitions; see {@link BriefEditorState}. Pure. */
export function briefEditorReducer(state: BriefEditorState, action: BriefEditorAction): BriefEditorState {
  switch (action.type) {
    case 'edit': {
      const draft = action.update(state.draft);
      return draft === state.draft ? state : { ...state, draft, failure: null, notice: null };
    }
    case 'saveStarted':
      return { ...state, sending: state.draft };
    case 'saveSucceeded': {
      const sent = state.sending ?? state.draft;
      return {
        ...state,
        base: action.brief,
        saved: withSavedIds(sent, sent, action.brief),
        draft: withSavedIds(state.draft, sent, action.brief),
        sending: null,
        failure: null,
      };
    }
    case 'saveFailed':
      return { ...state, sending: null, failure: { status: action.status, message: action.message } };
    case 'conflicted': {
      const theirs = toBriefContent(action.current);
      const merge = mergeBriefContent(state.saved, state.draft, theirs);
      if (merge.conflicts.length > 0) return { ...state, sending: null, conflict: { current: action.current, conflicts: merge.conflicts } };
      // Nobody's edit overlaps: both are kept, and the merged content is saved next.
      return {
        ...state,
        base: action.current,
        saved: theirs,
        draft: merge.content,
        sending: null,
        notice: `Merged with ${firstNameOf(action.current)}'s changes.`,
      };
    }
    case 'resolved': {
      if (!state.conflict) return state;
      const theirs = toBriefContent(state.conflict.current);
      const { content } = mergeBriefContent(state.saved, state.draft, theirs, action.choices);
      return { ...state, base: state.conflict.current, saved: theirs, draft: content, conflict: null, notice: null };
    }
    case 'remoteChanged': {
      const { brief } = action;
      if (brief.version <= state.base.version || state.sending || state.conflict || hasUnsavedChanges(state)) return state;
      const content = toBriefContent(brief);
      const isMine = brief.updatedBy?.memberId === action.myMemberId;
      return { ...state, base: brief, saved: content, draft: content, notice: isMine ? state.notice : `Updated by ${firstNameOf(brief)}.` };
    }
    case 'replaced': {
      const content = toBriefContent(action.brief);
      return { ...state, base: action.brief, saved: content, draft: content, failure: null, notice: action.notice ?? null };
    }
    case 'noticeDismissed':
      return { ...state, notice: null };
  }
}

/** What the editor's save indicator says (issue #9: "Saved" / "Saving…" / "Offline — changes kept" / "Couldn't save — retrying"). */
export type SaveIndicator = 'saved' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'blocked';

/** What {@link describeSaveIndicator} reads. */
export interface SaveIndicatorInput {
  state: BriefEditorState;
  /** The browser is offline (TanStack's onlineManager), or the save in flight is paused for it. */
  isOffline: boolean;
  /** How many times the save in flight failed and is being retried. */
  failureCount: number;
  /** Why the draft cannot be saved as it is (brief-content findContentProblem), or null. */
  problem: string | null;
}

/** The indicator's state and its words. Pure. */
export function describeSaveIndicator({ state, isOffline, failureCount, problem }: SaveIndicatorInput): {
  kind: SaveIndicator;
  label: string;
} {
  if (state.conflict) return { kind: 'conflict', label: 'Not saved — changed by someone else' };
  const isUnsaved = hasUnsavedChanges(state);
  if (!isUnsaved) return { kind: 'saved', label: 'Saved' };
  if (isOffline) return { kind: 'offline', label: 'Offline — changes kept' };
  if (state.sending && failureCount > 0) return { kind: 'retrying', label: 'Couldn’t save — retrying' };
  if (state.sending) return { kind: 'saving', label: 'Saving…' };
  if (state.failure) return { kind: 'blocked', label: `Not saved — ${state.failure.message}` };
  if (problem) return { kind: 'blocked', label: `Not saved — ${problem}` };
  return { kind: 'saving', label: 'Saving…' };
}
