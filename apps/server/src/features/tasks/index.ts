/**
 * The tasks feature's public API (STYLE §1): what other features create tasks with (issue #11
 * "Make task" from a summary's action item, inside the caller's transaction).
 */
export { createTaskInTransaction } from './tasks-service.js';
