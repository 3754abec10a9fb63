import type { Brief, BriefSection } from '@tandem/contract';

/** A BriefSection for unit tests: id `id`, heading "Heading {id}", unmarked, with `patch` applied. */
export function makeSection(id: string, patch: Partial<BriefSection> = {}): BriefSection {
  return { id, heading: `Heading ${id}`, body: '', guidance: '', mark: null, markNote: null, markedAt: null, markedBy: null, ...patch };
}

/** A Brief for unit tests: id `id`, version 1, DRAFT, written by member m1, with `patch` applied. */
export function makeBrief(id: string, patch: Partial<Brief> = {}): Brief {
  const author = { memberId: 'm1', firstName: 'Avery', lastName: 'Tester' };
  return {
    id,
    title: `Brief ${id}`,
    templateId: null,
    meetingAt: null,
    meetingTimeZone: null,
    attendees: [],
    sections: [],
    status: 'DRAFT',
    readyAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    confidential: false,
    version: 1,
    createdBy: author,
    updatedBy: author,
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    ...patch,
  };
}
