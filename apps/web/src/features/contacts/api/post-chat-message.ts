import type { ChatMessage, PostChatMessageBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { CONTACT_MUTATION_KEY, contactsPath } from './get-contacts';
import { contactTimelineQueryKey } from './get-contact-timeline';

/** Variables of {@link postChatMessage}. */
export interface PostChatMessageVariables {
  workspaceId: string;
  contactId: string;
  body: PostChatMessageBody;
}

/**
 * POST v1/workspaces/{id}/contacts/{contactId}/messages {body, requestId?} → 201 the message, which
 * the server mails to the person with their answer link (issue #10 follow-ups). Rejects 400 with
 * errorData.body, 409 CONFLICT when the person has no active answer link (a request must be sent
 * to them first) or is a former contact, 403 for a USER.
 */
export function postChatMessage({ workspaceId, contactId, body }: PostChatMessageVariables): Promise<ChatMessage> {
  return api.post<ChatMessage>(`${contactsPath(workspaceId, contactId)}/messages`, body);
}

/** Mutation hook of {@link postChatMessage}; the timeline refreshes after it. The composer shows errors itself. */
export function usePostChatMessage(options: Omit<UseMutationOptions<ChatMessage, ApiError, PostChatMessageVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    ...options,
    mutationKey: CONTACT_MUTATION_KEY,
    mutationFn: postChatMessage,
    onSettled: (_data, _error, { workspaceId, contactId }) =>
      queryClient.invalidateQueries({ queryKey: contactTimelineQueryKey(workspaceId, contactId) }),
  });
}
