/**
 * Locale-aware ordering of display text (people's names, titles): `Intl.Collator`'s compare,
 * as `localeCompare` orders, so "Émile" sorts with the E's. The collator is built on first use,
 * and building ICU's first collator is slow (18–59 ms at Lighthouse's 4× CPU slowdown, measured
 * in Chromium; issue #13): main.tsx calls {@link warmTextCollator} in an idle moment while the
 * page waits for its data, instead of inside the render that first sorts names.
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
