import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** What {@link useLeaveGuard} gives its editor. */
export interface LeaveGuard {
  /** The "Leave without saving?" dialog; render it once. */
  dialog: ReactNode;
  /** Lets the next navigation through (call it after a save or discard, before navigating). */
  release: () => void;
}

/**
 * Navigation state for a navigation that makes the edits moot, such as leaving a template just
 * deleted: `navigate(href, { state: editsDiscarded })` passes every leave guard without asking.
 * The editor itself calls its guard's `release()` instead; this is for a navigation started
 * elsewhere on the page, which has no hold of that guard.
 */
export const editsDiscarded = { editsDiscarded: true } as const;

const isEditsDiscarded = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Partial<typeof editsDiscarded>).editsDiscarded === true;

/**
 * Keeps typing from being lost ("no lost typing": the brief template editor, issue #9; the summary
 * editor, issue #11): while `isDirty`, leaving for another page asks first (React Router's
 * blocker) and closing or reloading the tab triggers the browser's own prompt (beforeunload).
 * `subject` names what is edited in the dialog ("summary", "template").
 */
export function useLeaveGuard(isDirty: boolean, subject: string): LeaveGuard {
  const shouldBlock = useRef(isDirty);
  useEffect(() => {
    shouldBlock.current = isDirty;
  }, [isDirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      shouldBlock.current && currentLocation.pathname !== nextLocation.pathname && !isEditsDiscarded(nextLocation.state),
  );

  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);

  const release = useCallback(() => {
    shouldBlock.current = false;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      isDestructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      Your changes to this {subject} are not saved. If you leave now, they are lost.
    </ConfirmDialog>
  );
  return { dialog, release };
}
