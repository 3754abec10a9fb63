import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { summaryStatusLabels, type SummaryListItem } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { providerLabel } from '@/components/ai/ai-provider-note';
import { paths } from '@/config/paths';
import { describeNewAnswers, describeScope, formatWhen, plural } from '../utils/summary-format';

/**
 * The summaries of /questions/summaries (issue #11) as a list: title (a link to the summary), status
 * chip, scope, the freshness badge, key point count, provider and last change. `emptyText` when none.
 */
export function SummaryRows({ summaries, emptyText }: { summaries: readonly SummaryListItem[]; emptyText: string }) {
  if (summaries.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box component="ul" aria-label="Summaries" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {summaries.map((summary) => (
        <Box
          component="li"
          key={summary.id}
          sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', display: 'grid', gap: 0.5, minWidth: 0 }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to={paths.questions.summaries.detail.getHref(summary.id)}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {summary.title}
            </Link>
            <Chip
              size="small"
              label={summaryStatusLabels[summary.status]}
              color={summary.status === 'PUBLISHED' ? 'success' : 'default'}
              variant="outlined"
            />
            {summary.status === 'PUBLISHED' && !summary.isPublicLinkActive && (
              <Chip size="small" variant="outlined" label="Link no longer active" />
            )}
            {summary.newAnswers > 0 && <Chip size="small" color="warning" label={describeNewAnswers(summary.newAnswers)} />}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {describeScope(summary.scope, summary.requestTitles)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {plural(summary.keyPointCount, 'key point')} · {plural(summary.answersAtGeneration, 'answer')} ·{' '}
            {providerLabel({ kind: summary.provider, model: null })} · Updated {formatWhen(summary.updatedAt)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
