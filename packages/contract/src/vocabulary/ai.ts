// AI generation's limits and stream type (issue #11; PRODUCT §9): the contract's vocabulary without
// zod. A screen that only shows a limit imports these and evaluates no schema (a chunk holds whole
// modules; decision 031). ai.ts builds its schemas on them and re-exports them, so
// '@tandem/contract' offers the same names.

/**
 * A generation call answers JSON (`{ payload }`) by default. With `Accept: text/event-stream` it
 * answers Server-Sent Events instead: any number of `progress` events, then exactly one `result`
 * (data: the same `{ payload }` as the JSON answer) or one `error` (data: the error envelope,
 * with `status` the HTTP status it would have had). Closing the connection cancels the generation
 * (it then does not count against the plan). Errors found before the work starts (400, 402, 403,
 * 404, 409) answer as plain JSON with their status, whatever the Accept header.
 */
export const GENERATION_EVENT_STREAM = 'text/event-stream';

// Question generation (/questions/generate)
export const GENERATE_GOAL_MAX = 1_000;
export const GENERATE_AUDIENCE_MAX = 500;
export const GENERATE_COUNT_DEFAULT = 5;
/** A question counts as a repeat when the same people were asked it this many days back or less. */
export const REPEAT_QUESTION_DAYS = 90;

/** Instructions of "Draft with AI" on a brief section, in characters. */
export const DRAFT_INSTRUCTIONS_MAX = 1_000;
