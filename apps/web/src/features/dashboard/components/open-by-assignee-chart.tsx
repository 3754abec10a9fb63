import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import type { DashboardAssigneeLoad } from '@tandem/contract';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { formatAssignee, summarizeOpenByAssignee } from '../utils/chart-summaries';
import { LazyBarChart } from './lazy-bar-chart';

/** Props of {@link OpenByAssigneeChart}. */
export interface OpenByAssigneeChartProps {
  rows: readonly DashboardAssigneeLoad[];
  /** The accessible name (the section's title). */
  title: string;
}

/** Height of one assignee's bar row, px. */
const ROW_HEIGHT = 36;

/**
 * Open tasks per assignee as horizontal bars, most first (PRODUCT §3 "two small charts"). Like
 * {@link CreatedDoneChart}: a named figure with a summary and a visually hidden table; the drawing
 * is decorative. With no open tasks it says so instead of drawing an empty chart.
 */
export function OpenByAssigneeChart({ rows, title }: OpenByAssigneeChartProps) {
  const theme = useTheme();
  const summaryId = useId();
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        No open tasks.
      </Typography>
    );
  }
  const dataset = rows.map((row) => ({ name: formatAssignee(row), open: row.open }));
  return (
    <Box component="figure" aria-label={title} aria-describedby={summaryId} sx={{ m: 0 }}>
      <Box id={summaryId} sx={visuallyHidden}>
        {summarizeOpenByAssignee(rows)}
      </Box>
      <LazyBarChart
        layout="horizontal"
        dataset={dataset}
        height={Math.max(120, rows.length * ROW_HEIGHT + 40)}
        yAxis={[{ scaleType: 'band', dataKey: 'name', width: 110, tickLabelStyle: { fontSize: 12 } }]}
        xAxis={[{ tickMinStep: 1, min: 0 }]}
        series={[{ dataKey: 'open', label: 'Open tasks', color: theme.palette.info.main }]}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        grid={{ vertical: true }}
        hideLegend
      />
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Assignee</th>
            <th scope="col">Open tasks</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.memberId ?? 'unassigned'}>
              <th scope="row">{formatAssignee(row)}</th>
              <td>{row.open}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
