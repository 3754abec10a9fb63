import type { AnswerValue, PublicAnswersState, QuestionItem } from '@tandem/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { savePublicAnswer } from '../api/save-public-answer';
import { hasAnswer, isSameAnswer, prepareAnswer, TEXT_SAVE_DELAY_MS, TYPED_KINDS } from '../utils/answers';

/** One item's save state as its "Saved" / "Saving…" / error line shows it. */
export type ItemSaveState = { status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string };

/** Options of {@link useAnswerSaver}. */
export interface AnswerSaverOptions {
  shortUrl: string;
  items: readonly QuestionItem[];
  /** The recipient's answers as the server has them (item id → value): where a reload resumes. */
  initialAnswers: Record<string, AnswerValue>;
  /** The server's state after each save (progress, ANSWERED). */
  onState: (state: PublicAnswersState) => void;
  /** A save answered 409: the request was closed meanwhile. */
  onClosed: () => void;
  /** A save answered 410: the link was revoked or expired meanwhile. */
  onInactive: () => void;
}

/** The message of a failed save, for the person answering. */
function describeSaveError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 400) return error.errorData?.value ?? error.errorDisplayMessage ?? 'This answer could not be saved.';
    if (error.status === 409) return 'The request was closed before this answer was saved.';
    if (error.status === 429) return 'Too many attempts in a short time. Wait a minute, then change your answer again.';
    if (error.status === 0) return 'Not saved: you seem to be offline. Change your answer again once you are connected.';
  }
  return 'Not saved. Change your answer again to retry.';
}

/**
 * Saves each answer of /q/{shortUrl} as it is given (issue #10): a choice at once, text after
 * {@link TEXT_SAVE_DELAY_MS} of no typing or when the field loses focus; one PUT per item at a time,
 * the newest value last (a change made while a save is in flight is sent after it). A value that
 * does not fit its kind is refused here with the contract's message, not sent. Returns the values
 * on screen, each item's save state, `change`, `blur` and `flush` (sends whatever waits; resolves
 * true when every item is saved).
 */
export function useAnswerSaver({ shortUrl, items, initialAnswers, onState, onClosed, onInactive }: AnswerSaverOptions) {
  const [values, setValues] = useState<Record<string, AnswerValue | null>>(initialAnswers);
  const [saveStates, setSaveStates] = useState<Record<string, ItemSaveState>>(() =>
    Object.fromEntries(Object.entries(initialAnswers).map(([itemId]) => [itemId, { status: 'saved' } as ItemSaveState])),
  );
  const latest = useRef<Record<string, AnswerValue | null>>({ ...initialAnswers });
  const saved = useRef<Record<string, AnswerValue | null>>({ ...initialAnswers });
  const running = useRef(new Map<string, Promise<boolean>>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const callbacks = useRef({ onState, onClosed, onInactive });
  callbacks.current = { onState, onClosed, onInactive };
  const itemsById = useRef(new Map(items.map((item) => [item.id, item])));

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const setSaveState = (itemId: string, state: ItemSaveState) => setSaveStates((current) => ({ ...current, [itemId]: state }));

  const save = useCallback(
    (itemId: string): Promise<boolean> => {
      const timer = timers.current.get(itemId);
      if (timer) clearTimeout(timer);
      timers.current.delete(itemId);
      const inFlight = running.current.get(itemId);
      // The running loop re-reads the newest value after each save.
      if (inFlight) return inFlight;
      const item = itemsById.current.get(itemId);
      if (!item) return Promise.resolve(true);
      const loop = (async () => {
        for (;;) {
          const prepared = prepareAnswer(item, latest.current[itemId] ?? null);
          if ('error' in prepared) {
            setSaveState(itemId, { status: 'error', message: prepared.error });
            return false;
          }
          if (isSameAnswer(prepared.value, saved.current[itemId] ?? null)) {
            setSaveState(itemId, hasAnswer(prepared.value) ? { status: 'saved' } : { status: 'idle' });
            return true;
          }
          setSaveState(itemId, { status: 'saving' });
          try {
            const state = await savePublicAnswer(shortUrl, itemId, prepared.value);
            saved.current[itemId] = prepared.value;
            callbacks.current.onState(state);
          } catch (error) {
            if (isApiError(error) && error.status === 409) callbacks.current.onClosed();
            if (isApiError(error) && error.status === 410) callbacks.current.onInactive();
            setSaveState(itemId, { status: 'error', message: describeSaveError(error) });
            return false;
          }
        }
      })().finally(() => running.current.delete(itemId));
      running.current.set(itemId, loop);
      return loop;
    },
    [shortUrl],
  );

  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  // No lost typing: leaving the page sends what waits for the typing pause, and the browser asks
  // before closing while an answer is still on its way.
  useEffect(() => {
    const sendWaiting = () => {
      if (document.visibilityState === 'hidden') [...timers.current.keys()].forEach((itemId) => void saveRef.current(itemId));
    };
    const warnWhileSaving = (event: BeforeUnloadEvent) => {
      if (timers.current.size > 0 || running.current.size > 0) event.preventDefault();
    };
    document.addEventListener('visibilitychange', sendWaiting);
    window.addEventListener('beforeunload', warnWhileSaving);
    return () => {
      document.removeEventListener('visibilitychange', sendWaiting);
      window.removeEventListener('beforeunload', warnWhileSaving);
    };
  }, []);

  /** The recipient changed an answer: shown at once, saved at once or after the typing pause. */
  const change = useCallback(
    (itemId: string, value: AnswerValue | null) => {
      latest.current[itemId] = value;
      setValues((current) => ({ ...current, [itemId]: value }));
      const item = itemsById.current.get(itemId);
      if (item && TYPED_KINDS.includes(item.kind)) {
        const timer = timers.current.get(itemId);
        if (timer) clearTimeout(timer);
        setSaveState(itemId, { status: 'saving' });
        timers.current.set(
          itemId,
          setTimeout(() => void save(itemId), TEXT_SAVE_DELAY_MS),
        );
        return;
      }
      void save(itemId);
    },
    [save],
  );

  /** A text field lost focus: what waits for the typing pause is saved now. */
  const blur = useCallback(
    (itemId: string) => {
      if (timers.current.has(itemId)) void save(itemId);
    },
    [save],
  );

  /** Saves every waiting answer and waits for the saves in flight; true when nothing failed. */
  const flush = useCallback(async (): Promise<boolean> => {
    const waiting = [...timers.current.keys()].map((itemId) => save(itemId));
    const results = await Promise.all([...waiting, ...running.current.values()]);
    return results.every(Boolean);
  }, [save]);

  return { values, saveStates, change, blur, flush };
}
