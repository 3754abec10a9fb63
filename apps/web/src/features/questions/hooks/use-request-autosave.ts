import { QuestionRequestSchema, type QuestionRequest } from '@tandem/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getApiErrorMessage } from '@/lib/error-message';
import { isApiError } from '@/lib/api-error';
import { isVersionConflict, useCreateQuestionRequest, useUpdateQuestionRequest } from '../api/request-mutations';
import { keepComposerHandoff } from '../utils/composer-handoff';
import { countIncompleteItems, isMeaningful, toSaveBody, type ComposerDraft } from '../utils/composer-draft';

/** Quiet time after the last change before a save goes out (as the briefs editor, issue #9). */
export const REQUEST_AUTOSAVE_DELAY_MS = 800;

/** What has been saved: the request, the version it is at and the body (JSON) that was sent. */
export interface SavedRequest {
  requestId: string;
  version: number;
  savedJson: string;
}

/** The composer's state handed from /questions/new to /questions/{id} after the first save (utils/composer-handoff.ts). */
export interface ComposerHandoff extends SavedRequest {
  draft: ComposerDraft;
}

/** The save indicator's kind (the briefs SaveIndicator's kinds) and words. */
export interface RequestSaveIndicator {
  kind: 'saved' | 'saving' | 'retrying' | 'blocked';
  label: string;
}

export interface RequestAutosave {
  draft: ComposerDraft;
  edit: (update: (draft: ComposerDraft) => ComposerDraft) => void;
  /** Saves what is unsaved now (waiting for a save in flight); resolves the saved request, or null when it failed. */
  saveNow: () => Promise<SavedRequest | null>;
  saved: SavedRequest | null;
  isUnsaved: boolean;
  /** null before anything meaningful was typed (nothing to say yet). */
  indicator: RequestSaveIndicator | null;
}

interface Failure {
  json: string;
  message: string;
}

/**
 * The composer's save-as-you-go (issue #10 "saves as a draft as you go"): the first meaningful change
 * POSTs a draft (then `onCreated`: the route replaces /questions/new with /questions/{id}, and until
 * this composer unmounts every change is handed over through utils/composer-handoff.ts); later
 * changes PATCH with the `version` they build on, {@link REQUEST_AUTOSAVE_DELAY_MS} after the last
 * change, one save at a time. Only complete questions are sent (see toSaveBody). A 409
 * VERSION_CONFLICT (the same draft saved in another tab) takes the server's version and saves this
 * draft over it once — the draft on screen is what the assistant sees. Other failures show
 * "Couldn't save" and wait for the next change (or {@link RequestAutosave.saveNow}).
 */
export function useRequestAutosave(
  workspaceId: string,
  initialDraft: ComposerDraft,
  initialSaved: SavedRequest | null,
  onCreated?: (request: QuestionRequest) => void,
): RequestAutosave {
  const [draft, setDraft] = useState(initialDraft);
  const [saved, setSaved] = useState<SavedRequest | null>(initialSaved);
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const latestDraft = useRef(draft);
  const latestSaved = useRef(saved);
  const inflight = useRef<Promise<SavedRequest | null> | null>(null);
  const onCreatedRef = useRef(onCreated);
  // Set once this composer created the draft: from then on it hands its state over to /questions/{id}.
  const isHandingOver = useRef(false);
  useEffect(() => {
    latestDraft.current = draft;
    onCreatedRef.current = onCreated;
  });
  useEffect(() => {
    if (isHandingOver.current && saved) keepComposerHandoff({ ...saved, draft });
  }, [draft, saved]);
  const { mutateAsync: create } = useCreateQuestionRequest();
  const { mutateAsync: update } = useUpdateQuestionRequest();
  const json = useMemo(() => JSON.stringify(toSaveBody(draft)), [draft]);
  const meaningful = isMeaningful(draft) || saved !== null;
  const isUnsaved = meaningful && json !== saved?.savedJson;

  const saveOnce = useCallback(async (): Promise<SavedRequest | null> => {
    const current = latestDraft.current;
    const body = toSaveBody(current);
    const sentJson = JSON.stringify(body);
    const before = latestSaved.current;
    if (before && before.savedJson === sentJson) return before;
    setSaving(true);
    try {
      let request: QuestionRequest;
      try {
        request = before
          ? await update({ workspaceId, requestId: before.requestId, body: { ...body, version: before.version } as never })
          : await create({ workspaceId, body });
      } catch (error) {
        const conflict = isVersionConflict(error) && before ? QuestionRequestSchema.safeParse(error.current) : null;
        if (!conflict?.success || !before) throw error;
        request = await update({ workspaceId, requestId: before.requestId, body: { ...body, version: conflict.data.version } as never });
      }
      const next = { requestId: request.id, version: request.version, savedJson: sentJson };
      latestSaved.current = next;
      setSaved(next);
      setFailure(null);
      if (!before) {
        isHandingOver.current = true;
        keepComposerHandoff({ ...next, draft: latestDraft.current });
        onCreatedRef.current?.(request);
      }
      return next;
    } catch (error) {
      setFailure({ json: sentJson, message: isApiError(error) ? getApiErrorMessage(error) : 'The request could not be saved.' });
      return null;
    } finally {
      setSaving(false);
    }
  }, [create, update, workspaceId]);

  const saveNow = useCallback(async (): Promise<SavedRequest | null> => {
    while (inflight.current) await inflight.current;
    const run = saveOnce().finally(() => {
      inflight.current = null;
    });
    inflight.current = run;
    return run;
  }, [saveOnce]);

  useEffect(() => {
    if (!isUnsaved || failure?.json === json) return;
    const timer = setTimeout(() => void saveNow(), REQUEST_AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isUnsaved, json, failure, saveNow]);

  const incomplete = countIncompleteItems(draft);
  let indicator: RequestSaveIndicator | null = null;
  if (failure && failure.json === json) indicator = { kind: 'retrying', label: `Couldn't save — ${failure.message}` };
  else if (isSaving || isUnsaved) indicator = { kind: 'saving', label: 'Saving…' };
  else if (saved)
    indicator =
      incomplete > 0
        ? {
            kind: 'saved',
            label: `Saved — ${incomplete === 1 ? 'an unfinished question is' : `${incomplete} unfinished questions are`} kept until complete`,
          }
        : { kind: 'saved', label: 'Saved' };

  return {
    draft,
    edit: useCallback((change) => setDraft((previous) => change(previous)), []),
    saveNow,
    saved,
    isUnsaved,
    indicator,
  };
}
