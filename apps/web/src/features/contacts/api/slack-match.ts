import type { ConfirmSlackMatchBody, Contact, SlackUser } from '@tandem/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { contactQueryOptions } from './get-contact';
import { CONTACT_MUTATION_KEY, contactListsQueryKey, contactsPath, contactsQueryKey } from './get-contacts';

// A person's match to a Slack user (issue #12: matched by email, confirmed on their page, changed or removed).

/**
 * GET …/contacts/{contactId}/slack-match → the Slack user with the person's email (users.lookupByEmail),
 * or null when Slack has none. Rejects 409 when Slack is not connected or the person has no email.
 */
export function getSlackMatch(workspaceId: string, contactId: string): Promise<SlackUser | null> {
  return api.get<{ candidate: SlackUser | null }>(`${contactsPath(workspaceId, contactId)}/slack-match`).then((found) => found.candidate);
}

/** Query options of {@link getSlackMatch}: asked for on "Find in Slack", never cached past the page (Slack is the truth). */
export function slackMatchQueryOptions(workspaceId: string, contactId: string) {
  return queryOptions({
    queryKey: [...contactsQueryKey(workspaceId), 'slack-match', contactId],
    queryFn: () => getSlackMatch(workspaceId, contactId),
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getSlackMatch}; `enabled` false until the member asks. */
export function useSlackMatch(workspaceId: string, contactId: string, enabled: boolean) {
  return useQuery({ ...slackMatchQueryOptions(workspaceId, contactId), enabled });
}

/** Variables of the match mutations. */
export interface SlackMatchVariables {
  workspaceId: string;
  contactId: string;
}

/**
 * PUT …/contacts/{contactId}/slack {slackUserId} → the Contact, matched; their time zone is taken
 * from Slack when it was still UTC. Rejects 400 errorData.slackUserId (no such Slack user), 409 when
 * Slack is not connected, 404, 403 for a USER.
 */
export function confirmSlackMatch({ workspaceId, contactId }: SlackMatchVariables, body: ConfirmSlackMatchBody): Promise<Contact> {
  return apiRequest<Contact>(`${contactsPath(workspaceId, contactId)}/slack`, { method: 'PUT', body });
}

/** DELETE …/contacts/{contactId}/slack → the Contact without a match (their time zone is kept). 404, 403 for a USER. */
export function removeSlackMatch({ workspaceId, contactId }: SlackMatchVariables): Promise<Contact> {
  return api.delete<Contact>(`${contactsPath(workspaceId, contactId)}/slack`);
}

/** After a match changed: the profile takes the answer, then reloads; the lists refresh. */
function useMatchMutation<TVariables extends SlackMatchVariables>(run: (variables: TVariables) => Promise<Contact>) {
  const queryClient = useQueryClient();
  return useMutation<Contact, ApiError, TVariables>({
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: run,
    meta: { errorToast: false },
    onSuccess: (contact, { workspaceId }) => {
      const { queryKey } = contactQueryOptions(workspaceId, contact.id);
      queryClient.setQueryData(queryKey, contact);
      void queryClient.invalidateQueries({ queryKey });
    },
    onSettled: (_contact, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: contactListsQueryKey(workspaceId) }),
  });
}

/** Mutation hook of {@link confirmSlackMatch}. */
export function useConfirmSlackMatch() {
  return useMatchMutation((variables: SlackMatchVariables & { body: ConfirmSlackMatchBody }) =>
    confirmSlackMatch(variables, variables.body),
  );
}

/** Mutation hook of {@link removeSlackMatch}. */
export function useRemoveSlackMatch() {
  return useMatchMutation(removeSlackMatch);
}
