import type { Answer, QuestionItem, QuestionRequestDetail, Recipient } from '@tandem/contract';

/** Test ids: a valid uuid whose last group is `n` (the contract's ids are uuids). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const at = '2026-03-10T12:00:00.000Z';
const progress = { total: 0, PENDING: 0, OPENED: 0, PARTIAL: 0, ANSWERED: 0 };

/** A question item of `kind` (test data). */
export function makeItem(n: number, overrides: Partial<QuestionItem> = {}): QuestionItem {
  return { id: uuid(100 + n), prompt: `Question ${n}?`, kind: 'OPEN_TEXT', options: [], required: true, ...overrides };
}

/** A recipient (test data). */
export function makeRecipient(n: number, overrides: Partial<Recipient> = {}): Recipient {
  return {
    id: uuid(200 + n),
    requestId: uuid(1),
    contact: { id: uuid(300 + n), firstName: `Person${n}`, lastName: 'Lee', email: `p${n}@example.com`, company: 'Acme', isFormer: false },
    channel: 'EMAIL',
    state: 'PENDING',
    link: {
      shortUrl: `short${n}`,
      url: `https://tandem.test/q/short${n}`,
      expiresAt: null,
      revokedAt: null,
      isActive: true,
      viewCount: 0,
      lastViewedAt: null,
    },
    sentAt: at,
    openedAt: null,
    firstAnsweredAt: null,
    lastAnsweredAt: null,
    completedAt: null,
    remindersSent: 0,
    lastRemindedAt: null,
    deliveryError: null,
    ...overrides,
  };
}

/** An answer of recipient `recipientId` to `itemId` (test data). */
export function makeAnswer(recipientId: string, itemId: string, value: Answer['value'], overrides: Partial<Answer> = {}): Answer {
  return {
    id: uuid(400),
    recipientId,
    itemId,
    value,
    submittedAt: at,
    updatedAt: at,
    late: false,
    via: 'LINK',
    enteredBy: null,
    ...overrides,
  };
}

/** A request's detail (test data): SENT by default, with no recipients or answers. */
export function makeRequest(overrides: Partial<QuestionRequestDetail> = {}): QuestionRequestDetail {
  return {
    id: uuid(1),
    title: 'Board prep',
    context: 'Before Thursday.',
    items: [makeItem(1)],
    dueDate: '2026-03-20',
    timeZone: 'UTC',
    remindAfterDays: 2,
    confidential: false,
    channel: 'EMAIL',
    recipientChannels: {},
    contactIds: [],
    status: 'SENT',
    progress,
    version: 3,
    sentAt: at,
    closedAt: null,
    createdBy: { memberId: uuid(9), firstName: 'Ann', lastName: 'Ames' },
    createdAt: at,
    updatedAt: at,
    recipients: [],
    answers: [],
    ...overrides,
  };
}
