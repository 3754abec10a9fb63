import type { QuestionRequestDetail } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestQueryKey, requestsPath } from './question-keys';

/**
 * GET v1/workspaces/{id}/question-requests/{requestId} → the request with its recipients and every
 * answer (contract QuestionRequestDetailSchema; issue #10). 404 when it is gone or another
 * workspace's, 403 for a GUEST.
 */
export function getQuestionRequest(workspaceId: string, requestId: string): Promise<QuestionRequestDetail> {
  return api.get<QuestionRequestDetail>(requestsPath(workspaceId, requestId));
}

/** Query options of {@link getQuestionRequest}. */
export function questionRequestQueryOptions(workspaceId: string, requestId: string) {
  return queryOptions({
    queryKey: requestQueryKey(workspaceId, requestId),
    queryFn: () => getQuestionRequest(workspaceId, requestId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getQuestionRequest}. */
export function useQuestionRequest(workspaceId: string, requestId: string) {
  return useQuery(questionRequestQueryOptions(workspaceId, requestId));
}
