/** The audit feature's public API (STYLE §1): what other features may call. */
export { findAuditEvents, recordAuditEvent } from './audit.js';
