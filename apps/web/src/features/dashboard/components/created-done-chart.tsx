import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import type { DashboardWeek } from '@tandem/contract';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { formatWeek, summarizeCreatedVsDone } from '../utils/chart-summaries';
import { formatShortDate } from '../utils/dashboard-dates';
import { LazyBarChart } from './lazy-bar-chart';

/** The plot's height and, above it, the legend's row as drawn at the theme's font size (measured), px. */
const PLOT_HEIGHT = 240;
const LEGEND_HEIGHT = 29;

/** Props of {@link CreatedDoneChart}. */
export interface CreatedDoneChartProps {
  weeks: readonly DashboardWeek[];
  /** YYYY-MM-DD; decides whether week labels need a year. */
  today: string;
  /** The accessible name (the section's title). */
  title: string;
}

/**
 * Tasks created vs done per week (PRODUCT §3 "two small charts"): grouped bars, one group per
 * week, oldest first. The drawing is hidden from assistive technology; the figure is named by
 * `title`, described by a one-sentence summary, and carries the numbers as a visually hidden table.
 */
export function CreatedDoneChart({ weeks, today, title }: CreatedDoneChartProps) {
  const theme = useTheme();
  const summaryId = useId();
  const isEmpty = weeks.every((week) => week.created === 0 && week.done === 0);
  const dataset = weeks.map((week) => ({ week: formatShortDate(week.weekStart, today), created: week.created, done: week.done }));
  return (
    <Box component="figure" aria-label={title} aria-describedby={summaryId} sx={{ m: 0 }}>
      <Box id={summaryId} sx={visuallyHidden}>
        {summarizeCreatedVsDone(weeks)}
      </Box>
      <LazyBarChart
        dataset={dataset}
        height={PLOT_HEIGHT}
        placeholderHeight={PLOT_HEIGHT + LEGEND_HEIGHT}
        xAxis={[{ scaleType: 'band', dataKey: 'week', tickLabelStyle: { fontSize: 11 } }]}
        // Counts are whole numbers; with no tasks at all the axis still reads 0…4, not a squashed 0.
        yAxis={[{ tickMinStep: 1, width: 32, min: 0, ...(isEmpty ? { max: 4 } : {}) }]}
        series={[
          { dataKey: 'created', label: 'Created', color: theme.palette.primary.main },
          { dataKey: 'done', label: 'Done', color: theme.palette.success.main },
        ]}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        grid={{ horizontal: true }}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
      />
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Created</th>
            <th scope="col">Done</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatWeek(week.weekStart, today)}</th>
              <td>{week.created}</td>
              <td>{week.done}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
