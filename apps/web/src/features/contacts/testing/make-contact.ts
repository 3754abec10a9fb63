import type { Contact } from '@tandem/contract';

/** A contact as the API answers it (tests only): Dana Scully of Acme unless `overrides` say otherwise. */
export function makeContact(id: string, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    firstName: 'Dana',
    lastName: 'Scully',
    email: 'dana@example.com',
    title: 'VP Sales',
    company: 'Acme',
    timeZone: 'America/New_York',
    workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
    slackUserId: null,
    slackUserName: null,
    notes: '',
    tags: ['board'],
    openRequests: 0,
    lastAnsweredAt: null,
    deletedAt: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}
