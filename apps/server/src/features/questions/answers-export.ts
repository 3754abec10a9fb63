import { stringify } from 'csv-stringify/sync';
import { answerText, recipientStateLabels, type QuestionRequestDetail } from '@tandem/contract';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { getRequestDetail } from './requests-repository.js';
import { requestNotFound, type QuestionsDeps } from './requests-service.js';

/**
 * OWASP CSV injection guard: a cell a spreadsheet would read as a formula (starting with = + - @,
 * a tab or a carriage return) gets a leading apostrophe, so it shows as text.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A file name from the request's title: letters, digits and dashes, at most 60 characters. */
export function exportFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '')
    .toLowerCase();
  return `${slug || 'question-request'}-answers.csv`;
}

/**
 * The answers of a request as CSV text (issue #10 "one row per recipient, one column per item"):
 * First name, Last name, Email, Company, State, Completed at, then one column per item headed by
 * its prompt, the value as the contract's `answerText`. RFC 4180 through csv-stringify; every cell
 * passes {@link neutralizeCell}.
 */
export function answersCsv(detail: QuestionRequestDetail): string {
  const header = ['First name', 'Last name', 'Email', 'Company', 'State', 'Completed at', ...detail.items.map((item) => item.prompt)];
  const byRecipient = new Map<string, Map<string, QuestionRequestDetail['answers'][number]>>();
  for (const answer of detail.answers) {
    const answers = byRecipient.get(answer.recipientId) ?? new Map();
    answers.set(answer.itemId, answer);
    byRecipient.set(answer.recipientId, answers);
  }
  const rows = detail.recipients.map((recipient) => {
    const answers = byRecipient.get(recipient.id);
    return [
      recipient.contact.firstName,
      recipient.contact.lastName,
      recipient.contact.email ?? '',
      recipient.contact.company,
      recipientStateLabels[recipient.state],
      recipient.completedAt ?? '',
      ...detail.items.map((item) => {
        const answer = answers?.get(item.id);
        return answer ? answerText(item, answer.value) : '';
      }),
    ];
  });
  return stringify(
    [header, ...rows].map((row) => row.map(neutralizeCell)),
    { record_delimiter: 'windows' },
  );
}

/**
 * GET …/{requestId}/answers.csv (viewQuestions): the CSV and its file name.
 * @throws 403 GUEST; 404.
 */
export async function exportAnswers(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
): Promise<{ fileName: string; csv: string }> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  const detail = await getRequestDetail(deps.db, workspaceId, requestId, deps.publicUrl);
  if (!detail) throw requestNotFound();
  return { fileName: exportFileName(detail.title), csv: answersCsv(detail) };
}
