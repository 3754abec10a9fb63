import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPEN_TEXT_ANSWER_MAX, type ItemKind, type QuestionItem } from '@tandem/contract';
import { decodeSlackText, matchOption, matchReply } from './reply-matching.js';

const item = (kind: ItemKind, options: string[] = []): QuestionItem => ({
  id: randomUUID(),
  prompt: 'Question?',
  kind,
  options,
  required: true,
});
const markets = ['Europe', 'Asia', 'Americas'];

describe('decodeSlackText', () => {
  it('restores the three characters Slack escapes, &amp; last', () => {
    expect(decodeSlackText('a &lt;b&gt; &amp; c &amp;lt;')).toBe('a <b> & c &lt;');
  });
});

describe('matchReply: OPEN_TEXT', () => {
  it('keeps the text as written, trimmed and decoded', () => {
    expect(matchReply(item('OPEN_TEXT'), '  Revenue &gt; plan &amp; <@U1> said so \n')).toBe('Revenue > plan & <@U1> said so');
  });
  it('matches nothing for an empty or too long reply', () => {
    expect(matchReply(item('OPEN_TEXT'), '   ')).toBeNull();
    expect(matchReply(item('OPEN_TEXT'), 'x'.repeat(OPEN_TEXT_ANSWER_MAX + 1))).toBeNull();
  });
});

describe('matchReply: SINGLE_CHOICE', () => {
  const single = item('SINGLE_CHOICE', markets);
  it.each([
    ['2', 'Asia'],
    ['#3', 'Americas'],
    ['option 1', 'Europe'],
    ['asia', 'Asia'],
    ['  EUROPE. ', 'Europe'],
    ['Eu', 'Europe'],
    ['Asia, I think', 'Asia'],
    ['Definitely the Americas!', 'Americas'],
  ])('%j → %s', (text, expected) => {
    expect(matchReply(single, text)).toBe(expected);
  });
  it.each(['4', '0', 'A', 'Europe or Asia', 'Africa', ''])('%j matches nothing (out of range, ambiguous or unknown)', (text) => {
    expect(matchReply(single, text)).toBeNull();
  });
  it('prefers an exact label that looks like a number', () => {
    expect(matchOption(['Option 2', 'Something', 'Else'], 'option 2')).toBe('Option 2');
  });
});

describe('matchReply: MULTI_CHOICE', () => {
  const multi = item('MULTI_CHOICE', ['Sales', 'Legal', 'Finance']);
  it.each([
    ['1, 3', ['Sales', 'Finance']],
    ['3 and 1', ['Sales', 'Finance']],
    ['1 2', ['Sales', 'Legal']],
    ['legal', ['Legal']],
    ['Finance & Sales', ['Sales', 'Finance']],
    ['2, legal', ['Legal']],
  ])('%j → %j (in the options’ order)', (text, expected) => {
    expect(matchReply(multi, text)).toEqual(expected);
  });
  it.each(['1, 4', 'sales, marketing', ', ,'])('%j matches nothing (one part unknown)', (text) => {
    expect(matchReply(multi, text)).toBeNull();
  });
});

describe('matchReply: YES_NO', () => {
  const yesNo = item('YES_NO');
  it.each(['yes', 'Y', 'Yeah!', 'yep', 'Yes, I can make it', 'yes I can', 'sure', '👍'])('%j → yes', (text) => {
    expect(matchReply(yesNo, text)).toBe(true);
  });
  it.each(['no', 'N', 'nope', 'No, sorry', 'nah', 'nah I am away'])('%j → no', (text) => {
    expect(matchReply(yesNo, text)).toBe(false);
  });
  it.each(['maybe', 'not sure', 'no idea', 'I will check', 'yesterday'])('%j matches nothing', (text) => {
    expect(matchReply(yesNo, text)).toBeNull();
  });
});

describe('matchReply: SCALE_1_5', () => {
  const scale = item('SCALE_1_5');
  it.each([
    ['4', 4],
    ['4/5', 4],
    ['5 / 5', 5],
    ['3 out of 5', 3],
    ['four', 4],
    ['I’d say 2.', 2],
  ])('%j → %d', (text, expected) => {
    expect(matchReply(scale, text)).toBe(expected);
  });
  it.each(['6', '0', '3 or 4', '3.5', 'very', 'two or three'])('%j matches nothing', (text) => {
    expect(matchReply(scale, text)).toBeNull();
  });
});

describe('matchReply: DATE', () => {
  const date = item('DATE');
  it.each([
    ['2026-03-05', '2026-03-05'],
    ['3/5/2026', '2026-03-05'],
    ['March 5, 2026', '2026-03-05'],
    ['March 5th 2026', '2026-03-05'],
    ['5 Mar 2026', '2026-03-05'],
  ])('%j → %s', (text, expected) => {
    expect(matchReply(date, text)).toBe(expected);
  });
  it.each(['2026-02-30', 'next week', 'March 5', 'soon', '13/40/2026'])('%j matches nothing', (text) => {
    expect(matchReply(date, text)).toBeNull();
  });
});

describe('matchReply properties', () => {
  // Labels as people write them: words of letters (a label that is only a number would compete with the numbers).
  const label = fc.array(fc.stringMatching(/^[A-Za-z][a-z]{0,9}$/), { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
  const distinctOptions = fc.uniqueArray(label, { minLength: 2, maxLength: 20, selector: (text) => text.toLowerCase() });

  it('a number or the exact label (any case) always matches its option', () => {
    fc.assert(
      fc.property(distinctOptions, fc.nat(), fc.boolean(), (options, pick, upper) => {
        const index = pick % options.length;
        const single = item('SINGLE_CHOICE', options);
        const labelText = upper ? options[index]!.toUpperCase() : options[index]!;
        expect(matchReply(single, String(index + 1))).toBe(options[index]);
        expect(matchReply(single, labelText)).toBe(options[index]);
      }),
    );
  });

  it('numbers of a multiple choice always match their options, in the options’ order', () => {
    fc.assert(
      fc.property(distinctOptions, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), (options, picks) => {
        const chosen = [...new Set(picks.map((pick) => pick % options.length))];
        const expected = options.filter((_, index) => chosen.includes(index));
        expect(matchReply(item('MULTI_CHOICE', options), chosen.map((index) => index + 1).join(', '))).toEqual(expected);
      }),
    );
  });

  it('every value matched is valid for its kind (a scale reply is an integer 1–5 or nothing)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const value = matchReply(item('SCALE_1_5'), text);
        expect(value === null || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5)).toBe(true);
      }),
    );
  });
});
