/** Space between the page's header and the toasts, px. */
const GAP_BELOW_HEADER_PX = 12;

/**
 * Where the toasts start, px from the top of the viewport: below the page's first header (the
 * app bar with any banner above it, or the sign-in pages' logo) as it is on screen now, so a
 * toast never covers the navigation or the logo (issue #8), whatever the width or the header's
 * height; near the top once that header has scrolled away.
 */
export function toastTop(): number {
  if (typeof document === 'undefined') return GAP_BELOW_HEADER_PX;
  const header = document.querySelector('header');
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  return Math.round(bottom) + GAP_BELOW_HEADER_PX;
}
