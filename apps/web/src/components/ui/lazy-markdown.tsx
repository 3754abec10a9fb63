import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown';

const Markdown = lazy(async () => ({ default: (await import('./markdown')).Markdown }));

/**
 * {@link Markdown} loaded on first use, so react-markdown stays out of every bundle that does not
 * show user-written text (the login route above all). Shows two skeleton lines while loading.
 */
export function LazyMarkdown({ children }: MarkdownProps) {
  return (
    <Suspense
      fallback={
        <div aria-busy="true">
          <Skeleton width="90%" />
          <Skeleton width="60%" />
        </div>
      }
    >
      <Markdown>{children}</Markdown>
    </Suspense>
  );
}
