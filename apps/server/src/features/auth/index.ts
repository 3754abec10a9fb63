/** The auth feature's public API (STYLE §1): people, as other features may read them. */
export { findPersonByEmail, getPersonById } from './people-repository.js';
