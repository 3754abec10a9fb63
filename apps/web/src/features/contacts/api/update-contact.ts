import type { Contact, UpdateContactBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { contactQueryOptions } from './get-contact';
import { CONTACT_MUTATION_KEY, contactListsQueryKey, contactsPath } from './get-contacts';

/** Variables of {@link updateContact}. */
export interface UpdateContactVariables {
  workspaceId: string;
  contactId: string;
  body: UpdateContactBody;
}

/**
 * PATCH v1/workspaces/{id}/contacts/{contactId} → the contact (any subset of the create body).
 * Rejects 400 with errorData per field, 409 EMAIL_TAKEN (errorData.email), 404, 403 for a USER.
 */
export function updateContact({ workspaceId, contactId, body }: UpdateContactVariables): Promise<Contact> {
  return api.patch<Contact>(contactsPath(workspaceId, contactId), body);
}

/** Mutation hook of {@link updateContact}: the profile's cache takes the answer, the lists refresh. */
export function useUpdateContact(options: Omit<UseMutationOptions<Contact, ApiError, UpdateContactVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: updateContact,
    onSuccess: (contact, variables, onMutateResult, context) => {
      queryClient.setQueryData(contactQueryOptions(variables.workspaceId, contact.id).queryKey, contact);
      return options.onSuccess?.(contact, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: contactListsQueryKey(workspaceId) }),
  });
}
