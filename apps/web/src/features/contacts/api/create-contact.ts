import type { Contact, CreateContactBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { contactQueryOptions } from './get-contact';
import { CONTACT_MUTATION_KEY, contactListsQueryKey, contactsPath } from './get-contacts';

/** Variables of {@link createContact}. */
export interface CreateContactVariables {
  workspaceId: string;
  body: CreateContactBody;
}

/**
 * POST v1/workspaces/{id}/contacts → 201 the contact (contract CreateContactBodySchema; issue #10).
 * Rejects 400 with errorData per field, 409 EMAIL_TAKEN with errorData.email when another person
 * of the workspace has that email, 403 for a USER or GUEST (PRODUCT §6).
 */
export function createContact({ workspaceId, body }: CreateContactVariables): Promise<Contact> {
  return api.post<Contact>(contactsPath(workspaceId), body);
}

/** Mutation hook of {@link createContact}: the person goes into their profile's cache, then the lists refresh. */
export function useCreateContact(options: Omit<UseMutationOptions<Contact, ApiError, CreateContactVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: createContact,
    onSuccess: (contact, variables, onMutateResult, context) => {
      queryClient.setQueryData(contactQueryOptions(variables.workspaceId, contact.id).queryKey, contact);
      return options.onSuccess?.(contact, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: contactListsQueryKey(workspaceId) }),
  });
}
