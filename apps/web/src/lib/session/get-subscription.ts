import type { Subscription } from '@tandem/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET v1/workspaces/{id}/subscription → the workspace's plan, limits and usage (seed §7). */
export function getSubscription(workspaceId: string): Promise<Subscription> {
  return api.get<Subscription>(`v1/workspaces/${encodeURIComponent(workspaceId)}/subscription`);
}

/** Query options of {@link getSubscription} (loaded by the session init, seed §4). */
export function subscriptionQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: ['workspaces', workspaceId, 'subscription'],
    queryFn: () => getSubscription(workspaceId),
    staleTime: 0,
  });
}
