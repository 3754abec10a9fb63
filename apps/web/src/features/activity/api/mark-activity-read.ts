import type { MarkActivityReadBody, MarkActivityReadResponse } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

type ReadMark = MarkActivityReadResponse['payload'];

/** Variables of {@link markActivityRead}. */
export interface MarkActivityReadVariables {
  workspaceId: string;
  body?: MarkActivityReadBody;
}

/**
 * POST v1/workspaces/{id}/activity/read {until?} → {readAt}: moves the caller's read mark, which
 * clears hasNewActivityItems (seed §4, PRODUCT §2).
 */
export function markActivityRead({ workspaceId, body = {} }: MarkActivityReadVariables): Promise<ReadMark> {
  return api.post<ReadMark>(`v1/workspaces/${encodeURIComponent(workspaceId)}/activity/read`, body);
}

/** Mutation hook of {@link markActivityRead}. */
export function useMarkActivityRead(options: Omit<UseMutationOptions<ReadMark, ApiError, MarkActivityReadVariables>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: markActivityRead });
}
