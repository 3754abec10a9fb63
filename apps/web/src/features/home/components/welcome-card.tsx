import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Subscription, SubscriptionType } from '@tandem/contract';

/** Props of {@link WelcomeCard}. */
export interface WelcomeCardProps {
  firstName: string;
  workspaceName: string;
  /** The workspace's plan, when loaded. */
  subscription: Subscription | null;
}

const planLabels: Record<SubscriptionType, string> = { FREE: 'Free plan', PRO: 'Pro plan', ENTERPRISE: 'Enterprise plan' };

const jobs = [
  { icon: AssignmentOutlined, title: 'Briefs', text: 'Prepare the executive for every meeting.' },
  { icon: QuestionAnswerOutlined, title: 'Questions', text: 'Collect what they need to know from people.' },
  { icon: ChecklistOutlined, title: 'Tasks', text: 'Track what is to be done, together.' },
];

/**
 * The signed-in home's welcome card: the page's h1 with the user's first name, the workspace name
 * and plan, and what the workspace is for (PRODUCT §1).
 */
export function WelcomeCard({ firstName, workspaceName, subscription }: WelcomeCardProps) {
  return (
    <Card sx={{ p: { xs: 3, sm: 5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
          {workspaceName}
        </Typography>
        {subscription && <Chip label={planLabels[subscription.subscriptionType]} size="small" variant="outlined" />}
      </Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Welcome, {firstName}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 560 }}>
        This is {workspaceName}: the shared office of an executive and their assistants. Here is what you will be able to do together.
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 4, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {jobs.map(({ icon: Icon, title, text }) => (
          <Box
            component="li"
            key={title}
            sx={{ p: 2.5, borderRadius: '16px', border: '1px solid', borderColor: 'divider', bgcolor: 'background.default' }}
          >
            <Box
              sx={{
                width: 40,
                height: 40,
                borderRadius: '12px',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.light',
                color: 'primary.main',
                mb: 1.5,
              }}
            >
              <Icon fontSize="small" aria-hidden="true" />
            </Box>
            <Typography variant="h2" sx={{ fontSize: '1rem' }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
