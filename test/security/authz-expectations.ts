import type { WorkspaceMemberType } from '@tandem/contract';

/**
 * What one member type gets from a workspace call on their own workspace's object (PRODUCT §6):
 * `allowed` (2xx, or a 4xx for a reason other than permission such as 400/402/409/422/429 — never
 * 403 or 404), 403 (a refused action, with an errorDisplayMessage) or 404 (visibility hides the
 * object, e.g. a GUEST and a DRAFT brief).
 */
export type Outcome = 'allowed' | 403 | 404;

/** One outcome per member type, in PRODUCT §6's column order. */
export type Grants = Record<WorkspaceMemberType, Outcome>;

/**
 * One row of the authorization matrix (issue #14), keyed by `METHOD path` exactly as in the OpenAPI
 * document. `public`: no sign-in (the document names no bearerAuth); `signedIn`: any signed-in
 * person, no workspace; `workspace`: a member of the workspace in the path, per type (`expect`).
 * `hidden`: a second object some types may not see (`what`), with the outcomes on that object.
 * `note`: why the row says what it says where PRODUCT §6 leaves room.
 */
export type Expectation =
  | { access: 'public'; note?: string }
  | { access: 'signedIn'; note?: string }
  | { access: 'workspace'; expect: Grants; hidden?: { what: string; expect: Grants }; note?: string };

const row = (owner: Outcome, executive: Outcome, assistant: Outcome, user: Outcome, guest: Outcome): Grants => ({
  OWNER: owner,
  EXECUTIVE: executive,
  EXECUTIVEASSISTANT: assistant,
  USER: user,
  GUEST: guest,
});

const A = 'allowed' as const;

/** Every member (PRODUCT §6 "activity, dashboard": yes; GUEST "limited to what they can see"). */
const everyone = row(A, A, A, A, A);
/** OWNER and EXECUTIVE (PRODUCT §6 first row; an EXECUTIVE holds owner rights, §1). */
const admins = row(A, A, 403, 403, 403);
/** "briefs & templates: create, edit, share" and "contacts, question requests, chat, summaries" (edit): yes, yes, yes. */
const editors = row(A, A, A, 403, 403);
/** "contacts, question requests, chat, summaries": USER view, GUEST no. */
const viewers = row(A, A, A, A, 403);
/** Summaries: a GUEST may not see them at all, so one summary is as if absent (summaries-service loadSummary). */
const summaryViewers = row(A, A, A, A, 404);
const summaryEditors = row(A, A, A, 403, 404);
const summaryNote =
  'PRODUCT §6 gives GUEST "no" on summaries; the code treats a summary as invisible to a GUEST (404, like a DRAFT brief), the lists and creation 403.';
/** A DRAFT brief is as if absent for a GUEST (PRODUCT §6 "view READY/ACKNOWLEDGED"). */
const draftBrief = 'a DRAFT brief';
const briefReaders = { expect: everyone, hidden: { what: draftBrief, expect: row(A, A, A, A, 404) } };
/** Editing checks the right first: a GUEST is refused 403 whether or not they could see the brief. */
const briefEditors = { expect: editors, hidden: { what: draftBrief, expect: editors } };
/** The task the caller is assigned to (main); a task created by the OWNER and assigned to nobody (hidden). */
const unassignedTask = 'a task the OWNER created, assigned to nobody';

