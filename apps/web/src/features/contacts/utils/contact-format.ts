import { can, type Contact, type ContactRef, type WorkspaceMemberType } from '@tandem/contract';

/** "Dana Scully": a person's first and last name. Pure. */
export function formatContactName(contact: Pick<Contact | ContactRef, 'firstName' | 'lastName'>): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}

/** "VP Sales · Acme": a person's title and company, whichever are known, or ''. Pure. */
export function formatContactRole(contact: Pick<Contact, 'title' | 'company'>): string {
  return [contact.title, contact.company].filter(Boolean).join(' · ');
}

/** What the signed-in member may do with people (PRODUCT §6: editQuestions / viewQuestions). */
export interface ContactAbilities {
  canView: boolean;
  canEdit: boolean;
}

/** The member's abilities on people: OWNER, EXECUTIVE, EXECUTIVEASSISTANT edit; USER views; GUEST nothing. Pure. */
export function getContactAbilities(type: WorkspaceMemberType): ContactAbilities {
  return { canView: can(type, 'viewQuestions'), canEdit: can(type, 'editQuestions') };
}

/** ISO weekday (1 = Monday … 7 = Sunday) → its short name. */
export const weekdayLabels: Record<number, string> = { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat', 7: 'Sun' };

/** "09:00–17:00, Mon–Fri" style text of working hours (days listed in order). Pure. */
export function formatWorkingHours(hours: Contact['workingHours']): string {
  const days = [...hours.days].sort((a, b) => a - b);
  const isWeekdays = days.join(',') === '1,2,3,4,5';
  const dayText = isWeekdays ? 'Mon–Fri' : days.map((day) => weekdayLabels[day]).join(', ');
  return `${hours.start}–${hours.end}, ${dayText}`;
}
