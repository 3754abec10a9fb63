import { ContactEmailSchema, CreateContactBodySchema, DEFAULT_WORKING_HOURS, type Contact, type CreateContactBody } from '@tandem/contract';
import { z } from 'zod';

/**
 * The person form's schema: the contract's CreateContactBodySchema (so the browser checks what the
 * server will), with the email box's "" meaning no email (null).
 */
export const ContactFormSchema = CreateContactBodySchema.extend({
  email: z
    .string()
    .trim()
    .transform((email) => (email === '' ? null : email))
    .pipe(ContactEmailSchema.nullable()),
});
/** What the fields hold: every field present (the contract's optional ones filled with defaults). */
export type ContactFormValues = Required<Omit<z.input<typeof ContactFormSchema>, 'slackUserId'>>;

/** The form's field names, as the server's errorData names them. */
export const contactFormFields = [
  'firstName',
  'lastName',
  'email',
  'title',
  'company',
  'timeZone',
  'workingHours',
  'workingHours.start',
  'workingHours.end',
  'workingHours.days',
  'tags',
  'notes',
] as const;

/** The form's starting values: a new person in `timeZone` (the browser's), or `contact` as it is. Pure. */
export function toContactFormValues(contact: Contact | null, timeZone: string): ContactFormValues {
  if (!contact) {
    return {
      firstName: '',
      lastName: '',
      email: '',
      title: '',
      company: '',
      timeZone,
      workingHours: { ...DEFAULT_WORKING_HOURS, days: [...DEFAULT_WORKING_HOURS.days] },
      tags: [],
      notes: '',
    };
  }
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email ?? '',
    title: contact.title,
    company: contact.company,
    timeZone: contact.timeZone,
    workingHours: { ...contact.workingHours, days: [...contact.workingHours.days] },
    tags: [...contact.tags],
    notes: contact.notes,
  };
}

/** The type of the body the form submits (the create body; PATCH takes the same fields). */
export type ContactFormBody = CreateContactBody;

/** The viewer's IANA time zone ('Europe/Paris'). */
export function getBrowserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every IANA zone the browser knows (Intl.supportedValuesOf), the viewer's own included. */
export function listTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = getBrowserTimeZone();
  return zones.includes(own) ? zones : [own, ...zones];
}