/** The matrix: PRODUCT §6 for every operation of the OpenAPI document (issue #14). */
export const expectations = {
  // Public: sign-in, sign-up, public links, Slack's own signed events.
  'GET /api/v1/client-config': { access: 'public' },
  'POST /api/auth/password': { access: 'public' },
  'POST /api/auth/token/refresh': { access: 'public' },
  'POST /api/auth/token/revoke': { access: 'public', note: 'Authenticated by the refresh token in the body (PRODUCT §5).' },
  'POST /api/auth/password/forgot': { access: 'public' },
  'POST /api/auth/password/reset/validate-code': { access: 'public' },
  'POST /api/auth/password/reset': { access: 'public' },
  'POST /api/auth/passwordless': { access: 'public' },
  'POST /api/auth/passwordless/verify': { access: 'public' },
  'POST /api/v1/signup': { access: 'public' },
  'POST /api/v1/signup/activate': { access: 'public' },
  'POST /api/v1/signup/resend-activation': { access: 'public' },
  'GET /api/v1/public/briefs/{id}': { access: 'public' },
  'POST /api/v1/public/briefs/{id}/unlock': { access: 'public' },
  'GET /api/v1/public/questions/{shortUrl}': { access: 'public' },
  'PUT /api/v1/public/questions/{shortUrl}/answers/{itemId}': { access: 'public' },
  'POST /api/v1/public/questions/{shortUrl}/submit': { access: 'public' },
  'POST /api/v1/public/questions/{shortUrl}/messages': { access: 'public' },
  'GET /api/v1/public/summaries/{id}': { access: 'public' },
  'POST /api/slack/events': { access: 'public', note: "Authenticated by Slack's request signature, not a token." },

  // Signed in, no workspace: the caller's own person and memberships.
  'POST /api/auth/password/update': { access: 'signedIn' },
  'GET /api/v1/profile': { access: 'signedIn' },
  'PATCH /api/v1/profile': { access: 'signedIn' },
  'GET /api/v1/onboarding': { access: 'signedIn' },
  'POST /api/v1/onboarding/first-run': { access: 'signedIn' },
  'POST /api/v1/onboarding/welcomes/{memberId}/seen': {
    access: 'signedIn',
    note: "Writes only the caller's own membership; another person's memberId changes nothing (answers true).",
  },
  'GET /api/v1/workspaces/': { access: 'signedIn' },
  'POST /api/v1/workspaces/': { access: 'signedIn' },

  // Workspace, members, subscription, audit (PRODUCT §6 rows 1–2).
  'PATCH /api/v1/workspaces/{id}': { access: 'workspace', expect: admins },
  'GET /api/v1/workspaces/{id}/subscription': { access: 'workspace', expect: everyone },
  'PATCH /api/v1/workspaces/{id}/subscription': { access: 'workspace', expect: admins },
  'GET /api/v1/workspaces/{id}/audit-events': {
    access: 'workspace',
    expect: admins,
    note: 'Not in PRODUCT §6; the audit trail is an administrator’s (contract listAudit).',
  },
  'POST /api/v1/workspaces/{id}/leave': {
    access: 'workspace',
    expect: everyone,
    note: "Ends the caller's own membership; the last OWNER-or-EXECUTIVE is refused 409 (PRODUCT §6), not 403.",
  },
  'GET /api/v1/workspaces/{id}/members': { access: 'workspace', expect: everyone },
  'POST /api/v1/workspaces/{id}/members': {
    access: 'workspace',
    expect: editors,
    note: 'Invites a USER: an EXECUTIVEASSISTANT may invite USERs and GUESTs (PRODUCT §6).',
  },
  'PATCH /api/v1/workspaces/{id}/members/{memberId}': { access: 'workspace', expect: admins },
  'DELETE /api/v1/workspaces/{id}/members/{memberId}': { access: 'workspace', expect: admins },
  'POST /api/v1/workspaces/{id}/members/{memberId}/resend-invitation': {
    access: 'workspace',
    expect: editors,
    note: "A USER's invitation: whoever may invite that type may resend it (PRODUCT §6 invite row).",
  },
  'GET /api/v1/workspaces/{id}/public-links': { access: 'workspace', expect: everyone },
  'PUT /api/v1/workspaces/{id}/public-links': {
    access: 'workspace',
    expect: admins,
    note: 'The workspace-wide kill switch is a setting like the plan (PRODUCT §2 PublicLink; contract managePublicLinks).',
  },

  // Activity, events, dashboard (PRODUCT §6 last row).
  'GET /api/v1/workspaces/{id}/events': { access: 'workspace', expect: everyone },
  'GET /api/v1/workspaces/{id}/activity': { access: 'workspace', expect: everyone },
  'POST /api/v1/workspaces/{id}/activity/read': { access: 'workspace', expect: everyone },
  'GET /api/v1/workspaces/{id}/dashboard': { access: 'workspace', expect: everyone },

  // Tasks (PRODUCT §6: all / all / all / own & assigned, create / assigned to them: view, change status).
  'GET /api/v1/workspaces/{id}/tasks': { access: 'workspace', expect: everyone },
  'POST /api/v1/workspaces/{id}/tasks': { access: 'workspace', expect: row(A, A, A, A, 403) },
  'GET /api/v1/workspaces/{id}/tasks/{taskId}': {
    access: 'workspace',
    expect: everyone,
    hidden: { what: unassignedTask, expect: row(A, A, A, 404, 404) },
  },
  'PATCH /api/v1/workspaces/{id}/tasks/{taskId}': {
    access: 'workspace',
    expect: everyone,
    hidden: { what: unassignedTask, expect: row(A, A, A, 404, 404) },
    note: 'The body changes the status only, which a GUEST may do on a task assigned to them.',
  },
  'DELETE /api/v1/workspaces/{id}/tasks/{taskId}': {
    access: 'workspace',
    expect: row(A, A, A, 403, 403),
    hidden: { what: unassignedTask, expect: row(A, A, A, 404, 404) },
    note: 'A USER deletes only tasks they created (tasks-service canDeleteTask); being assigned is not enough.',
  },

  // Briefs and templates (PRODUCT §6: yes / yes / yes / view / view READY and ACKNOWLEDGED).
  'GET /api/v1/workspaces/{id}/briefs': { access: 'workspace', expect: everyone },
  'POST /api/v1/workspaces/{id}/briefs': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}': { access: 'workspace', ...briefReaders },
  'PATCH /api/v1/workspaces/{id}/briefs/{briefId}': { access: 'workspace', ...briefEditors },
  'DELETE /api/v1/workspaces/{id}/briefs/{briefId}': { access: 'workspace', ...briefEditors },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/ready': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/acknowledge': { access: 'workspace', expect: row(403, A, 403, 403, 403) },
  'PUT /api/v1/workspaces/{id}/briefs/{briefId}/sections/{sectionId}/mark': {
    access: 'workspace',
    expect: row(403, A, 403, 403, 403),
    note: "Marks are the executive's, like acknowledging (issue #9; contract markBriefs).",
  },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/versions': { access: 'workspace', ...briefReaders },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/versions/{version}': { access: 'workspace', ...briefReaders },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/versions/{version}/restore': { access: 'workspace', ...briefEditors },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/draft': { access: 'workspace', ...briefEditors },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/share-links': {
    access: 'workspace',
    expect: editors,
    hidden: { what: draftBrief, expect: row(A, A, A, 403, 404) },
  },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/share-links': {
    access: 'workspace',
    expect: editors,
    hidden: { what: draftBrief, expect: row(A, A, A, 403, 404) },
  },
  'POST /api/v1/workspaces/{id}/briefs/{briefId}/share-links/{linkId}/revoke': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/briefs/{briefId}/share-links/{linkId}/views': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/brief-templates': { access: 'workspace', expect: everyone },
  'POST /api/v1/workspaces/{id}/brief-templates': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/brief-templates/{templateId}': { access: 'workspace', expect: everyone },
  'PATCH /api/v1/workspaces/{id}/brief-templates/{templateId}': { access: 'workspace', expect: editors },
  'DELETE /api/v1/workspaces/{id}/brief-templates/{templateId}': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/brief-templates/{templateId}/duplicate': { access: 'workspace', expect: editors },

  // Contacts, question requests, chat (PRODUCT §6: yes / yes / yes / view / no).
  'GET /api/v1/workspaces/{id}/contacts': { access: 'workspace', expect: viewers },
  'POST /api/v1/workspaces/{id}/contacts': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/contacts/import': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/contacts/export.csv': { access: 'workspace', expect: viewers },
  'GET /api/v1/workspaces/{id}/contacts/{contactId}': { access: 'workspace', expect: viewers },
  'PATCH /api/v1/workspaces/{id}/contacts/{contactId}': { access: 'workspace', expect: editors },
  'DELETE /api/v1/workspaces/{id}/contacts/{contactId}': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/contacts/{contactId}/messages': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/contacts/{contactId}/timeline': { access: 'workspace', expect: viewers },
  'GET /api/v1/workspaces/{id}/question-requests': { access: 'workspace', expect: viewers },
  'POST /api/v1/workspaces/{id}/question-requests': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/question-requests/{requestId}': { access: 'workspace', expect: viewers },
  'PATCH /api/v1/workspaces/{id}/question-requests/{requestId}': { access: 'workspace', expect: editors },
  'DELETE /api/v1/workspaces/{id}/question-requests/{requestId}': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/send': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/recipients': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/close': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/revoke': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/email': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/views': { access: 'workspace', expect: viewers },
  'GET /api/v1/workspaces/{id}/question-requests/{requestId}/answers.csv': { access: 'workspace', expect: viewers },
  'GET /api/v1/workspaces/{id}/waiting-on': { access: 'workspace', expect: viewers },
  'PUT /api/v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/answers': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/question-requests/{requestId}/remind': { access: 'workspace', expect: editors },

  // AI assistance (PRODUCT §9) follows what it produces: questions and briefs.
  'GET /api/v1/workspaces/{id}/ai': {
    access: 'workspace',
    expect: viewers,
    note: 'The provider and usage meter: any member but a GUEST (ai-routes).',
  },
  'POST /api/v1/workspaces/{id}/questions/generate': { access: 'workspace', expect: editors },

  // Summaries (PRODUCT §6 "summaries": yes / yes / yes / view / no).
  'GET /api/v1/workspaces/{id}/summaries': { access: 'workspace', expect: viewers },
  'POST /api/v1/workspaces/{id}/summaries/generate': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/summaries/{summaryId}': { access: 'workspace', expect: summaryViewers, note: summaryNote },
  'PUT /api/v1/workspaces/{id}/summaries/{summaryId}': { access: 'workspace', expect: summaryEditors, note: summaryNote },
  'DELETE /api/v1/workspaces/{id}/summaries/{summaryId}': { access: 'workspace', expect: summaryEditors, note: summaryNote },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/update': { access: 'workspace', expect: summaryEditors, note: summaryNote },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/publish': { access: 'workspace', expect: summaryEditors, note: summaryNote },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/unpublish': { access: 'workspace', expect: summaryEditors, note: summaryNote },
  'GET /api/v1/workspaces/{id}/summaries/{summaryId}/views': { access: 'workspace', expect: summaryEditors, note: summaryNote },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/action-items/{actionItemId}/task': {
    access: 'workspace',
    expect: summaryEditors,
    note: summaryNote,
  },
  'POST /api/v1/workspaces/{id}/summaries/{summaryId}/slack': {
    access: 'workspace',
    expect: editors,
    note: 'Posting is an edit right checked before the summary is read, so a GUEST is refused 403 (slack summary-post).',
  },

  // Slack (PRODUCT §6: "Slack connect" yes / yes / yes / no / no; people's Slack matches are contacts).
  'GET /api/v1/workspaces/{id}/slack': {
    access: 'workspace',
    expect: everyone,
    note: 'The status, with canConnect, for the settings tab.',
  },
  'POST /api/v1/workspaces/{id}/slack/install': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/slack/oauth/callback': { access: 'workspace', expect: editors },
  'POST /api/v1/workspaces/{id}/slack/disconnect': { access: 'workspace', expect: editors },
  'GET /api/v1/workspaces/{id}/slack/channels': {
    access: 'workspace',
    expect: editors,
    note: 'For members who may post summaries (editQuestions).',
  },
  'GET /api/v1/workspaces/{id}/contacts/{contactId}/slack-match': {
    access: 'workspace',
    expect: viewers,
    note: 'Looking the person up in Slack only reads: a USER may (contacts "view"); confirming the match is an edit.',
  },
  'PUT /api/v1/workspaces/{id}/contacts/{contactId}/slack': { access: 'workspace', expect: editors },
  'DELETE /api/v1/workspaces/{id}/contacts/{contactId}/slack': { access: 'workspace', expect: editors },
} satisfies Record<string, Expectation>;

export type OperationKey = keyof typeof expectations;
