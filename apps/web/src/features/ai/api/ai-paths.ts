/** `v1/workspaces/{id}`, the base of every AI path of a workspace (issue #11). */
export function workspacePath(workspaceId: string): string {
  return `v1/workspaces/${encodeURIComponent(workspaceId)}`;
}

/** The key every AI query of a workspace starts with. */
export function aiQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'ai'] as const;
}
