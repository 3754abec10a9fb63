import { SUMMARY_SCOPE_CONTACTS_MAX, SUMMARY_SCOPE_REQUESTS_MAX, SUMMARY_TITLE_MAX, type GenerateSummaryInput } from '@tandem/contract';
import { isValid } from 'date-fns';
import { z } from 'zod';
import { toCalendarDate } from './summary-format';

/** A person chosen for a summary's scope (what the picker shows). */
export interface ScopePerson {
  id: string;
  firstName: string;
  lastName: string;
}

const dateField = z.custom<Date | null>((value) => value === null || value instanceof Date);

/**
 * Step 1 of a summary (issue #11 /questions/summaries/new): the title and the scope, checked as the
 * server checks them (contract GenerateSummaryBodySchema): a title, at least one request or person,
 * whole dates (mm/dd/yyyy), the end not before the start.
 */
export const SummaryScopeFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Give the summary a title.')
      .max(SUMMARY_TITLE_MAX, `A title can be at most ${SUMMARY_TITLE_MAX} characters.`),
    requestIds: z.array(z.string()).max(SUMMARY_SCOPE_REQUESTS_MAX, `Choose at most ${SUMMARY_SCOPE_REQUESTS_MAX} requests.`),
    people: z.array(z.custom<ScopePerson>()).max(SUMMARY_SCOPE_CONTACTS_MAX, `Choose at most ${SUMMARY_SCOPE_CONTACTS_MAX} people.`),
    from: dateField,
    to: dateField,
  })
  .superRefine((form, context) => {
    if (form.requestIds.length === 0 && form.people.length === 0) {
      context.addIssue({ code: 'custom', path: ['requestIds'], message: 'Choose at least one request or person.' });
    }
    if (form.from && !isValid(form.from)) context.addIssue({ code: 'custom', path: ['from'], message: 'Enter the date as mm/dd/yyyy.' });
    if (form.to && !isValid(form.to)) context.addIssue({ code: 'custom', path: ['to'], message: 'Enter the date as mm/dd/yyyy.' });
    if (form.from && form.to && isValid(form.from) && isValid(form.to) && toCalendarDate(form.from) > toCalendarDate(form.to)) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The end date comes before the start date.' });
    }
  });
export type SummaryScopeForm = z.infer<typeof SummaryScopeFormSchema>;

/** The generate body of a checked form. Pure. */
export function toGenerateSummaryBody(form: SummaryScopeForm): GenerateSummaryInput {
  return {
    title: form.title.trim(),
    scope: {
      requestIds: form.requestIds,
      contactIds: form.people.map((person) => person.id),
      from: form.from ? toCalendarDate(form.from) : null,
      to: form.to ? toCalendarDate(form.to) : null,
    },
  };
}

/**
 * Where the server's errorData keys go on the form: body checks name the path ("scope.to"), the
 * service's checks the field ("requestIds", "contactIds") or the whole scope ("scope": no answer matches).
 */
export const scopeErrorAliases = {
  title: 'title',
  scope: 'requestIds',
  requestIds: 'requestIds',
  contactIds: 'people',
  from: 'from',
  to: 'to',
  'scope.requestIds': 'requestIds',
  'scope.contactIds': 'people',
  'scope.from': 'from',
  'scope.to': 'to',
} as const;
