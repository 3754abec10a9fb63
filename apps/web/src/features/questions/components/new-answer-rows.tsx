import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { NewAnswer } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { contactName, formatWhen } from '../utils/request-format';
import { RecipientStateChip } from './request-progress';

/**
 * Who answered lately (issue #10 dashboard "New answers"; contract NewAnswerSchema): the person, the
 * request (to it), their state, when, and a "Late" flag.
 */
export function NewAnswerRows({ rows, total, label, emptyText }: { rows: NewAnswer[]; total?: number; label: string; emptyText: string }) {
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  const more = (total ?? rows.length) - rows.length;
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={`${row.recipientId}:${row.answeredAt}`}
            sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Link
                component={RouterLink}
                to={paths.questions.detail.getHref(row.requestId)}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {row.requestTitle}
              </Link>
              <RecipientStateChip state={row.state} />
              {row.late && <Chip size="small" color="warning" variant="outlined" label="Late" />}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {contactName(row.contact)} · {formatWhen(row.answeredAt)}
            </Typography>
          </Box>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          and {more} more
        </Typography>
      )}
    </>
  );
}
