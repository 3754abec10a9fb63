import { Suspense, type ComponentType } from 'react';
import { lazyWithPreload } from '@/lib/lazy-with-preload';

/**
 * A form field whose code loads when it first renders, not with its page (issue #13: MUI X's
 * pickers were the largest chunk of /tasks and a third of a brief's). Until the code has come,
 * `Placeholder` renders with the same props: disabled fields of the same labels, sizes, values and
 * messages, so nothing moves and nothing can be typed and lost. `preload()` starts the load early,
 * e.g. on the intent to open a form ({@link lazyWithPreload}).
 */
export function lazyField<P extends object>(load: () => Promise<ComponentType<P>>, Placeholder: ComponentType<P>) {
  const Lazy = lazyWithPreload(load);
  const Field = (props: P) => (
    <Suspense fallback={<Placeholder {...props} />}>
      <Lazy {...props} />
    </Suspense>
  );
  return Object.assign(Field, { preload: Lazy.preload });
}
