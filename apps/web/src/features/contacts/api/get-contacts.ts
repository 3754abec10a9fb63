import type { ContactPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** People per page of /questions/people. */
export const CONTACTS_PAGE_SIZE = 50;

/** The list's search and tag filter (issue #10), as kept in the URL ("" = none). */
export interface ContactListParams {
  q: string;
  tag: string;
}

/** The key every contact query of a workspace starts with: invalidate it to refresh lists, profiles and timelines. */
export function contactsQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'contacts'] as const;
}

/** The key every contact list of a workspace starts with (whatever the filters). */
export function contactListsQueryKey(workspaceId: string) {
  return [...contactsQueryKey(workspaceId), 'list'] as const;
}

/** The key of every contact mutation; their variables carry `workspaceId`. */
export const CONTACT_MUTATION_KEY = ['contacts'] as const;

/** `v1/workspaces/{id}/contacts`, or one contact's path below it. */
export function contactsPath(workspaceId: string, contactId?: string): string {
  const base = `v1/workspaces/${encodeURIComponent(workspaceId)}/contacts`;
  return contactId ? `${base}/${encodeURIComponent(contactId)}` : base;
}

/**
 * GET v1/workspaces/{id}/contacts?q&tag&limit&cursor → one page `{ items, nextCursor }` (contract
 * ListContactsQuerySchema; issue #10): people sorted by last name, `q` words of name, email,
 * company and tags as prefixes, `tag` exact; former contacts never listed. Rejects 403 for a GUEST.
 */
export function getContacts(workspaceId: string, params: ContactListParams, cursor?: string): Promise<ContactPage> {
  return api.get<ContactPage>(contactsPath(workspaceId), {
    query: { limit: CONTACTS_PAGE_SIZE, q: params.q || undefined, tag: params.tag || undefined, cursor },
  });
}

/** Infinite-query options of {@link getContacts}: pages follow nextCursor ("Load more"). */
export function contactsQueryOptions(workspaceId: string, params: ContactListParams) {
  return infiniteQueryOptions({
    queryKey: [...contactListsQueryKey(workspaceId), params],
    queryFn: ({ pageParam }) => getContacts(workspaceId, params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getContacts}; the previous search's people stay on screen while the next loads. */
export function useContacts(workspaceId: string, params: ContactListParams) {
  return useInfiniteQuery({ ...contactsQueryOptions(workspaceId, params), placeholderData: (previous) => previous });
}
