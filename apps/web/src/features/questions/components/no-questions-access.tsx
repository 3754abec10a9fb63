import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { PageMessage } from '@/components/ui/screen-states';

/**
 * What a member sees on a questions screen they may not use (PRODUCT §6): a GUEST sees no
 * questions; a USER (`isReader`) reads requests but does not compose them.
 */
export function NoQuestionsAccess({ isReader = false }: { isReader?: boolean }) {
  return (
    <PageMessage
      title={isReader ? 'Only owners, executives and assistants write requests' : 'Questions are not shared with guests'}
      action={
        <Button component={RouterLink} to={paths.dashboard.home.getHref()} variant="outlined">
          Go to the dashboard
        </Button>
      }
    >
      {isReader ? 'You can read every request and its answers.' : 'Ask a workspace owner if you need to see question requests.'}
    </PageMessage>
  );
}
