/**
 * The workspaces feature's public API (STYLE §1): the member list other features (tasks) and routes may read,
 * and the workspace's public-link setting (the briefs' share dialog says when links are off).
 */
export { membersQueryOptions, prefetchMembers, useMembers } from './api/get-members';
export { usePublicLinkSettings } from './api/get-public-link-settings';
