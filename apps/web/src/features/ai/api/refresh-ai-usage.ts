import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { subscriptionQueryOptions } from '@/lib/session/get-subscription';
import { aiQueryKey } from './ai-paths';

/**
 * After a generation that answered (it counts against the plan, PRODUCT §8): refetches the AI
 * status and the subscription, so the usage meters show the new count.
 */
export function useRefreshAiUsage(workspaceId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: aiQueryKey(workspaceId) });
    void queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions(workspaceId).queryKey });
  }, [queryClient, workspaceId]);
}
