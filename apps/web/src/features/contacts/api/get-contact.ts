import type { Contact } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsPath, contactsQueryKey } from './get-contacts';

/**
 * GET v1/workspaces/{id}/contacts/{contactId} → the contact, a former one too (`deletedAt` set).
 * Rejects 404 when it is unknown or in another workspace, 403 for a GUEST.
 */
export function getContact(workspaceId: string, contactId: string): Promise<Contact> {
  return api.get<Contact>(contactsPath(workspaceId, contactId));
}

/** Query options of {@link getContact}; the screen shows its own error. */
export function contactQueryOptions(workspaceId: string, contactId: string) {
  return queryOptions({
    queryKey: [...contactsQueryKey(workspaceId), 'detail', contactId],
    queryFn: () => getContact(workspaceId, contactId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getContact}. */
export function useContact(workspaceId: string, contactId: string) {
  return useQuery(contactQueryOptions(workspaceId, contactId));
}
