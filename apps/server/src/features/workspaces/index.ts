/** The workspaces feature's public API (STYLE §1): memberships as sign-in and the profile need them. */
export { acceptInvitations } from './members-service.js';
export { findWorkspacesOfPerson } from './workspaces-repository.js';
