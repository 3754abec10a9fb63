/** The workspaces feature's public API (STYLE §1): the member list other features (tasks) may read. */
export { useMembers } from './api/get-members';
