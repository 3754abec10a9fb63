import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeRefusal, type Subscription } from '@tandem/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '@/lib/toast-store';
import { subscriptionQueryOptions } from '@/lib/session/get-subscription';
import { setSessionSubscription } from '@/lib/session/session-store';
import { AiStatusLine } from '@/features/ai';
import { plans } from '../utils/plans';
import { ChangePlanDialog } from './change-plan-dialog';
import { SettingsSection } from './settings-section';
import { UsageMeter } from './usage-meter';

/** Props of {@link SubscriptionSettings}. */
export interface SubscriptionSettingsProps {
  workspaceId: string;
  /** OWNER or EXECUTIVE (PRODUCT §6). */
  canChangePlan: boolean;
}

const statusLabels: Record<Subscription['status'], string> = {
  TRIALING: 'Trial',
  ACTIVE: 'Active',
  PAST_DUE: 'Payment due',
  CANCELED: 'Canceled',
};

/**
 * The Subscription tab (PRODUCT §3, §8): the plan card (plan, status, period end), the limits with
 * usage meters ("Unlimited" for null) and the change-plan dialog. After a change the session's
 * subscription is replaced, so the rest of the app sees the new plan at once.
 */
export function SubscriptionSettings({ workspaceId, canChangePlan }: SubscriptionSettingsProps) {
  const queryClient = useQueryClient();
  const subscription = useQuery(subscriptionQueryOptions(workspaceId));
  const [isChanging, setIsChanging] = useState(false);

  const handleChanged = (next: Subscription) => {
    queryClient.setQueryData(subscriptionQueryOptions(workspaceId).queryKey, next);
    setSessionSubscription(next);
    showToast(`The workspace is now on the ${plans[next.subscriptionType].label} plan.`, 'success');
  };

  if (subscription.isPending) {
    return (
      <SettingsSection title="Subscription">
        <Box role="status" aria-label="Loading subscription">
          <Skeleton variant="rounded" height={96} sx={{ mb: 3 }} />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={36} sx={{ mb: 2 }} />
          ))}
        </Box>
      </SettingsSection>
    );
  }
  if (subscription.isError) {
    return (
      <SettingsSection title="Subscription">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The subscription could not be loaded.
        </Typography>
        <Button variant="outlined" onClick={() => void subscription.refetch()}>
          Try again
        </Button>
      </SettingsSection>
    );
  }

  const { subscriptionType, status, currentPeriodEnd, limits, usage } = subscription.data;
  const plan = plans[subscriptionType];
  return (
    <SettingsSection
      title="Subscription"
      description="Your plan decides how many people, AI drafts and open question requests the workspace may have."
    >
      {!canChangePlan && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {describeRefusal('changePlan')}
        </Alert>
      )}
      <Box
        sx={{
          p: { xs: 2, sm: 3 },
          mb: 4,
          borderRadius: '16px',
          border: '1px solid',
          borderColor: 'divider',
          bgcolor: 'background.default',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Typography variant="body2" color="text.secondary">
            Current plan
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography component="p" variant="h3" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
              {plan.label}
            </Typography>
            <Chip
              label={statusLabels[status]}
              size="small"
              color={status === 'ACTIVE' || status === 'TRIALING' ? 'success' : 'warning'}
              variant="outlined"
            />
          </Box>
          {currentPeriodEnd && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Current period ends {new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(currentPeriodEnd))}
            </Typography>
          )}
        </Box>
        {canChangePlan && (
          <Button variant="contained" onClick={() => setIsChanging(true)}>
            Change plan
          </Button>
        )}
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 2 }}>
        Limits and usage
      </Typography>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <UsageMeter label="Members" used={usage.members} limit={limits.members} />
        <UsageMeter label="AI generations this month" used={usage.aiGenerationsThisMonth} limit={limits.aiGenerationsPerMonth} />
        <AiStatusLine workspaceId={workspaceId} />
        <UsageMeter label="Active question requests" used={usage.activeQuestionRequests} limit={limits.activeQuestionRequests} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Slack
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {limits.slack ? 'Included' : 'Not included'}
          </Typography>
        </Box>
      </Stack>
      {canChangePlan && (
        <ChangePlanDialog
          key={subscriptionType}
          open={isChanging}
          workspaceId={workspaceId}
          current={subscriptionType}
          onChanged={handleChanged}
          onClose={() => setIsChanging(false)}
        />
      )}
    </SettingsSection>
  );
}
