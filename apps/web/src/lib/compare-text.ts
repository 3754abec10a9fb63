import { useEffect } from 'react';
import { whenIdle } from './when-idle';

/**
 * Locale-aware ordering of display text (people's names, titles): `Intl.Collator`'s compare,
 * as `localeCompare` orders, so "Émile" sorts with the E's. The collator is built on first use,
 * and building ICU's first collator is slow (49–125 ms at Lighthouse's 4× CPU slowdown, measured
 * in Chromium; bench/README, issue #13): a component that will sort names calls
 * {@link usePrewarmedTextCollator}, which builds it in an idle moment while the page waits for its
 * data instead of inside the render that first sorts. Pages that sort nothing never build it.
 */
let collator: Intl.Collator | undefined;

/** Negative, 0 or positive as `a` sorts before, with or after `b` in the browser's locale. */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator();
  return collator.compare(a, b);
}

/** Builds the collator now, if not built yet (run it when the main thread is idle). */
export function warmTextCollator(): void {
  compareText('', '');
}

/** Builds the collator in the next idle moment after the calling component mounts ({@link whenIdle}). */
export function usePrewarmedTextCollator(): void {
  useEffect(() => whenIdle(warmTextCollator), []);
}
