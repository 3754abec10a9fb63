import { describe, expect, it } from 'vitest';
import { makeSummary } from '../testing/make-summary';
import { errorsByItem, isDraftChanged, redactText, toSummaryDraft, toUpdateSummaryBody } from './summary-draft';

describe('summary draft (issue #11 editor)', () => {
  it('round-trips a saved summary into the PUT body unchanged', () => {
    const summary = makeSummary();
    const draft = toSummaryDraft(summary);
    expect(isDraftChanged(summary, draft)).toBe(false);
    expect(toUpdateSummaryBody(summary, draft, 3).keyPoints).toEqual(
      summary.keyPoints.map(({ id, text, answerIds }) => ({ id, text, answerIds })),
    );
    expect(isDraftChanged(summary, { ...draft, title: 'Other' })).toBe(true);
  });

  it('redacts a hidden person’s names as whole words and hidden lines, as the published page will', () => {
    const summary = makeSummary();
    const draft = {
      hiddenNames: [{ key: 'k1', contactId: summary.answers[0]!.contact.id, replacement: '' }],
      hiddenTexts: [{ key: 'k2', text: 'budget', replacement: 'money' }],
    };
    expect(redactText('Dana said so; Danal did not. Reyes agreed on the budget.', draft, summary.answers)).toBe(
      'A respondent said so; Danal did not. A respondent agreed on the money.',
    );
  });

  it('maps the server’s error paths to the draft’s items', () => {
    const draft = toSummaryDraft(makeSummary());
    const { byKey, other } = errorsByItem(draft, { 'quotes.0.text': 'Not verbatim.', words: 'Too long.' });
    expect(byKey[`${draft.quotes[0]!.key}.text`]).toBe('Not verbatim.');
    expect(other).toEqual(['Too long.']);
  });
});
