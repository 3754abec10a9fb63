import type { Brief, UpdateBriefBody } from '@tandem/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError, type ApiError } from '@/lib/api-error';
import { briefQueryOptions } from './get-brief';
import { BRIEF_MUTATION_KEY, briefListsQueryKey, briefsPath } from './get-briefs';

/** Variables of {@link updateBrief}. */
export interface UpdateBriefVariables {
  workspaceId: string;
  briefId: string;
  /** The content to save and the `version` it was built on (optimistic concurrency). */
  body: UpdateBriefBody;
}

/**
 * PATCH v1/workspaces/{id}/briefs/{briefId} {content…, version} → the brief as saved (contract
 * UpdateBriefBodySchema; issue #9). Rejects 409 VERSION_CONFLICT with `current` when `version` is
 * stale, 400 with errorData per field, 403 for a USER or GUEST, 404 when the brief is gone.
 */
export function updateBrief({ workspaceId, briefId, body }: UpdateBriefVariables): Promise<Brief> {
  return api.patch<Brief>(briefsPath(workspaceId, briefId), body);
}

/** True for the 409 of a stale version (contract errors.ts VERSION_CONFLICT). */
export function isBriefConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.errorCode === 'VERSION_CONFLICT';
}

/**
 * True for failures worth sending again unchanged: no connection (status 0), a timeout, throttling
 * or a server error. A 4xx other than those says the save itself is wrong and is not retried.
 */
export function isTransientError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Most retries of one save wait this long (TanStack's doubling delay, capped). */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Mutation hook of {@link updateBrief} for the editor's autosave (issue #9: a failed save keeps the
 * text and retries). Transient failures are retried by TanStack Query with a doubling delay up to
 * 30 s, for as long as the page is open; while the browser is offline the save pauses and resumes
 * when it is back (TanStack's networkMode 'online'). The saved brief goes into its cache and the
 * lists refresh. The caller handles 409s and other refusals (no toast).
 */
export function useUpdateBrief() {
  const queryClient = useQueryClient();
  return useMutation<Brief, ApiError, UpdateBriefVariables>({
    mutationKey: BRIEF_MUTATION_KEY,
    mutationFn: updateBrief,
    retry: (_failureCount, error) => isTransientError(error),
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
    meta: { errorToast: false },
    onSuccess: (brief, { workspaceId }) => {
      queryClient.setQueryData(briefQueryOptions(workspaceId, brief.id).queryKey, brief);
    },
    onSettled: (_brief, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: briefListsQueryKey(workspaceId) }),
  });
}
