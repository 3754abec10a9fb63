import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { PublicSummary } from '@tandem/contract';
import type { ReactNode } from 'react';
import { SpreadBars } from '@/features/summaries';
import { formatDateTime } from '@/lib/relative-time';

/**
 * A published summary as /s/{id} shows it (issue #11): title, workspace and date, key points with
 * "— Name, Name", each question's spread (counts, average), synthesis and differing answers with
 * their author, quotes with attribution, and action items. Every text is plain (React escapes it;
 * no markdown, no HTML). One readable column at any width; theme colours only.
 */
export function PublicSummaryView({ summary }: { summary: PublicSummary }) {
  return (
    <Box component="article" sx={{ maxWidth: '44rem', mx: 'auto', '& p, & li': { lineHeight: 1.65 }, overflowWrap: 'anywhere' }}>
      <title>{`${summary.title} · Tandem`}</title>
      <Box component="header" sx={{ mb: { xs: 3, sm: 4 } }}>
        <Typography variant="overline" color="text.secondary" component="p">
          Summary · {summary.workspaceName}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, lineHeight: 1.2, mt: 0.5 }}>
          {summary.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Published {formatDateTime(summary.publishedAt)} · from {summary.answerCount} {summary.answerCount === 1 ? 'answer' : 'answers'}
        </Typography>
      </Box>
      <PublicSection title="Key points">
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {summary.keyPoints.map((point, index) => (
            <li key={index}>
              <Typography component="p">
                {point.text}
                {point.citedBy.length > 0 && (
                  <Typography component="span" color="text.secondary">{` — ${point.citedBy.join(', ')}`}</Typography>
                )}
              </Typography>
            </li>
          ))}
        </Box>
      </PublicSection>
      {summary.perQuestion.length > 0 && (
        <PublicSection title="Question by question">
          {summary.perQuestion.map((spread, index) => (
            <Box key={index} sx={{ display: 'grid', gap: 1, mb: 3 }}>
              <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600 }}>
                {spread.prompt}
              </Typography>
              <SpreadBars {...spread} />
              {spread.synthesis && (
                <Typography component="p" sx={{ whiteSpace: 'pre-wrap' }}>
                  {spread.synthesis}
                </Typography>
              )}
              {spread.dissent.length > 0 && (
                <Box>
                  <Typography variant="subtitle2" component="p">
                    Differing answers
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {spread.dissent.map((entry, dissentIndex) => (
                      <li key={dissentIndex}>
                        <Typography component="p" variant="body2">
                          “{entry.text}” — {entry.by}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
            </Box>
          ))}
        </PublicSection>
      )}
      {summary.quotes.length > 0 && (
        <PublicSection title="In their words">
          {summary.quotes.map((quote, index) => (
            <Box key={index} component="figure" sx={{ m: 0, mb: 2, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
              <Typography component="blockquote" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                “{quote.text}”
              </Typography>
              <Typography component="figcaption" variant="body2" color="text.secondary">
                — {quote.by}
              </Typography>
            </Box>
          ))}
        </PublicSection>
      )}
      {summary.actionItems.length > 0 && (
        <PublicSection title="Next steps">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {summary.actionItems.map((item, index) => (
              <li key={index}>
                <Typography component="p">{item.text}</Typography>
              </li>
            ))}
          </Box>
        </PublicSection>
      )}
    </Box>
  );
}

function PublicSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: { xs: 3, sm: 4 } }}>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
      <Divider sx={{ mt: 3 }} />
    </Box>
  );
}
