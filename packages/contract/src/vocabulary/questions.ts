// Request and recipient states with their labels (issue #10): the contract's vocabulary without zod. A screen that only shows a label or checks a
// permission imports these and evaluates no schema (a chunk holds whole modules, so a label kept
// beside its schemas brought them all; bench/README, issue #13). questions.ts builds its schemas on
// them and re-exports them, so '@tandem/contract' offers the same names.

/** DRAFT (being composed) → SENT (links out, answers come in) → CLOSED (read-only). */
export const requestStatuses = ['DRAFT', 'SENT', 'CLOSED'] as const;
export type RequestStatus = (typeof requestStatuses)[number];
export const requestStatusLabels: Record<RequestStatus, string> = { DRAFT: 'Draft', SENT: 'Sent', CLOSED: 'Closed' };

/**
 * A recipient's progress (issue #10): PENDING (link not opened) → OPENED (opened, nothing
 * answered) → PARTIAL (some answers, not finished) → ANSWERED (every required item answered and
 * either submitted or every item answered). Clearing a required answer goes back to PARTIAL.
 */
export const recipientStates = ['PENDING', 'OPENED', 'PARTIAL', 'ANSWERED'] as const;
export type RecipientState = (typeof recipientStates)[number];
export const recipientStateLabels: Record<RecipientState, string> = {
  PENDING: 'Not opened',
  OPENED: 'Opened',
  PARTIAL: 'Partly answered',
  ANSWERED: 'Answered',
};
