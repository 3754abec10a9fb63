import type { ImportContactsInput, ImportResult } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { CONTACT_MUTATION_KEY, contactListsQueryKey, contactsPath } from './get-contacts';

/** Variables of {@link importContacts}. */
export interface ImportContactsVariables {
  workspaceId: string;
  body: ImportContactsInput;
}

/**
 * POST v1/workspaces/{id}/contacts/import {csv, dryRun, duplicates} → each row's outcome and the
 * counts (contract ImportContactsBodySchema; issue #10). `dryRun` true is the preview and writes
 * nothing. A real import with any bad row → 400 VALIDATION_FAILED, errorData `{ "row N": message }`,
 * nothing written; 400 errorData.csv for an empty or too large file; 403 for a USER.
 */
export function importContacts({ workspaceId, body }: ImportContactsVariables): Promise<ImportResult> {
  return api.post<ImportResult>(`${contactsPath(workspaceId)}/import`, body);
}

/** Mutation hook of {@link importContacts}; a real import refreshes the lists. */
export function useImportContacts(options: Omit<UseMutationOptions<ImportResult, ApiError, ImportContactsVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    ...options,
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: importContacts,
    onSettled: (_data, _error, { workspaceId, body }) =>
      body.dryRun === false ? queryClient.invalidateQueries({ queryKey: contactListsQueryKey(workspaceId) }) : undefined,
  });
}
