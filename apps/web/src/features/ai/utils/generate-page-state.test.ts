import { describe, expect, it } from 'vitest';
import { describeRepeat, emptyGenerateForm, findGenerateProblems, toGenerateBody } from './generate-page-state';

const person = (id: string, firstName: string) => ({ id, firstName, lastName: 'Lee', email: null, company: '' });
const repeat = {
  requestId: 'r1',
  requestTitle: 'Budget check',
  itemId: 'i1',
  prompt: 'Where is the budget?',
  sentAt: '2026-03-10T12:00:00.000Z',
  contactIds: ['a', 'b', 'c'],
};

describe('the generate form (issue #11)', () => {
  it('asks for a goal and a count of 1–20 with the contract’s messages', () => {
    expect(findGenerateProblems(emptyGenerateForm())).toEqual({ goal: 'Say what you need to find out.' });
    expect(findGenerateProblems({ ...emptyGenerateForm(), goal: 'Budget', count: '' }).count).toBe('Choose how many questions, 1 to 20.');
    expect(findGenerateProblems({ ...emptyGenerateForm(), goal: 'Budget', count: '0' }).count).toBe('Ask for at least 1 question.');
    expect(findGenerateProblems({ ...emptyGenerateForm(), goal: 'Budget', count: '3' })).toEqual({});
  });

  it('sends the chosen people as contact ids and the count as a number', () => {
    const form = { goal: 'Budget', audienceDescription: 'leads', recipients: [person('a', 'Ann')], count: '7' };
    expect(toGenerateBody(form)).toEqual({ goal: 'Budget', audienceDescription: 'leads', contactIds: ['a'], count: 7 });
  });
});

describe('describeRepeat', () => {
  it('names the chosen people it went to and counts the others', () => {
    expect(describeRepeat(repeat, [person('a', 'Ann'), person('b', 'Bo')])).toBe(
      'Asked on Mar 10, 2026 in “Budget check” to Ann Lee, Bo Lee and 1 other person',
    );
    expect(describeRepeat({ ...repeat, contactIds: ['a'] }, [person('a', 'Ann')])).toBe(
      'Asked on Mar 10, 2026 in “Budget check” to Ann Lee',
    );
    expect(describeRepeat({ ...repeat, contactIds: [] }, [])).toBe('Asked on Mar 10, 2026 in “Budget check” to the same people');
  });
});
