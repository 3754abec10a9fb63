import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useShareLinkViews } from '../api/get-share-link-views';

/** Props of {@link ShareLinkViews}. */
export interface ShareLinkViewsProps {
  workspaceId: string;
  briefId: string;
  linkId: string;
}

/**
 * A link's access log (issue #9 "each view is logged"; decision 012): when it was opened, from
 * which network (the IP truncated to /24 or /48) and which browser, newest first, "Show more" for
 * older pages.
 */
export function ShareLinkViews({ workspaceId, briefId, linkId }: ShareLinkViewsProps) {
  const views = useShareLinkViews(workspaceId, briefId, linkId);
  if (views.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton width="70%" />
        <Skeleton width="55%" />
      </Box>
    );
  }
  if (views.isError) return <Alert severity="error">We couldn't load who opened this link.</Alert>;
  const items = views.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nobody has opened this link yet.
      </Typography>
    );
  }
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }} aria-label="Views of this link">
        {items.map((view, index) => (
          <Typography key={`${view.at}-${index}`} component="li" variant="body2">
            <time dateTime={view.at} title={formatDateTime(view.at)}>
              {formatRelativeTime(view.at)}
            </time>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {view.ipPrefix}
              {view.userAgentFamily ? ` · ${view.userAgentFamily}` : ''}
            </Box>
          </Typography>
        ))}
      </Box>
      {views.hasNextPage && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => void views.fetchNextPage()} loading={views.isFetchingNextPage}>
          Show more
        </Button>
      )}
    </Box>
  );
}
