/**
 * The contacts feature's public API (STYLE §1): people the workspace asks questions of, their CSV
 * import and export, and their thread (chat) with the office.
 */
export { contactEvents } from './contact-events.js';
export { contactsRoutes } from './contacts-routes.js';
export { findChatMessagesByIds, findContactThread, insertChatMessage, type NewChatMessage } from './chat-repository.js';
export { announceContact, contactNotFound } from './contacts-service.js';
export { getContact, lockCurrentContactRow, updateContactRow } from './contacts-repository.js';
