import Box from '@mui/material/Box';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import { lazy, Suspense } from 'react';
import { useInView } from 'react-intersection-observer';

// x-charts is the largest part of the dashboard's code and its first render one of the page's
// longest tasks (bench/README "Pages in Lighthouse"): it loads after the page's first render, and
// only once the chart comes near the viewport.
const BarChart = lazy(async () => ({ default: (await import('@mui/x-charts/BarChart')).BarChart }));

/**
 * How far outside the viewport a chart starts loading: about a phone screen ahead of the scroll,
 * so it is usually drawn by the time it is seen.
 */
const LOAD_AHEAD = '800px 0px';

/**
 * Props of {@link LazyBarChart}: x-charts' own with the height required (px), and the height of
 * the box that holds its place until the code has come (px; the legend adds to `height`).
 */
export type LazyBarChartProps = BarChartProps & { height: number; placeholderHeight?: number };

/**
 * x-charts' `BarChart`, loaded and drawn once it is within {@link LOAD_AHEAD} of the viewport
 * (issue #13: pages that load instantly; on a phone the dashboard's charts are screens below the
 * fold). Until then, and until its code has come, an empty box of `placeholderHeight` (default
 * `height`) holds its place, so nothing below moves when it draws. The charts' meaning is in the
 * figure's summary and table, which do not wait for it. Where the browser has no
 * IntersectionObserver, it draws at once.
 */
export function LazyBarChart({ placeholderHeight, ...props }: LazyBarChartProps) {
  const { ref, inView } = useInView({ triggerOnce: true, rootMargin: LOAD_AHEAD, fallbackInView: true });
  const placeholder = <Box ref={ref} sx={{ height: placeholderHeight ?? props.height }} />;
  if (!inView) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <BarChart {...props} />
    </Suspense>
  );
}
