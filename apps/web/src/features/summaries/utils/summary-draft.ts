import type { Summary, SummaryAnswer, UpdateSummaryInput } from '@tandem/contract';
import { REDACTED_NAME, REDACTED_TEXT } from '@tandem/contract';

/**
 * What the summary editor edits (issue #11 step 2 and Edit): the PUT body's parts, each list item
 * with a local `key` (a stable React key for items the server has not named yet) and its server
 * `id` when it has one.
 */
export interface SummaryDraft {
  title: string;
  keyPoints: { key: string; id?: string; text: string; answerIds: string[] }[];
  syntheses: Record<string, string>;
  quotes: { key: string; id?: string; answerId: string; text: string }[];
  actionItems: { key: string; id?: string; text: string; answerIds: string[]; taskId: string | null }[];
  hiddenNames: { key: string; id?: string; contactId: string; replacement: string }[];
  hiddenTexts: { key: string; id?: string; text: string; replacement: string }[];
}

let nextKey = 0;
/** A key for a new item of the editor, unique for this page's life. */
export function newDraftKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

/** The synthesis key of a question: request and item (an item id is unique, the request keeps it readable). */
export const spreadKey = (spread: { requestId: string; itemId: string }) => `${spread.requestId}:${spread.itemId}`;

/** The editor's draft of a saved summary. Pure. */
export function toSummaryDraft(summary: Summary): SummaryDraft {
  return {
    title: summary.title,
    keyPoints: summary.keyPoints.map((point) => ({ key: point.id, id: point.id, text: point.text, answerIds: [...point.answerIds] })),
    syntheses: Object.fromEntries(summary.perQuestion.map((spread) => [spreadKey(spread), spread.synthesis])),
    quotes: summary.quotes.map((quote) => ({ key: quote.id, ...quote })),
    actionItems: summary.actionItems.map((item) => ({ key: item.id, ...item, answerIds: [...item.answerIds] })),
    hiddenNames: summary.redactions.flatMap((redaction) =>
      redaction.kind === 'NAME'
        ? [{ key: redaction.id, id: redaction.id, contactId: redaction.contactId, replacement: redaction.replacement }]
        : [],
    ),
    hiddenTexts: summary.redactions.flatMap((redaction) =>
      redaction.kind === 'TEXT' ? [{ key: redaction.id, id: redaction.id, text: redaction.text, replacement: redaction.replacement }] : [],
    ),
  };
}

/** The PUT body of a draft at `version` (contract UpdateSummaryBodySchema); the list order is the draft's. Pure. */
export function toUpdateSummaryBody(summary: Summary, draft: SummaryDraft, version: number): UpdateSummaryInput {
  return {
    version,
    title: draft.title,
    keyPoints: draft.keyPoints.map(({ id, text, answerIds }) => ({ ...(id ? { id } : {}), text, answerIds })),
    perQuestion: summary.perQuestion.map((spread) => ({
      requestId: spread.requestId,
      itemId: spread.itemId,
      synthesis: draft.syntheses[spreadKey(spread)] ?? spread.synthesis,
    })),
    quotes: draft.quotes.map(({ id, answerId, text }) => ({ ...(id ? { id } : {}), answerId, text })),
    actionItems: draft.actionItems.map(({ id, text, answerIds }) => ({ ...(id ? { id } : {}), text, answerIds })),
    redactions: [
      ...draft.hiddenNames.map(({ id, contactId, replacement }) => ({
        ...(id ? { id } : {}),
        kind: 'NAME' as const,
        contactId,
        replacement,
      })),
      ...draft.hiddenTexts.map(({ id, text, replacement }) => ({ ...(id ? { id } : {}), kind: 'TEXT' as const, text, replacement })),
    ],
  };
}

/** True when the draft differs from the saved summary (leaving then asks first). Pure. */
export function isDraftChanged(summary: Summary, draft: SummaryDraft): boolean {
  const saved = toUpdateSummaryBody(summary, toSummaryDraft(summary), summary.version);
  return JSON.stringify(saved) !== JSON.stringify(toUpdateSummaryBody(summary, draft, summary.version));
}

/** "Dana Reyes" (a former contact keeps their name; the answer is theirs). */
export function answerAuthor(answer: Pick<SummaryAnswer, 'contact'>): string {
  return `${answer.contact.firstName} ${answer.contact.lastName}`.trim();
}

/** The people of a summary's answers, each once, in answer order. Pure. */
export function peopleOfAnswers(answers: readonly SummaryAnswer[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const answer of answers) if (!seen.has(answer.contact.id)) seen.set(answer.contact.id, answerAuthor(answer));
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * Applies the draft's redactions to a text as the published page will (issue #11 "Preview"): each
 * hidden person's first, last and full name as whole words, case-insensitive, and each hidden line,
 * become their replacement (or the contract's defaults). Pure.
 */
export function redactText(
  text: string,
  draft: Pick<SummaryDraft, 'hiddenNames' | 'hiddenTexts'>,
  people: readonly SummaryAnswer[],
): string {
  let result = text;
  for (const hidden of draft.hiddenTexts) {
    if (hidden.text) result = result.split(hidden.text).join(hidden.replacement || REDACTED_TEXT);
  }
  for (const hidden of draft.hiddenNames) {
    const contact = people.find((answer) => answer.contact.id === hidden.contactId)?.contact;
    if (!contact) continue;
    const names = [`${contact.firstName} ${contact.lastName}`.trim(), contact.firstName, contact.lastName].filter(Boolean);
    for (const name of names) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), hidden.replacement || REDACTED_NAME);
    }
  }
  return result;
}

/** The name an answer is attributed with on the published page (its replacement when the person is hidden). */
export function publishedAuthor(answer: SummaryAnswer, draft: Pick<SummaryDraft, 'hiddenNames'>): string {
  const hidden = draft.hiddenNames.find((name) => name.contactId === answer.contact.id);
  return hidden ? hidden.replacement || REDACTED_NAME : answerAuthor(answer);
}

/**
 * The server's 400 errorData of a PUT, by the draft's item keys: "keyPoints.2.text" → the third key
 * point's key and field. Unknown paths stay under `other`. Pure.
 */
export function errorsByItem(draft: SummaryDraft, errorData: Record<string, string> | null | undefined) {
  const byKey: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errorData ?? {})) {
    const [list, index, field] = path.split('.');
    const item =
      list === 'keyPoints'
        ? draft.keyPoints[Number(index)]
        : list === 'quotes'
          ? draft.quotes[Number(index)]
          : list === 'actionItems'
            ? draft.actionItems[Number(index)]
            : undefined;
    if (item) byKey[`${item.key}.${field ?? ''}`] = message;
    else if (path === 'title') byKey.title = message;
    else other.push(message);
  }
  return { byKey, other };
}

/** An answer as pickers and the coverage list name it: "Name — Question: text" (text cut at 80 characters). */
export function answerLabel(answer: SummaryAnswer, prompt: string | undefined): string {
  return `${answerAuthor(answer)} — ${prompt ? `${prompt}: ` : ''}${answer.text.length > 80 ? `${answer.text.slice(0, 80)}…` : answer.text}`;
}
