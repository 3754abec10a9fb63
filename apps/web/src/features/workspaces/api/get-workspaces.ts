import type { WorkspaceSummary } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The most workspaces the switcher lists (the API's page maximum, PRODUCT §4). */
const WORKSPACES_LIMIT = 100;

/**
 * GET v1/workspaces?limit → the caller's workspaces with their own type and memberId (PRODUCT §1:
 * an assistant belongs to several and switches between them in the header).
 */
export async function getWorkspaces(): Promise<WorkspaceSummary[]> {
  const page = await api.get<{ items: WorkspaceSummary[]; nextCursor: string | null }>('v1/workspaces', {
    query: { limit: WORKSPACES_LIMIT },
  });
  return page.items;
}

/** Query options of {@link getWorkspaces}. */
export function workspacesQueryOptions() {
  return queryOptions({ queryKey: ['workspaces', 'mine'], queryFn: getWorkspaces });
}

/** Query hook of {@link getWorkspaces}; `enabled` false until the switcher opens. */
export function useWorkspaces(enabled = true) {
  return useQuery({ ...workspacesQueryOptions(), enabled });
}
