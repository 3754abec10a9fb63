import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { QuestionRequestListItem } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatDueDate } from '../utils/request-format';
import { RequestProgressBar, RequestStatusChip } from './request-progress';

/** Props of {@link RequestRows}. */
export interface RequestRowsProps {
  requests: QuestionRequestListItem[];
  /** The list's accessible name. */
  label: string;
  emptyText: string;
}

/**
 * Requests as rows linking to /questions/{id} (hub, list, archive): title, status, due date, the
 * number of questions and a progress bar of answered/total. On phones the bar goes under the title.
 */
export function RequestRows({ requests, label, emptyText }: RequestRowsProps) {
  if (requests.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {requests.map((request) => (
        <Box component="li" key={request.id} sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
          <ButtonBase
            component={RouterLink}
            to={paths.questions.detail.getHref(request.id)}
            sx={{
              width: '100%',
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 200px' },
              gap: { xs: 1, sm: 2 },
              alignItems: 'center',
              textAlign: 'left',
              px: 1,
              py: 1.5,
              borderRadius: 2,
              '&:hover': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {request.title}
                </Typography>
                <RequestStatusChip status={request.status} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {[
                  `${request.itemCount} ${request.itemCount === 1 ? 'question' : 'questions'}`,
                  request.dueDate ? `due ${formatDueDate(request.dueDate)}` : null,
                  request.createdBy ? `by ${request.createdBy.firstName}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            {request.status === 'DRAFT' ? (
              <Typography variant="body2" color="text.secondary">
                Not sent yet
              </Typography>
            ) : (
              <RequestProgressBar progress={request.progress} label={request.title} />
            )}
          </ButtonBase>
        </Box>
      ))}
    </Box>
  );
}
