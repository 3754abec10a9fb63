import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { requestStatusLabels, type RequestStatus } from '@tandem/contract';
import { format, parseISO } from 'date-fns';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import { useContactRequests } from '../api/get-contact-requests';

const statusColors: Record<RequestStatus, 'default' | 'primary' | 'success'> = { DRAFT: 'default', SENT: 'primary', CLOSED: 'success' };

/**
 * The requests sent to (or drafted for) one person (issue #10 "every request and answer"), newest
 * change first: title, status, due date, how many have answered; each opens the request.
 */
export function ContactRequests({ workspaceId, contactId }: { workspaceId: string; contactId: string }) {
  const requests = useContactRequests(workspaceId, contactId);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  if (requests.isPending) {
    return (
      <Box role="status" aria-label="Loading requests">
        <Skeleton variant="rounded" height={56} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  }
  if (requests.isError) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">The requests could not be loaded.</Typography>
        <Button size="small" variant="outlined" onClick={() => void requests.refetch()}>
          Try again
        </Button>
      </Box>
    );
  }
  if (items.length === 0) return <Typography color="text.secondary">No requests yet.</Typography>;
  return (
    <>
      <List aria-label="Requests" disablePadding sx={{ mx: -1 }}>
        {items.map((request) => {
          const details = [
            request.dueDate ? `due ${format(parseISO(request.dueDate), 'MM/dd/yyyy')}` : null,
            request.status === 'DRAFT' ? null : `${request.progress.ANSWERED} of ${request.progress.total} answered`,
            request.sentAt ? `sent ${formatRelativeTime(request.sentAt)}` : `updated ${formatRelativeTime(request.updatedAt)}`,
          ];
          return (
            <ListItem key={request.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.questions.detail.getHref(request.id)}
                sx={{ borderRadius: '12px', px: 1, gap: 1.5 }}
              >
                <ListItemText
                  primary={request.title}
                  secondary={details.filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
                />
                <Chip
                  size="small"
                  label={requestStatusLabels[request.status]}
                  color={statusColors[request.status]}
                  variant="outlined"
                  sx={{ flexShrink: 0 }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {requests.hasNextPage && (
        <Button
          variant="outlined"
          size="small"
          loading={requests.isFetchingNextPage}
          onClick={() => void requests.fetchNextPage()}
          sx={{ mt: 1 }}
        >
          Load more
        </Button>
      )}
    </>
  );
}
