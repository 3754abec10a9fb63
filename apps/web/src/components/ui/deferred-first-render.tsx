import { useDeferredValue, type ReactNode } from 'react';

/** Props of {@link DeferredFirstRender}. */
export interface DeferredFirstRenderProps {
  /** What shows until the children's first render is done: a skeleton of the same size. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Shows `fallback` when it mounts and renders `children` right after, as a deferred render that
 * React slices into short tasks instead of blocking the page for it (issue #13: a list's first
 * render with MUI was one 120–300 ms task at Lighthouse's 4× slowdown). Later renders are
 * immediate. Keep the hooks that read external stores (queries, the session) above it: a store
 * that changes while a sliced render runs makes React redo that render in one piece, and a
 * component rendered here alone has nothing to check.
 */
export function DeferredFirstRender({ fallback, children }: DeferredFirstRenderProps) {
  const isReady = useDeferredValue(true, false);
  return isReady ? children : fallback;
}
