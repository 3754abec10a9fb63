/** The key every summary query of a workspace starts with: invalidate it to refresh everything. */
export function summariesQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'summaries'] as const;
}

/** The key every summary list of a workspace starts with (whatever the filters). */
export function summaryListsQueryKey(workspaceId: string) {
  return [...summariesQueryKey(workspaceId), 'list'] as const;
}

/** The key of one summary's detail. */
export function summaryQueryKey(workspaceId: string, summaryId: string) {
  return [...summariesQueryKey(workspaceId), 'detail', summaryId] as const;
}

/** The key of one summary's public-link access log. */
export function summaryViewsQueryKey(workspaceId: string, summaryId: string) {
  return [...summariesQueryKey(workspaceId), 'views', summaryId] as const;
}

/** `v1/workspaces/{id}/summaries`, or a path below one summary (`rest` joined by "/"). */
export function summariesPath(workspaceId: string, summaryId?: string, ...rest: string[]): string {
  const base = `v1/workspaces/${encodeURIComponent(workspaceId)}/summaries`;
  if (!summaryId) return base;
  return [base, encodeURIComponent(summaryId), ...rest.map(encodeURIComponent)].join('/');
}
