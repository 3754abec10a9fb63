import type { Member } from '@tandem/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Members fetched per page (the API's page maximum, PRODUCT §4). */
const MEMBERS_PAGE_SIZE = 100;

/**
 * GET v1/workspaces/{id}/members → every member, INVITED and ACTIVE (PRODUCT §2), following
 * nextCursor until the last page. Any member may list them (PRODUCT §6).
 */
export async function getMembers(workspaceId: string): Promise<Member[]> {
  const members: Member[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get<{ items: Member[]; nextCursor: string | null }>(`v1/workspaces/${encodeURIComponent(workspaceId)}/members`, {
      query: { limit: MEMBERS_PAGE_SIZE, cursor },
    });
    members.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return members;
}

/** Query options of {@link getMembers}; the key the member mutations invalidate. */
export function membersQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: ['workspaces', workspaceId, 'members'], queryFn: () => getMembers(workspaceId) });
}

/**
 * Query hook of {@link getMembers}; `enabled: false` neither fetches nor subscribes a screen that
 * does not show them yet to their arrival (issue #13: a read view rendered again in one task).
 */
export function useMembers(workspaceId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(workspaceId), enabled, subscribed: enabled });
}

/** Starts loading the members (on the intent to open a screen that lists them); resolves when done. */
export function prefetchMembers(queryClient: QueryClient, workspaceId: string): Promise<void> {
  return queryClient.prefetchQuery(membersQueryOptions(workspaceId));
}
