import type { Subscription, UpdateSubscriptionBody } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** Variables of {@link updateSubscription}. */
export interface UpdateSubscriptionVariables {
  workspaceId: string;
  body: UpdateSubscriptionBody;
}

/**
 * PATCH v1/workspaces/{id}/subscription {subscriptionType} → the new subscription (PRODUCT §8:
 * without a billing provider an owner changes plan directly). Rejects 402 PLAN_LIMIT when current
 * usage exceeds the new plan, naming the limit; 403 unless OWNER or EXECUTIVE (PRODUCT §6).
 */
export function updateSubscription({ workspaceId, body }: UpdateSubscriptionVariables): Promise<Subscription> {
  return api.patch<Subscription>(`v1/workspaces/${encodeURIComponent(workspaceId)}/subscription`, body);
}

/** Mutation hook of {@link updateSubscription}. */
export function useUpdateSubscription(
  options: Omit<UseMutationOptions<Subscription, ApiError, UpdateSubscriptionVariables>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: updateSubscription });
}
