import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { contactQueryOptions } from './get-contact';
import { CONTACT_MUTATION_KEY, contactListsQueryKey, contactsPath } from './get-contacts';

/** Variables of {@link deleteContact}. */
export interface DeleteContactVariables {
  workspaceId: string;
  contactId: string;
}

/**
 * DELETE v1/workspaces/{id}/contacts/{contactId} → nothing (issue #10): the person leaves lists and
 * search; their requests and answers are kept and shown as "former contact". Rejects 404, 403 for a USER.
 */
export async function deleteContact({ workspaceId, contactId }: DeleteContactVariables): Promise<void> {
  await api.delete<unknown>(contactsPath(workspaceId, contactId));
}

/** Mutation hook of {@link deleteContact}: the profile refetches (now former), the lists refresh. */
export function useDeleteContact(options: Omit<UseMutationOptions<void, ApiError, DeleteContactVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: deleteContact,
    onSettled: (_data, _error, { workspaceId, contactId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactListsQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: contactQueryOptions(workspaceId, contactId).queryKey }),
      ]),
  });
}
