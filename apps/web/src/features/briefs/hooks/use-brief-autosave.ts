import type { Brief } from '@tandem/contract';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { briefQueryOptions } from '../api/get-brief';
import { isBriefConflict, useUpdateBrief } from '../api/update-brief';
import { findContentProblem, toUpdateBody, type BriefContent } from '../utils/brief-content';
import {
  briefEditorReducer,
  describeSaveIndicator,
  hasUnsavedChanges,
  initBriefEditor,
  type BriefEditorState,
  type SaveIndicator,
} from '../utils/brief-editor-state';
import type { MergeChoices } from '../utils/brief-merge';

/** Quiet time after the last keystroke before a save goes out (issue #9: debounced autosave). */
export const AUTOSAVE_DELAY_MS = 800;

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnlineNow = () => onlineManager.isOnline();

/** What {@link useBriefAutosave} gives the editor. */
export interface BriefAutosave {
  state: BriefEditorState;
  draft: BriefContent;
  /** Changes the draft; a save follows {@link AUTOSAVE_DELAY_MS} after the last change. */
  edit: (update: (draft: BriefContent) => BriefContent) => void;
  /** Settles the open conflict with the person's choices and saves the result. */
  resolveConflict: (choices: MergeChoices) => void;
  /** Takes a brief the server answered (a restore) as the new draft; only when nothing is unsaved. */
  replace: (brief: Brief, notice?: string) => void;
  dismissNotice: () => void;
  isUnsaved: boolean;
  indicator: { kind: SaveIndicator; label: string };
  /** Why the draft cannot be saved as it is, or null. */
  problem: string | null;
}

/**
 * The brief editor's autosave (issue #9): the draft ({@link briefEditorReducer}) is saved
 * {@link AUTOSAVE_DELAY_MS} after the last change with the `version` it builds on, one save at a
 * time; what is typed meanwhile is saved next. Failures: transient ones are retried by the
 * mutation (update-brief.ts; paused while offline), a 409 is merged (or held for the conflict
 * dialog), any other refusal is shown and waits for the next edit. `live` is the brief as the cache
 * holds it now (live events refetch it): someone else's newer version replaces the draft only when
 * nothing is unsaved.
 */
export function useBriefAutosave(workspaceId: string, initial: Brief, live: Brief, myMemberId: string): BriefAutosave {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(briefEditorReducer, initial, initBriefEditor);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const save = useUpdateBrief();
  const isOnline = useSyncExternalStore(subscribeOnline, isOnlineNow, () => true);
  const problem = useMemo(() => findContentProblem(state.draft), [state.draft]);
  const isUnsaved = hasUnsavedChanges(state);
  const isWaiting = !state.sending && !state.conflict && !state.failure && problem === null && isUnsaved;
  const { mutate } = save;

  const startSave = useCallback(() => {
    const current = latest.current;
    dispatch({ type: 'saveStarted' });
    mutate(
      { workspaceId, briefId: current.base.id, body: toUpdateBody(current.draft, current.base.version) },
      {
        onSuccess: (brief) => dispatch({ type: 'saveSucceeded', brief }),
        onError: async (error) => {
          if (!isBriefConflict(error)) {
            dispatch({ type: 'saveFailed', status: error.status, message: getApiErrorMessage(error) });
            return;
          }
          try {
            // The 409 carries the brief as it is now; its schema loads only here (decision 031).
            const current =
              (await import('../utils/conflict-brief')).parseConflictBrief(error.current) ??
              (await queryClient.fetchQuery({ ...briefQueryOptions(workspaceId, latest.current.base.id), staleTime: 0 }));
            queryClient.setQueryData(briefQueryOptions(workspaceId, current.id).queryKey, current);
            dispatch({ type: 'conflicted', current });
          } catch (reloadError) {
            const message = isApiError(reloadError) ? getApiErrorMessage(reloadError) : 'The brief could not be loaded.';
            dispatch({ type: 'saveFailed', status: 409, message });
          }
        },
      },
    );
  }, [mutate, queryClient, workspaceId]);

  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(startSave, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isWaiting, state.draft, startSave]);

  // Someone else's save (a live event refetched the brief): taken when nothing is unsaved.
  useEffect(() => {
    if (live.version > state.base.version) dispatch({ type: 'remoteChanged', brief: live, myMemberId });
  }, [live, state.base.version, state.sending, isUnsaved, myMemberId]);

  const indicator = describeSaveIndicator({
    state,
    isOffline: !isOnline || (save.isPending && save.isPaused),
    failureCount: save.isPending ? save.failureCount : 0,
    problem,
  });
  return {
    state,
    draft: state.draft,
    edit: useCallback((update) => dispatch({ type: 'edit', update }), []),
    resolveConflict: useCallback((choices) => dispatch({ type: 'resolved', choices }), []),
    replace: useCallback((brief, notice) => dispatch({ type: 'replaced', brief, notice }), []),
    dismissNotice: useCallback(() => dispatch({ type: 'noticeDismissed' }), []),
    isUnsaved,
    indicator,
    problem,
  };
}
