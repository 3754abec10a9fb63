// Request and recipient states, item kinds, channels and limits with their labels (issue #10): the contract's vocabulary without zod. A screen that only shows a label or checks a
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

/** Limits of a request, its items and answers (issue #10; PRODUCT §2). */
export const REQUEST_TITLE_MAX = 200;
/** The context shown to recipients above the questions (plain text). */
export const REQUEST_CONTEXT_MAX = 5_000;
export const REQUEST_ITEMS_MIN = 1;
export const REQUEST_ITEMS_MAX = 20;
export const REQUEST_RECIPIENTS_MIN = 1;
export const REQUEST_RECIPIENTS_MAX = 100;
export const ITEM_PROMPT_MAX = 500;
export const ITEM_OPTIONS_MIN = 2;
export const ITEM_OPTIONS_MAX = 20;
export const ITEM_OPTION_MAX = 200;
/** An OPEN_TEXT answer, in characters. */
export const OPEN_TEXT_ANSWER_MAX = 10_000;
export const REMIND_AFTER_DAYS_MAX = 30;
/** Reminders per recipient, at most (issue #10). */
export const REMINDERS_MAX = 3;
/** "Remind now" is refused within this long of the last reminder to that person (issue #10). */
export const REMIND_NOW_COOLDOWN_MS = 60 * 60_000;
/** A recipient's link lives until the due date plus this many days (issue #10, decision 012). */
export const RECIPIENT_LINK_DAYS_AFTER_DUE = 14;
/** …or, for a request without a due date, this many days after it is sent. */
export const RECIPIENT_LINK_DAYS_WITHOUT_DUE = 90;

export const itemKinds = ['OPEN_TEXT', 'SINGLE_CHOICE', 'MULTI_CHOICE', 'SCALE_1_5', 'YES_NO', 'DATE'] as const;
export type ItemKind = (typeof itemKinds)[number];
export const itemKindLabels: Record<ItemKind, string> = {
  OPEN_TEXT: 'Open text',
  SINGLE_CHOICE: 'Single choice',
  MULTI_CHOICE: 'Multiple choice',
  SCALE_1_5: 'Scale 1–5',
  YES_NO: 'Yes / no',
  DATE: 'Date',
};
/** Kinds whose item carries `options`. */
export const choiceKinds: readonly ItemKind[] = ['SINGLE_CHOICE', 'MULTI_CHOICE'];

/** How a recipient gets their link: LINK (the assistant copies it), EMAIL (mailed), SLACK (issue #12). */
export const recipientChannels = ['LINK', 'EMAIL', 'SLACK'] as const;
export type RecipientChannel = (typeof recipientChannels)[number];
/**
 * A request's channel (issue #12): LINK (the assistant copies every link), EMAIL (everyone by
 * email), SLACK = "Slack where possible": a Slack DM for people matched to a Slack user while the
 * workspace's Slack is connected, email for the others. `recipientChannels` overrides it per person.
 */
export const sendableChannels = ['LINK', 'EMAIL', 'SLACK'] as const;
export const requestChannelLabels: Record<RecipientChannel, string> = {
  LINK: 'Copy links myself',
  EMAIL: 'Email',
  SLACK: 'Slack where possible',
};
export const recipientChannelLabels: Record<RecipientChannel, string> = { LINK: 'Link', EMAIL: 'Email', SLACK: 'Slack' };
