import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A `React.lazy` component whose code can be fetched before it first renders ({@link lazyWithPreload}). */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the component's code, once; a failed load is forgotten so the next try fetches again. */
  preload: () => void;
};

/**
 * `React.lazy` with a `preload()`: a dialog or panel kept out of the page's first render (issue
 * #13) starts loading when the person shows the intent to open it (pointer over or focus on its
 * opener, {@link onIntent}, or the step before it), so opening it does not wait for a chunk on a
 * slow network or a busy machine. Preload and render share one load; a failed preload is
 * dropped, so the render fetches again and, if that fails too, shows its error (lib/chunk-reload.ts).
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: () => void loadOnce().catch(() => undefined) });
}

/**
 * Event props that run `preload` on intent: pointer over the element, keyboard focus or the start
 * of a touch (issue #13: code preloaded on hover/intent).
 */
export function onIntent(preload: () => void) {
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}
