import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { PageMessage } from './screen-states';

/** What a GUEST sees on a questions screen (PRODUCT §6: guests do not see questions). */
export function NoQuestionsAccess() {
  return (
    <PageMessage
      title="Questions are not shared with guests"
      action={
        <Button component={RouterLink} to={paths.dashboard.home.getHref()} variant="outlined">
          Go to the dashboard
        </Button>
      }
    >
      Ask a workspace owner if you need to see question requests.
    </PageMessage>
  );
}
