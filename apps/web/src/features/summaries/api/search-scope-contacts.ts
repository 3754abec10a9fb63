import type { ContactPage } from '@tandem/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET v1/workspaces/{id}/contacts?q&limit=20 → the first page of people matching `q` (name, email, company). */
export function searchScopeContacts(workspaceId: string, q: string): Promise<ContactPage> {
  return api.get<ContactPage>(`v1/workspaces/${encodeURIComponent(workspaceId)}/contacts`, {
    query: { q: q.trim() || undefined, limit: 20 },
  });
}

/** Query hook of {@link searchScopeContacts} for the step-1 people picker; the last matches stay while the next load. */
export function useScopeContactSearch(workspaceId: string, q: string) {
  return useQuery({
    queryKey: ['workspaces', workspaceId, 'contacts', 'search', q.trim()],
    queryFn: () => searchScopeContacts(workspaceId, q),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
