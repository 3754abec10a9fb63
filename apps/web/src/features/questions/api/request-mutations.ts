import type {
  CreateQuestionRequestInput,
  QuestionRequest,
  QuestionRequestDetail,
  Recipient,
  RecordAnswersBody,
  RemindResult,
  UpdateQuestionRequestBody,
} from '@tandem/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { isApiError, type ApiError } from '@/lib/api-error';
import { questionsQueryKey, requestListsQueryKey, requestQueryKey, requestsPath, waitingOnQueryKey } from './question-keys';

/** The key of every question mutation. */
export const QUESTION_MUTATION_KEY = ['questions'] as const;

interface RequestRef {
  workspaceId: string;
  requestId: string;
}

/** After a change to one request: its detail, the lists and "Waiting on" refresh. */
function refreshRequest(queryClient: QueryClient, { workspaceId, requestId }: RequestRef) {
  void queryClient.invalidateQueries({ queryKey: requestQueryKey(workspaceId, requestId) });
  void queryClient.invalidateQueries({ queryKey: requestListsQueryKey(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: waitingOnQueryKey(workspaceId) });
}

/** True for the 409 of a stale version (contract errors.ts VERSION_CONFLICT). */
export function isVersionConflict(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409 && error.errorCode === 'VERSION_CONFLICT';
}

/** True for the 402 of the plan's active-request limit (PRODUCT §8). */
export function isPlanLimit(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 402;
}

/**
 * POST v1/workspaces/{id}/question-requests → a new DRAFT (contract CreateQuestionRequestBodySchema;
 * only `title` is required). 400 with errorData per field.
 */
export function createQuestionRequest(workspaceId: string, body: CreateQuestionRequestInput): Promise<QuestionRequest> {
  return api.post<QuestionRequest>(requestsPath(workspaceId), body);
}

/**
 * PATCH …/question-requests/{requestId} {…, version} → the request as saved. 409 VERSION_CONFLICT
 * (with `current`) when `version` is stale; 409 CONFLICT for items/recipients once sent.
 */
export function updateQuestionRequest(workspaceId: string, requestId: string, body: UpdateQuestionRequestBody): Promise<QuestionRequest> {
  return api.patch<QuestionRequest>(requestsPath(workspaceId, requestId), body);
}

/** Mutation hook of {@link createQuestionRequest} (the composer's first save); the lists refresh. */
export function useCreateQuestionRequest() {
  const queryClient = useQueryClient();
  return useMutation<QuestionRequest, ApiError, { workspaceId: string; body: CreateQuestionRequestInput }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, body }) => createQuestionRequest(workspaceId, body),
    meta: { errorToast: false },
    onSettled: (_request, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: requestListsQueryKey(workspaceId) }),
  });
}

/** Mutation hook of {@link updateQuestionRequest} (the composer's later saves); the lists refresh. */
export function useUpdateQuestionRequest() {
  const queryClient = useQueryClient();
  return useMutation<QuestionRequest, ApiError, RequestRef & { body: UpdateQuestionRequestBody }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, body }) => updateQuestionRequest(workspaceId, requestId, body),
    meta: { errorToast: false },
    onSettled: (_request, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: requestListsQueryKey(workspaceId) }),
  });
}

/**
 * POST …/{requestId}/send {version} → the SENT request with its recipients (issue #10). 400 with
 * errorData naming `items` / `contactIds`, 402 PLAN_LIMIT, 409 VERSION_CONFLICT. The answer goes
 * into the detail's cache, so /questions/{id} shows the detail at once.
 */
export function useSendQuestionRequest() {
  const queryClient = useQueryClient();
  return useMutation<QuestionRequestDetail, ApiError, RequestRef & { version: number }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, version }) =>
      api.post<QuestionRequestDetail>(requestsPath(workspaceId, requestId, 'send'), { version }),
    meta: { errorToast: false },
    onSuccess: (request, { workspaceId }) => {
      if ('recipients' in request) queryClient.setQueryData(requestQueryKey(workspaceId, request.id), request);
    },
    onSettled: (_request, _error, variables) => refreshRequest(queryClient, variables),
  });
}

/** POST …/{requestId}/close {version}: answers become read-only (issue #10). 409 when stale or not SENT. */
export function useCloseQuestionRequest() {
  const queryClient = useQueryClient();
  return useMutation<QuestionRequest, ApiError, RequestRef & { version: number }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, version }) =>
      api.post<QuestionRequest>(requestsPath(workspaceId, requestId, 'close'), { version }),
    onSettled: (_request, _error, variables) => refreshRequest(queryClient, variables),
  });
}

/** DELETE …/{requestId}?version: a draft the assistant throws away. 409 when stale. */
export function useDeleteQuestionRequest() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, RequestRef & { version: number }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, version }) => api.delete<void>(requestsPath(workspaceId, requestId), { query: { version } }),
    onSuccess: (_result, { workspaceId, requestId }) => {
      queryClient.removeQueries({ queryKey: requestQueryKey(workspaceId, requestId) });
      void queryClient.invalidateQueries({ queryKey: questionsQueryKey(workspaceId) });
    },
  });
}

/**
 * POST …/{requestId}/remind {recipientIds?} → who was reminded and who was skipped with why
 * (contract RemindResultSchema). One recipient within the hour → 429; finished/LINK/revoked → 409.
 * The caller reports the result.
 */
export function useRemindRecipients() {
  const queryClient = useQueryClient();
  return useMutation<RemindResult, ApiError, RequestRef & { recipientIds?: string[] }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, recipientIds }) =>
      api.post<RemindResult>(requestsPath(workspaceId, requestId, 'remind'), recipientIds ? { recipientIds } : {}),
    meta: { errorToast: false },
    onSettled: (_result, _error, variables) => refreshRequest(queryClient, variables),
  });
}

/** POST …/recipients/{recipientId}/revoke: the person's link stops working (410 on /q). */
export function useRevokeRecipientLink() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, RequestRef & { recipientId: string }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, recipientId }) =>
      api.post<unknown>(requestsPath(workspaceId, requestId, 'recipients', recipientId, 'revoke')),
    onSettled: (_result, _error, variables) => refreshRequest(queryClient, variables),
  });
}

/**
 * POST …/recipients/{recipientId}/email → the Recipient, now on EMAIL with its delivery error
 * cleared: "Send by email instead" after a Slack delivery failure (issue #12). 409 when the person
 * has no email or the request is not SENT; 404 for another workspace's recipient. The caller reports.
 */
export function useSendRecipientEmail() {
  const queryClient = useQueryClient();
  return useMutation<Recipient, ApiError, RequestRef & { recipientId: string }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, recipientId }) =>
      api.post<Recipient>(requestsPath(workspaceId, requestId, 'recipients', recipientId, 'email')),
    meta: { errorToast: false },
    onSettled: (_result, _error, variables) => refreshRequest(queryClient, variables),
  });
}

/**
 * PUT …/recipients/{recipientId}/answers {answers} → answers recorded on the person's behalf (via
 * MEMBER; issue #10). 400 with errorData keyed `answers.{itemId}`; 409 once CLOSED.
 */
export function useRecordAnswers() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, RequestRef & { recipientId: string; body: RecordAnswersBody }>({
    mutationKey: QUESTION_MUTATION_KEY,
    mutationFn: ({ workspaceId, requestId, recipientId, body }) =>
      apiRequest<unknown>(requestsPath(workspaceId, requestId, 'recipients', recipientId, 'answers'), { method: 'PUT', body }),
    meta: { errorToast: false },
    onSettled: (_result, _error, variables) => refreshRequest(queryClient, variables),
  });
}
