/** The key every question query of a workspace starts with: invalidate it to refresh everything. */
export function questionsQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'questions'] as const;
}

/** The key every request list of a workspace starts with (whatever the filters). */
export function requestListsQueryKey(workspaceId: string) {
  return [...questionsQueryKey(workspaceId), 'list'] as const;
}

/** The key of one request's detail. */
export function requestQueryKey(workspaceId: string, requestId: string) {
  return [...questionsQueryKey(workspaceId), 'detail', requestId] as const;
}

/** The key of the "Waiting on" list. */
export function waitingOnQueryKey(workspaceId: string) {
  return [...questionsQueryKey(workspaceId), 'waiting-on'] as const;
}

/** `v1/workspaces/{id}/question-requests`, or a path below one request (`rest` joined by "/"). */
export function requestsPath(workspaceId: string, requestId?: string, ...rest: string[]): string {
  const base = `v1/workspaces/${encodeURIComponent(workspaceId)}/question-requests`;
  if (!requestId) return base;
  return [base, encodeURIComponent(requestId), ...rest.map(encodeURIComponent)].join('/');
}
