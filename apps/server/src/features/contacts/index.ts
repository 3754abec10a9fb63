/**
 * The contacts feature's public API (STYLE §1): people the workspace asks questions of, their CSV
 * import and export, and their thread (chat) with the office.
 */
export { contactEvents } from './contact-events.js';
export { findContactThread, insertChatMessage, type NewChatMessage } from './chat-repository.js';
