import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import type { MarkdownProps } from './markdown';

const Markdown = lazyWithPreload(async () => (await import('./markdown')).Markdown);

/**
 * Starts loading the markdown renderer, once. A screen that shows user-written text calls it while
 * its data loads (one brief, a shared brief), so the text renders as it comes instead of after two
 * skeleton lines that then grow and push every section below down (issue #13: no layout shift when
 * data arrives).
 */
export const preloadMarkdown: () => void = Markdown.preload;

/**
 * {@link Markdown} loaded on first use, so react-markdown stays out of every bundle that does not
 * show user-written text (the login route above all). Shows two skeleton lines while loading,
 * unless {@link preloadMarkdown} got it there first.
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
