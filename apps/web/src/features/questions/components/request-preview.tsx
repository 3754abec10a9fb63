import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AnswerField } from '@/components/questions/answer-field';
import { previewItems, type ComposerDraft } from '../utils/composer-draft';
import { formatDueDate } from '../utils/request-format';
import { format, isValid } from 'date-fns';

/**
 * What a recipient's page (/q/{shortUrl}) will show (issue #10 "preview of the recipient's page"):
 * the title, the context as plain text, the due date and each question as a read-only AnswerField.
 */
export function RequestPreview({ draft }: { draft: ComposerDraft }) {
  const dueDate = draft.dueDate && isValid(draft.dueDate) ? formatDueDate(format(draft.dueDate, 'yyyy-MM-dd')) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
          {draft.title.trim() || 'Untitled request'}
        </Typography>
        {dueDate && (
          <Typography variant="body2" color="text.secondary">
            Please answer by {dueDate}
          </Typography>
        )}
      </Box>
      {draft.context.trim() && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{draft.context.trim()}</Typography>}
      {previewItems(draft).map((item) => (
        <AnswerField key={item.id} item={item} value={null} onChange={() => undefined} disabled />
      ))}
    </Box>
  );
}
