import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** What {@link useTemplateLeaveGuard} gives its editor. */
export interface TemplateLeaveGuard {
  /** The "Leave without saving?" dialog; render it once. */
  dialog: ReactNode;
  /** Lets the next navigation through (call it after a save, before navigating to the saved template). */
  release: () => void;
}

/**
 * Keeps typing from being lost (issue #9: "no lost typing"): while the template form has unsaved
 * changes, leaving for another page asks first (React Router's blocker) and closing or reloading
 * the tab triggers the browser's own prompt (beforeunload).
 */
export function useTemplateLeaveGuard(isDirty: boolean): TemplateLeaveGuard {
  const shouldBlock = useRef(isDirty);
  useEffect(() => {
    shouldBlock.current = isDirty;
  }, [isDirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => shouldBlock.current && currentLocation.pathname !== nextLocation.pathname,
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
      Your changes to this template are not saved. If you leave now, they are lost.
    </ConfirmDialog>
  );
  return { dialog, release };
}
