import {
  REDACTED_NAME,
  REDACTED_TEXT,
  type ActionItem,
  type KeyPoint,
  type PublicSummary,
  type QuestionSpread,
  type Quote,
  type Redaction,
  type SummaryAnswer,
} from '@tandem/contract';

/** Characters that mean something in a regular expression, escaped so a name matches literally. */
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A person's name as a summary shows it. */
export const fullNameOf = (contact: { firstName: string; lastName: string }) => `${contact.firstName} ${contact.lastName}`.trim();

/** One replacement rule: a whole-word, case-insensitive name or a literal text. */
type Rule = { pattern: RegExp; replacement: string } | { text: string; replacement: string };

/**
 * The rules of `redactions` (contract Redaction; issue #11): NAME hides the person's full, first
 * and last name as whole words, case-insensitive (the full name first, so "Ada Lovelace" becomes
 * one replacement, not two); TEXT replaces every literal occurrence. An empty replacement means
 * the contract's default ({@link REDACTED_NAME} / {@link REDACTED_TEXT}).
 */
function rulesOf(redactions: readonly Redaction[], people: ReadonlyMap<string, { firstName: string; lastName: string }>): Rule[] {
  const rules: Rule[] = [];
  for (const redaction of redactions) {
    if (redaction.kind === 'TEXT') {
      rules.push({ text: redaction.text, replacement: redaction.replacement || REDACTED_TEXT });
      continue;
    }
    const person = people.get(redaction.contactId);
    if (!person) continue;
    const names = [fullNameOf(person), person.firstName.trim(), person.lastName.trim()].filter((name) => name.length > 0);
    for (const name of [...new Set(names)]) {
      // Letters and digits on either side mean the name is part of another word ("Ada" in "Adams").
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeForRegExp(name)}(?![\\p{L}\\p{N}])`, 'giu');
      rules.push({ pattern, replacement: redaction.replacement || REDACTED_NAME });
    }
  }
  return rules;
}

function apply(text: string, rules: readonly Rule[]): string {
  return rules.reduce(
    (current, rule) =>
      'pattern' in rule ? current.replace(rule.pattern, () => rule.replacement) : current.split(rule.text).join(rule.replacement),
    text,
  );
}

/** What a summary holds that goes public. */
export interface PublishableSummary {
  title: string;
  keyPoints: readonly KeyPoint[];
  perQuestion: readonly QuestionSpread[];
  quotes: readonly Quote[];
  actionItems: readonly ActionItem[];
  redactions: readonly Redaction[];
  answers: readonly SummaryAnswer[];
}

/**
 * The public copy of a summary (contract PublicSummary; /s/{id}), redactions applied to every text
 * (key points, syntheses, quotes, action items, dissent) and to attributions: a person hidden by a
 * NAME redaction is cited as its replacement. No ids, no contact details. Pure.
 */
export function toPublicSummary(summary: PublishableSummary, workspaceName: string, publishedAt: Date): PublicSummary {
  const people = new Map(summary.answers.map((answer) => [answer.contact.id, answer.contact]));
  const rules = rulesOf(summary.redactions, people);
  const hidden = new Map<string, string>();
  for (const redaction of summary.redactions) {
    if (redaction.kind === 'NAME') hidden.set(redaction.contactId, redaction.replacement || REDACTED_NAME);
  }
  const answers = new Map(summary.answers.map((answer) => [answer.id, answer]));
  const byOf = (answerId: string) => {
    const answer = answers.get(answerId);
    if (!answer) return REDACTED_NAME;
    return hidden.get(answer.contact.id) ?? apply(fullNameOf(answer.contact), rules);
  };
  const redact = (text: string) => apply(text, rules);
  return {
    title: redact(summary.title),
    workspaceName,
    publishedAt: publishedAt.toISOString(),
    answerCount: summary.answers.length,
    keyPoints: summary.keyPoints.map((point) => ({ text: redact(point.text), citedBy: [...new Set(point.answerIds.map(byOf))] })),
    perQuestion: summary.perQuestion.map((spread) => ({
      prompt: spread.prompt,
      kind: spread.kind,
      asked: spread.asked,
      answered: spread.answered,
      counts: spread.counts,
      average: spread.average,
      synthesis: redact(spread.synthesis),
      dissent: spread.dissentAnswerIds.map((id) => ({ text: redact(answers.get(id)?.text ?? ''), by: byOf(id) })),
    })),
    quotes: summary.quotes.map((quote) => ({ text: redact(quote.text), by: byOf(quote.answerId) })),
    actionItems: summary.actionItems.map((item) => ({ text: redact(item.text) })),
  };
}
