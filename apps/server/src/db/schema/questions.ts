import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  answerVias,
  chatAuthorTypes,
  chatVias,
  recipientChannels,
  recipientStates,
  requestStatuses,
  type AnswerValue,
  type RecipientChannel,
  type QuestionItem,
  type WorkingHours,
} from '@tandem/contract';
import { id, instant, jsonb } from './columns.js';
import { workspaceMembers, workspaces } from './workspaces.js';

export const requestStatus = pgEnum('question_request_status', requestStatuses);
export const recipientChannel = pgEnum('recipient_channel', recipientChannels);
export const recipientState = pgEnum('recipient_state', recipientStates);
export const answerVia = pgEnum('answer_via', answerVias);
export const chatAuthorType = pgEnum('chat_author_type', chatAuthorTypes);
export const chatVia = pgEnum('chat_via', chatVias);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Words of a contact for `q` search: names, email (whole and split at @ and dots) and company
 * ('simple' configuration). Tags are matched apart (a generated column must be immutable, and
 * PostgreSQL's array-to-text functions are only stable).
 */
export const contactSearchVector = (parts: SQL) => sql`to_tsvector('simple'::regconfig, ${parts})`;

/**
 * A person the workspace asks questions of (PRODUCT §2 Contact; issue #10). `email` is stored
 * lower-case and unique per workspace among contacts not deleted. `deletedAt` set = a former
 * contact: kept so their recipients, answers and thread still name them.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    email: text(),
    title: text().notNull().default(''),
    company: text().notNull().default(''),
    timeZone: text().notNull().default('UTC'),
    workingHours: jsonb().$type<WorkingHours>().notNull(),
    slackUserId: text(),
    slackUserName: text(),
    notes: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deletedAt: instant(),
    createdByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(() =>
        contactSearchVector(
          sql`coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce(translate("email", '@.', '  '), '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", '')`,
        ),
      ),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('contacts_workspace_name_idx').on(t.workspaceId, t.lastName, t.firstName, t.id),
    uniqueIndex('contacts_workspace_email_key')
      .on(t.workspaceId, t.email)
      .where(sql`${t.deletedAt} is null and ${t.email} is not null`),
    index('contacts_search_idx').using('gin', t.search),
  ],
);

/** Words of a request's title for `q` search. */
export const requestSearchVector = (title: SQL | string) => sql`to_tsvector('simple'::regconfig, coalesce(${title}, ''))`;

/**
 * A question request (PRODUCT §2 QuestionRequest; issue #10). Items are one jsonb array in display
 * order. `contactIds` are the chosen people while DRAFT (recipients are rows once sent). `dueDate`
 * is a calendar date in `timeZone`. Every index leads with workspace_id.
 */
export const questionRequests = pgTable(
  'question_requests',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    context: text().notNull().default(''),
    items: jsonb().$type<QuestionItem[]>().notNull().default([]),
    dueDate: date({ mode: 'string' }),
    timeZone: text().notNull().default('UTC'),
    remindAfterDays: integer(),
    confidential: boolean().notNull().default(false),
    channel: recipientChannel().notNull().default('EMAIL'),
    recipientChannels: jsonb().$type<Record<string, RecipientChannel>>().notNull().default({}),
    contactIds: jsonb().$type<string[]>().notNull().default([]),
    status: requestStatus().notNull().default('DRAFT'),
    version: integer().notNull().default(1),
    sentAt: instant(),
    closedAt: instant(),
    createdByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    updatedByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(() => requestSearchVector(sql`"title"`)),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('question_requests_workspace_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('question_requests_workspace_status_updated_idx').on(t.workspaceId, t.status, t.updatedAt, t.id),
    index('question_requests_workspace_due_idx').on(t.workspaceId, t.dueDate, t.id),
    index('question_requests_workspace_title_idx').on(t.workspaceId, t.title, t.id),
    index('question_requests_search_idx').using('gin', t.search),
  ],
);

/**
 * One person a request went to (PRODUCT §2 Recipient). `linkId` is their public link's id (the
 * shortUrl; public_links row with subject RECIPIENT). `completedAt`: when they became ANSWERED.
 * `submittedAt`: when they pressed "I'm done" (kept while they edit).
 */
export const questionRecipients = pgTable(
  'question_recipients',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    requestId: uuid()
      .notNull()
      .references(() => questionRequests.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id),
    channel: recipientChannel().notNull(),
    linkId: text().notNull(),
    state: recipientState().notNull().default('PENDING'),
    sentAt: instant().notNull().defaultNow(),
    openedAt: instant(),
    firstAnsweredAt: instant(),
    lastAnsweredAt: instant(),
    submittedAt: instant(),
    completedAt: instant(),
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: instant(),
    deliveryError: text(),
    /** The person's DM with the bot (SLACK recipients; issue #12), known once the first message is posted. */
    slackChannelId: text(),
    sentByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('question_recipients_request_contact_key').on(t.workspaceId, t.requestId, t.contactId),
    index('question_recipients_workspace_contact_idx').on(t.workspaceId, t.contactId, t.sentAt),
    index('question_recipients_workspace_waiting_idx')
      .on(t.workspaceId, t.sentAt, t.id)
      .where(sql`${t.state} <> 'ANSWERED'`),
    index('question_recipients_workspace_answered_idx').on(t.workspaceId, t.lastAnsweredAt),
    uniqueIndex('question_recipients_link_key').on(t.linkId),
  ],
);

/**
 * One answer to one item (PRODUCT §2 Answer): unique per recipient and item. `value` follows the
 * item's kind (contract validateAnswer). `late`: given or last changed after the due date's end.
 */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    requestId: uuid()
      .notNull()
      .references(() => questionRequests.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => questionRecipients.id, { onDelete: 'cascade' }),
    itemId: uuid().notNull(),
    value: jsonb().$type<AnswerValue>().notNull(),
    late: boolean().notNull().default(false),
    via: answerVia().notNull(),
    enteredByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    submittedAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('question_answers_recipient_item_key').on(t.workspaceId, t.recipientId, t.itemId),
    index('question_answers_workspace_request_idx').on(t.workspaceId, t.requestId),
  ],
);

/**
 * One message of a contact's thread (PRODUCT §2 ChatMessage): a member's follow-up or the contact's
 * reply from their answer page. `requestId`: the request it was written on or about.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id),
    authorType: chatAuthorType().notNull(),
    authorMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    body: text().notNull(),
    via: chatVia().notNull(),
    requestId: uuid().references(() => questionRequests.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('chat_messages_workspace_contact_idx').on(t.workspaceId, t.contactId, t.createdAt, t.id)],
);
