import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_WORKING_HOURS, type ItemKind, type QuestionItem, type WorkingHours } from '@tandem/contract';
import { contacts, publicLinks, questionRecipients, questionRequests } from '../db/schema/index.js';
import { contactEvents } from '../features/contacts/index.js';
import { questionEvents } from '../features/questions/question-events.js';
import { createPublicLink } from '../public/public-links.js';
import type { TestApp } from './test-app.js';
import { uniqueEmail } from './test-app.js';
import type { SignedInMember } from './workspace-fixtures.js';

/** One item of every kind, in this order; choice items have three options. */
export function itemsOfEveryKind(required: Partial<Record<ItemKind, boolean>> = {}): Record<ItemKind, QuestionItem> {
  const item = (kind: ItemKind, prompt: string, options: string[] = []): QuestionItem => ({
    id: randomUUID(),
    prompt,
    kind,
    options,
    required: required[kind] ?? true,
  });
  return {
    OPEN_TEXT: item('OPEN_TEXT', 'What went well this quarter?'),
    SINGLE_CHOICE: item('SINGLE_CHOICE', 'Which market first?', ['Europe', 'Asia', 'Americas']),
    MULTI_CHOICE: item('MULTI_CHOICE', 'Which teams are involved?', ['Sales', 'Legal', 'Finance']),
    SCALE_1_5: item('SCALE_1_5', 'How confident are you?'),
    YES_NO: item('YES_NO', 'Can you attend the board meeting?'),
    DATE: item('DATE', 'When can you deliver?'),
  };
}

export interface FixtureContact {
  firstName: string;
  lastName?: string;
  /** null = no email address; omitted = a unique one. */
  email?: string | null;
  timeZone?: string;
  workingHours?: WorkingHours;
  channel?: 'EMAIL' | 'LINK';
}

export interface SentRequestOptions {
  title?: string;
  context?: string;
  items?: QuestionItem[];
  dueDate?: string | null;
  timeZone?: string;
  remindAfterDays?: number | null;
  /** When the request and its recipients were sent (default now). */
  sentAt?: Date;
  recipients?: FixtureContact[];
}

export interface FixtureRecipient {
  id: string;
  contactId: string;
  email: string | null;
  firstName: string;
  lastName: string;
  /** The link id (the shortUrl of /q/{shortUrl}). */
  shortUrl: string;
  url: string;
}

export interface SentRequest {
  requestId: string;
  items: QuestionItem[];
  recipients: FixtureRecipient[];
}

/**
 * A SENT question request of `owner`'s workspace written straight to the database (the send
 * route is another part of issue #10): its contacts, one recipient per contact with its public
 * link (subject RECIPIENT, created by `owner`). Defaults: items of every kind (all required), due
 * date none, UTC, remind after 2 days, two EMAIL recipients (Ada Lovelace and Grace Hopper).
 */
export async function createSentRequest(t: TestApp, owner: SignedInMember, options: SentRequestOptions = {}): Promise<SentRequest> {
  const items = options.items ?? Object.values(itemsOfEveryKind());
  const sentAt = options.sentAt ?? new Date();
  const people = options.recipients ?? [
    { firstName: 'Ada', lastName: 'Lovelace' },
    { firstName: 'Grace', lastName: 'Hopper' },
  ];
  return t.db.transaction(async (tx) => {
    const [request] = await tx
      .insert(questionRequests)
      .values({
        workspaceId: owner.workspaceId,
        title: options.title ?? 'Board prep',
        context: options.context ?? 'Three questions before the board meeting.',
        items,
        dueDate: options.dueDate ?? null,
        timeZone: options.timeZone ?? 'UTC',
        remindAfterDays: options.remindAfterDays === undefined ? 2 : options.remindAfterDays,
        channel: 'EMAIL',
        status: 'SENT',
        sentAt,
        createdByMemberId: owner.memberId,
        updatedByMemberId: owner.memberId,
      })
      .returning({ id: questionRequests.id });
    const recipients: FixtureRecipient[] = [];
    for (const person of people) {
      const email = person.email === undefined ? uniqueEmail(person.firstName.toLowerCase()) : person.email;
      const [contact] = await tx
        .insert(contacts)
        .values({
          workspaceId: owner.workspaceId,
          firstName: person.firstName,
          lastName: person.lastName ?? '',
          email,
          timeZone: person.timeZone ?? 'UTC',
          workingHours: person.workingHours ?? DEFAULT_WORKING_HOURS,
          createdByMemberId: owner.memberId,
        })
        .returning({ id: contacts.id });
      const recipientId = randomUUID();
      const { publicId } = await createPublicLink(tx, {
        workspaceId: owner.workspaceId,
        subjectType: 'RECIPIENT',
        subjectId: recipientId,
        label: `${person.firstName} ${person.lastName ?? ''}`.trim(),
        expiresAt: null,
        passcode: null,
        createdByMemberId: owner.memberId,
      });
      await tx.insert(questionRecipients).values({
        id: recipientId,
        workspaceId: owner.workspaceId,
        requestId: request!.id,
        contactId: contact!.id,
        channel: person.channel ?? 'EMAIL',
        linkId: publicId,
        sentAt,
        sentByMemberId: owner.memberId,
      });
      recipients.push({
        id: recipientId,
        contactId: contact!.id,
        email,
        firstName: person.firstName,
        lastName: person.lastName ?? '',
        shortUrl: publicId,
        url: `/api/v1/public/questions/${publicId}`,
      });
    }
    return { requestId: request!.id, items, recipients };
  });
}

/** Moves a recipient's link expiry (a past date expires it). */
export async function setLinkExpiry(t: TestApp, shortUrl: string, expiresAt: Date | null): Promise<void> {
  await t.db.update(publicLinks).set({ expiresAt }).where(eq(publicLinks.id, shortUrl));
}

/** Closes a request straight in the database (the close route is another part of issue #10). */
export async function closeRequest(t: TestApp, requestId: string): Promise<void> {
  await t.db.update(questionRequests).set({ status: 'CLOSED', closedAt: new Date() }).where(eq(questionRequests.id, requestId));
}

/**
 * Registers the `question` and `contact` event types when no routes plugin did yet (their owners
 * register them once in their routes plugins; this branch may be tested without them).
 */
export function ensureQuestionEventTypes(app: FastifyInstance): void {
  for (const definition of [questionEvents, contactEvents]) {
    try {
      app.events.register(definition as never);
    } catch {
      // Already registered by its routes plugin.
    }
  }
}

/** The protected answer routes of issue #10. */
export const answerUrls = {
  onBehalf: (workspaceId: string, requestId: string, recipientId: string) =>
    `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/recipients/${recipientId}/answers`,
  remind: (workspaceId: string, requestId: string) => `/api/v1/workspaces/${workspaceId}/question-requests/${requestId}/remind`,
};
