import Box from '@mui/material/Box';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import { lazy, Suspense } from 'react';

// x-charts is the largest part of the dashboard's code and its first render one of the page's
// longest tasks (bench/README "Pages in Lighthouse"): it loads after the page's first render.
const BarChart = lazy(async () => ({ default: (await import('@mui/x-charts/BarChart')).BarChart }));

/**
 * Props of {@link LazyBarChart}: x-charts' own with the height required (px), and the height of
 * the box that holds its place until the code has come (px; the legend adds to `height`).
 */
export type LazyBarChartProps = BarChartProps & { height: number; placeholderHeight?: number };

/**
 * x-charts' `BarChart`, loaded when first drawn (issue #13: pages that load instantly). Until its
 * code has come, an empty box of `placeholderHeight` (default `height`) holds its place, so
 * nothing below moves when it draws. The charts' meaning is in the figure's summary and table,
 * which do not wait for it.
 */
export function LazyBarChart({ placeholderHeight, ...props }: LazyBarChartProps) {
  return (
    <Suspense fallback={<Box sx={{ height: placeholderHeight ?? props.height }} />}>
      <BarChart {...props} />
    </Suspense>
  );
}
