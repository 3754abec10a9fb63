import { REQUEST_TITLE_MAX } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { draftFromGenerated } from './generated-handoff';

const dana = { id: 'c1', firstName: 'Dana', lastName: 'Reyes', email: null, company: '' };

describe('draftFromGenerated (issue #11 “Continue to composer”)', () => {
  it('keeps every question in order, invalid ones included, with the people and the goal', () => {
    const draft = draftFromGenerated(
      {
        goal: '  Q3 budget\nWhat is at risk ',
        items: [
          { prompt: 'Where are we?', kind: 'OPEN_TEXT', options: [], required: true },
          { prompt: 'Pick one', kind: 'SINGLE_CHOICE', options: ['Only'], required: false },
        ],
        recipients: [dana],
      },
      'Europe/Paris',
    );
    expect(draft.title).toBe('Q3 budget');
    expect(draft.context).toBe('Q3 budget\nWhat is at risk');
    expect(draft.items.map(({ prompt, kind, options, required }) => ({ prompt, kind, options, required }))).toEqual([
      { prompt: 'Where are we?', kind: 'OPEN_TEXT', options: [], required: true },
      { prompt: 'Pick one', kind: 'SINGLE_CHOICE', options: ['Only'], required: false },
    ]);
    expect(new Set(draft.items.map((item) => item.key)).size).toBe(2);
    expect(draft.recipients).toEqual([dana]);
    expect(draft.timeZone).toBe('Europe/Paris');
  });

  it('cuts a long first line to the title’s limit and starts with one empty question when none came', () => {
    const draft = draftFromGenerated({ goal: 'x'.repeat(REQUEST_TITLE_MAX + 50), items: [], recipients: [] }, 'UTC');
    expect(draft.title).toHaveLength(REQUEST_TITLE_MAX);
    expect(draft.items).toHaveLength(1);
  });
});
