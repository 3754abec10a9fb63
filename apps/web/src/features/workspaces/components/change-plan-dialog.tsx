import Check from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { subscriptionTypes, type Subscription, type SubscriptionType } from '@tandem/contract';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { useUpdateSubscription } from '../api/update-subscription';
import { describeLimit, plans } from '../utils/plans';

/** Props of {@link ChangePlanDialog}. */
export interface ChangePlanDialogProps {
  open: boolean;
  workspaceId: string;
  current: SubscriptionType;
  onChanged: (subscription: Subscription) => void;
  onClose: () => void;
}

/**
 * Change plan (PRODUCT §3, §8): the three plans with their limits as a radio group; "Change plan"
 * sends PATCH v1/workspaces/{id}/subscription. A 402 PLAN_LIMIT (usage above the new plan) is
 * shown in the dialog with the server's message naming the limit.
 */
export function ChangePlanDialog({ open, workspaceId, current, onChanged, onClose }: ChangePlanDialogProps) {
  const [chosen, setChosen] = useState<SubscriptionType>(current);
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSubscription({ meta: { errorToast: false } });

  const handleClose = () => {
    setChosen(current);
    setFormError(null);
    onClose();
  };

  const handleSubmit = () => {
    setFormError(null);
    update.mutate(
      { workspaceId, body: { subscriptionType: chosen } },
      {
        onSuccess: (subscription) => {
          onChanged(subscription);
          handleClose();
        },
        onError: (error) => setFormError(isApiError(error) ? getApiErrorMessage(error) : 'An error occurred.'),
      },
    );
  };

  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="md">
      <DialogTitle>Change plan</DialogTitle>
      <DialogContent>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Box
          role="radiogroup"
          aria-label="Plan"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5, pt: 0.5 }}
        >
          {subscriptionTypes.map((type) => {
            const plan = plans[type];
            const isChecked = type === chosen;
            return (
              <ButtonBase
                key={type}
                role="radio"
                aria-checked={isChecked}
                onClick={() => setChosen(type)}
                sx={{
                  // Top-aligned like the cards beside it (ButtonBase centres its content by default).
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'stretch',
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  p: 2,
                  borderRadius: '14px',
                  border: '2px solid',
                  borderColor: isChecked ? 'primary.main' : 'divider',
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <Typography sx={{ fontWeight: 700 }}>{plan.label}</Typography>
                  {isChecked && <Check fontSize="small" color="primary" aria-hidden="true" />}
                </Box>
                {type === current && (
                  <Typography variant="caption" color="primary" sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}>
                    Current plan
                  </Typography>
                )}
                <Box component="ul" sx={{ m: 0, pl: 2.25, color: 'text.secondary', typography: 'body2' }}>
                  <li>{describeLimit(plan.members, 'members')}</li>
                  <li>{describeLimit(plan.aiGenerationsPerMonth, 'AI generations a month')}</li>
                  <li>{describeLimit(plan.activeQuestionRequests, 'active question requests')}</li>
                  <li>{plan.slack}</li>
                </Box>
              </ButtonBase>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={handleClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" loading={update.isPending} disabled={chosen === current} onClick={handleSubmit}>
          Change plan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
