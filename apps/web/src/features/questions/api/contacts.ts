import type { Contact, ContactPage, CreateContactInput } from '@tandem/contract';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

// The composer's own calls to the contacts API (the people screens are features/contacts).

const contactsPath = (workspaceId: string) => `v1/workspaces/${encodeURIComponent(workspaceId)}/contacts`;

/** GET v1/workspaces/{id}/contacts?q&limit=20 → the first page of matching contacts (name, email, company, tags). */
export function searchContacts(workspaceId: string, q: string): Promise<ContactPage> {
  return api.get<ContactPage>(contactsPath(workspaceId), { query: { q: q.trim() || undefined, limit: 20 } });
}

/** Query hook of {@link searchContacts} for the recipients picker; the last matches stay while the next load. */
export function useContactSearch(workspaceId: string, q: string) {
  return useQuery({
    queryKey: ['workspaces', workspaceId, 'contacts', 'search', q.trim()],
    queryFn: () => searchContacts(workspaceId, q),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** GET v1/workspaces/{id}/contacts/{contactId} for each id (a saved draft names its people by id). */
export function useContactsById(workspaceId: string, contactIds: readonly string[]) {
  return useQueries({
    queries: contactIds.map((contactId) => ({
      queryKey: ['workspaces', workspaceId, 'contacts', 'detail', contactId],
      queryFn: () => api.get<Contact>(`${contactsPath(workspaceId)}/${encodeURIComponent(contactId)}`),
      meta: { errorToast: false },
      staleTime: 60_000,
    })),
  });
}

/**
 * POST v1/workspaces/{id}/contacts {firstName, lastName, email} → the new contact (contract
 * CreateContactBodySchema): the composer's "add a person". 400 with errorData per field, 409 when
 * the email already belongs to a contact.
 */
export function useCreateContact() {
  return useMutation<Contact, ApiError, { workspaceId: string; body: CreateContactInput }>({
    mutationFn: ({ workspaceId, body }) => api.post<Contact>(contactsPath(workspaceId), body),
    meta: { errorToast: false },
  });
}
