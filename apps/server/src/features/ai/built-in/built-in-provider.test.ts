import { describe, expect, it } from 'vitest';
import { countWords, isComposerItem, type GenerationProgress, type ItemKind } from '@tandem/contract';
import type { AnswerForAi, GenerationOptions, QuestionForAi, SummarizeTask } from '../ai-provider.js';
import { builtInProvider } from './built-in-provider.js';

function optionsWith(progress: GenerationProgress[] = [], signal = new AbortController().signal): GenerationOptions {
  return { signal, onProgress: (event) => progress.push(event) };
}

function question(itemId: string, kind: ItemKind, prompt: string, options: string[] = []): QuestionForAi {
  return { requestId: 'request-1', requestTitle: 'Offsite', itemId, prompt, kind, options };
}

function answersTo(itemId: string, texts: string[], prefix = itemId): AnswerForAi[] {
  return texts.map((text, index) => ({
    id: `${prefix}-${index + 1}`,
    requestId: 'request-1',
    itemId,
    contactId: `person-${index + 1}`,
    name: `Person ${index + 1}`,
    text,
  }));
}

const offsiteReasons = [
  'Lisbon cuts the travel time for the European leads. Hotels are cheaper there too.',
  'Shorter travel time from London and Berlin, so Lisbon.',
  'I disagree with moving it. The sales team is in Austin and flying everyone to Europe will blow the budget.',
  'Lisbon. We should book the venue by Friday, prices go up after that.',
  'Travel time matters most, and Lisbon is a short flight for most of us.',
];
const offsiteTask: SummarizeTask = {
  title: 'Offsite',
  questions: [
    question('where', 'SINGLE_CHOICE', 'Where should the offsite be?', ['Lisbon', 'Austin']),
    question('why', 'OPEN_TEXT', 'What is the main reason for your choice?'),
    question('budget', 'SCALE_1_5', 'How comfortable are you with the budget?'),
    question('unanswered', 'OPEN_TEXT', 'Anything else?'),
  ],
  answers: [
    ...answersTo('where', ['Lisbon', 'Lisbon', 'Austin', 'Lisbon', 'Lisbon']),
    ...answersTo('why', offsiteReasons),
    ...answersTo('budget', ['4', '4', '1', '5', '4']),
  ],
  maxKeyPoints: 10,
  maxWords: 120,
};

describe('built-in provider: question generation', () => {
  it('turns "A or B" into a single choice with those options, and every proposal is a composer item', async () => {
    const questions = await builtInProvider.generateQuestions(
      { goal: 'Decide whether to move the offsite to Lisbon or keep it in Austin', audience: 'Leadership team', count: 5 },
      optionsWith(),
    );
    expect(questions).toHaveLength(5);
    const choice = questions.find((item) => item.kind === 'SINGLE_CHOICE');
    expect(choice?.options).toEqual(expect.arrayContaining(['Lisbon', 'Austin']));
    expect(choice?.prompt).toContain('offsite');
    for (const item of questions) {
      expect(isComposerItem(item)).toBe(true);
      expect(item.reason.length).toBeGreaterThan(0);
    }
    expect(new Set(questions.map((item) => item.prompt.toLowerCase())).size).toBe(5);
  });

  it('asks why in the goal’s own words for a "why" goal', async () => {
    const questions = await builtInProvider.generateQuestions(
      { goal: 'Understand why Q3 sales missed target', audience: '', count: 4 },
      optionsWith(),
    );
    expect(questions[0]).toMatchObject({ kind: 'OPEN_TEXT', prompt: 'Why do you think Q3 sales missed target?' });
  });

  it('rates a policy for a feedback goal, naming the policy', async () => {
    const questions = await builtInProvider.generateQuestions(
      { goal: 'Collect feedback on the new expense policy', audience: '', count: 5 },
      optionsWith(),
    );
    expect(questions.find((item) => item.kind === 'SCALE_1_5')?.prompt).toContain('the new expense policy');
    expect(questions.some((item) => item.kind === 'OPEN_TEXT' && item.prompt.includes('the new expense policy'))).toBe(true);
  });

  it('asks yes or no for "whether to", a date for "when", several choices for a listed set of priorities', async () => {
    const yesNo = await builtInProvider.generateQuestions(
      { goal: 'Decide whether to adopt a four-day week', audience: '', count: 3 },
      optionsWith(),
    );
    expect(yesNo[0]).toMatchObject({ kind: 'YES_NO', prompt: 'Should we adopt a four-day week?', options: [] });
    const date = await builtInProvider.generateQuestions(
      { goal: 'Find out when the new pricing can launch', audience: '', count: 6 },
      optionsWith(),
    );
    expect(date.some((item) => item.kind === 'DATE')).toBe(true);
    const priorities = await builtInProvider.generateQuestions(
      { goal: 'Set our priorities among hiring, pricing and support', audience: '', count: 3 },
      optionsWith(),
    );
    expect(priorities[0]).toMatchObject({ kind: 'MULTI_CHOICE', options: ['Hiring', 'Pricing', 'Support'] });
  });

  it('keeps the options of a choice on their own clause: another clause’s worries are asked about, not voted on', async () => {
    const goal = 'Decide whether to move the offsite to Lisbon or keep it in Austin, and understand the budget risks';
    for (const count of [5, 8]) {
      const questions = await builtInProvider.generateQuestions({ goal, audience: 'Leadership team', count }, optionsWith());
      expect(questions).toHaveLength(count);
      const withOptions = questions.filter((item) => item.options.includes('Lisbon'));
      expect(withOptions).toHaveLength(1);
      expect(withOptions[0]!.prompt).toContain('the offsite');
      expect(questions.filter((item) => /budget risks/.test(item.prompt)).every((item) => item.options.length === 0)).toBe(true);
      expect(questions).toContainEqual(
        expect.objectContaining({ kind: 'OPEN_TEXT', prompt: 'What budget risks do you see for the offsite?' }),
      );
      expect(questions.every(isComposerItem)).toBe(true);
    }
  });

  it('offers actions as the options when "or" joins two things to do, and asks about no noun inside them', async () => {
    const questions = await builtInProvider.generateQuestions(
      {
        goal: 'Decide if we should renew the office lease in Austin or move to a smaller space, and what it means for the team',
        audience: '',
        count: 5,
      },
      optionsWith(),
    );
    expect(questions[0]).toMatchObject({
      kind: 'SINGLE_CHOICE',
      prompt: 'Which of these should we do?',
      options: ['Renew the office lease in Austin', 'Move to a smaller space', 'No strong preference'],
    });
    expect(questions.filter((item) => item.options.length > 0)).toHaveLength(1);
    expect(questions.some((item) => /about a smaller space|for a smaller space/.test(item.prompt))).toBe(false);
  });

  it('asks each clause its own question: a "when" clause as a date, a "which" clause in its own words', async () => {
    const questions = await builtInProvider.generateQuestions(
      { goal: 'Plan the 2027 hiring: which roles come first and when should we start interviewing', audience: '', count: 5 },
      optionsWith(),
    );
    expect(questions).toContainEqual(expect.objectContaining({ kind: 'DATE', prompt: 'When should we start interviewing?' }));
    expect(questions).toContainEqual(expect.objectContaining({ kind: 'OPEN_TEXT', prompt: 'In your view, which roles come first?' }));
    const travel = await builtInProvider.generateQuestions(
      { goal: 'Agree on the travel policy changes and when they take effect', audience: '', count: 5 },
      optionsWith(),
    );
    expect(travel[0]).toMatchObject({ kind: 'DATE', prompt: 'When do you think the travel policy changes take effect?' });
    expect(travel.some((item) => item.prompt.includes('the effect'))).toBe(false);
  });

  it('asks about named worries and causes in words, tied to what they concern, never as a rating of satisfaction', async () => {
    const concerns = await builtInProvider.generateQuestions(
      { goal: 'Understand the concerns about the reorganisation and how it affects morale', audience: '', count: 5 },
      optionsWith(),
    );
    expect(concerns.map((item) => item.prompt)).toEqual(
      expect.arrayContaining(['What concerns do you see about the reorganisation?', 'How do you think the reorganisation affects morale?']),
    );
    expect(concerns.some((item) => /satisfied with the (concerns|morale)/.test(item.prompt))).toBe(false);
    const causes = await builtInProvider.generateQuestions(
      { goal: 'Identify the root causes of the delayed product launch and what we should change', audience: '', count: 5 },
      optionsWith(),
    );
    expect(causes.map((item) => item.prompt)).toEqual(
      expect.arrayContaining(['What do you see as the root causes of the delayed product launch?', 'What should we change?']),
    );
  });

  it('asks a goal that is a question once, and reads a short goal’s capital as the start of a sentence', async () => {
    const acme = await builtInProvider.generateQuestions(
      { goal: 'What went wrong with the Acme renewal?', audience: '', count: 5 },
      optionsWith(),
    );
    expect(acme[0]!.prompt).toBe('What went wrong with the Acme renewal?');
    expect(acme.filter((item) => /went wrong with the Acme renewal/.test(item.prompt))).toHaveLength(1);
    const hire = await builtInProvider.generateQuestions(
      { goal: 'Hire a new VP of Engineering: what should we look for in candidates?', audience: '', count: 5 },
      optionsWith(),
    );
    expect(hire.map((item) => item.prompt)).toEqual(
      expect.arrayContaining(['What should we look for in candidates?', 'What would you look for in a new VP of Engineering?']),
    );
    const board = await builtInProvider.generateQuestions({ goal: 'Board prep', audience: '', count: 5 }, optionsWith());
    expect(board.some((item) => item.prompt.includes('the board prep'))).toBe(true);
    expect(board.some((item) => item.prompt.includes('Board prep'))).toBe(false);
  });

  it('proposes the number asked for, up to 20, even from a goal it cannot parse', async () => {
    const questions = await builtInProvider.generateQuestions({ goal: 'zzq ###', audience: '', count: 20 }, optionsWith());
    expect(questions).toHaveLength(20);
    expect(questions.every(isComposerItem)).toBe(true);
  });
});

describe('built-in provider: summaries', () => {
  it('counts a choice by code and cites the answers it counts', async () => {
    const summary = await builtInProvider.summarizeAnswers(offsiteTask, optionsWith());
    const point = summary.keyPoints.find((entry) => entry.text.startsWith('Most people (4 of 5) chose Lisbon'));
    expect(point?.answerIds).toEqual(['where-1', 'where-2', 'where-3', 'where-4', 'where-5']);
    const spread = summary.perQuestion.find((entry) => entry.itemId === 'where');
    expect(spread?.dissentAnswerIds).toEqual(['where-3']);
  });

  it('names each side of a split once: "others" lists only the answers beyond the two named', async () => {
    const split = (answers: string[]) =>
      builtInProvider.summarizeAnswers(
        {
          title: 'Offsite',
          questions: [question('where', 'SINGLE_CHOICE', 'Where should the offsite be?', ['Lisbon', 'Austin', 'Porto'])],
          answers: answersTo('where', answers),
          maxKeyPoints: 10,
          maxWords: 200,
        },
        optionsWith(),
      );
    expect((await split(['Lisbon', 'Austin'])).keyPoints.map((point) => point.text)).toEqual([
      'Split: 1 chose Lisbon and 1 Austin (on “Where should the offsite be?”).',
    ]);
    const withOthers = (await split(['Lisbon', 'Austin', 'Porto', 'Lisbon', 'Austin'])).keyPoints.map((point) => point.text);
    expect(withOthers).toEqual([expect.stringMatching(/^Split: 2 chose Lisbon and 2 Austin; others: Porto 1\b/)]);
  });

  it('finds the shared theme and cites exactly the answers that carry it', async () => {
    const summary = await builtInProvider.summarizeAnswers(offsiteTask, optionsWith());
    const theme = summary.keyPoints.find((entry) => entry.text.includes('travel time'));
    expect(theme?.answerIds).toEqual(['why-1', 'why-2', 'why-5']);
    expect(theme?.text.startsWith('3 of 5 people mentioned travel time')).toBe(true);
  });

  it('flags a dissenting answer, gives it a key point and quotes it verbatim', async () => {
    const summary = await builtInProvider.summarizeAnswers(offsiteTask, optionsWith());
    expect(summary.perQuestion.find((entry) => entry.itemId === 'why')?.dissentAnswerIds).toEqual(['why-3']);
    expect(summary.keyPoints.some((entry) => entry.text.includes('disagreed') && entry.answerIds.includes('why-3'))).toBe(true);
    expect(summary.quotes).toContainEqual({ answerId: 'why-3', text: 'I disagree with moving it.' });
  });

  it('turns an action cue into an action item citing its answer', async () => {
    const summary = await builtInProvider.summarizeAnswers(offsiteTask, optionsWith());
    expect(summary.actionItems).toContainEqual({ text: 'Book the venue by Friday, prices go up after that.', answerIds: ['why-4'] });
  });

  it('summarises a scale with its average and says a question without answers has none', async () => {
    const summary = await builtInProvider.summarizeAnswers(offsiteTask, optionsWith());
    expect(summary.keyPoints.find((entry) => entry.answerIds.includes('budget-1'))?.text).toMatch(/^Average 3\.6 of 5 from 5 ratings/);
    expect(summary.perQuestion.find((entry) => entry.itemId === 'unanswered')).toEqual({
      itemId: 'unanswered',
      synthesis: 'No answers yet.',
      dissentAnswerIds: [],
    });
    expect(summary.keyPoints.every((entry) => entry.answerIds.length > 0)).toBe(true);
  });

  it('keeps within the key-point limit and the word budget', async () => {
    const summary = await builtInProvider.summarizeAnswers({ ...offsiteTask, maxKeyPoints: 2, maxWords: 30 }, optionsWith());
    expect(summary.keyPoints.length).toBeLessThanOrEqual(2);
    const words = [
      ...summary.keyPoints.map((entry) => entry.text),
      ...summary.perQuestion.map((entry) => entry.synthesis),
      ...summary.actionItems.map((entry) => entry.text),
    ]
      .map(countWords)
      .reduce((sum, count) => sum + count, 0);
    expect(words).toBeLessThanOrEqual(30);
  });

  it('quotes long, duplicated, HTML, markdown and non-English answers verbatim', async () => {
    const long = `${'The rollout plan needs more testing time before launch. '.repeat(180)}End.`;
    const texts = [
      long,
      '<b>Rollout</b>   plan is   *fine*,\n\n“really”.',
      '<b>Rollout</b>   plan is   *fine*,\n\n“really”.',
      'Le plan de déploiement est trop rapide.',
      '計画は良いです。',
      'ok',
    ];
    const task: SummarizeTask = {
      title: 'Edge cases',
      questions: [question('q', 'OPEN_TEXT', 'How is the rollout plan?')],
      answers: answersTo('q', texts),
      maxKeyPoints: 10,
      maxWords: 200,
    };
    const summary = await builtInProvider.summarizeAnswers(task, optionsWith());
    const byId = new Map(task.answers.map((answer) => [answer.id, answer.text]));
    expect(summary.quotes.length).toBeGreaterThan(0);
    for (const quote of summary.quotes) expect(byId.get(quote.answerId)).toContain(quote.text);
    expect(summary.keyPoints.length).toBeGreaterThan(0);
  });

  it('is deterministic: the same input gives the same output', async () => {
    const first = await builtInProvider.summarizeAnswers(offsiteTask, optionsWith());
    const second = await builtInProvider.summarizeAnswers(structuredClone(offsiteTask), optionsWith());
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const goal = { goal: 'Plan the 2027 hiring plan for engineering, sales and support', audience: 'Team leads', count: 8 };
    expect(await builtInProvider.generateQuestions(goal, optionsWith())).toEqual(
      await builtInProvider.generateQuestions(goal, optionsWith()),
    );
  });

  it('reports its stages and stops with the signal’s reason when aborted', async () => {
    const progress: GenerationProgress[] = [];
    await builtInProvider.summarizeAnswers(offsiteTask, optionsWith(progress));
    expect(progress.map((event) => event.stage)).toEqual(expect.arrayContaining(['reading', 'grouping', 'ranking', 'quoting']));
    expect(progress.at(-1)?.fraction).toBe(1);
    const controller = new AbortController();
    const reason = new Error('cancelled by the user');
    controller.abort(reason);
    await expect(builtInProvider.summarizeAnswers(offsiteTask, optionsWith([], controller.signal))).rejects.toBe(reason);
    await expect(
      builtInProvider.generateQuestions({ goal: 'Anything', audience: '', count: 1 }, optionsWith([], controller.signal)),
    ).rejects.toBe(reason);
  });
});

describe('built-in provider: brief drafting', () => {
  const sources = [
    {
      id: 'answer:1',
      type: 'ANSWER' as const,
      label: 'Dana Ruiz (answer on Q3 budget)',
      text: 'We need two more hires for the support team. The weather was nice.',
    },
    { id: 'brief:2:3', type: 'BRIEF' as const, label: 'Board prep — Risks', text: 'Churn in the SMB segment rose to 4% a month.' },
    { id: 'task:4', type: 'TASK' as const, label: 'Task: Book the venue', text: 'Book the offsite venue in Lisbon.' },
  ];

  it('restates the relevant source sentences, each citing its source', async () => {
    const draft = await builtInProvider.draftBriefSection(
      {
        briefTitle: 'Weekly staff meeting',
        heading: 'Hiring',
        guidance: 'Open roles and headcount needs.',
        instructions: 'Focus on hires for support',
        sources,
        maxSentences: 3,
      },
      optionsWith(),
    );
    expect(draft.sentences).toEqual([
      { text: 'Dana Ruiz (answer on Q3 budget): We need two more hires for the support team.', sourceIds: ['answer:1'] },
    ]);
  });

  it('counts a source’s label as what its sentences are about', async () => {
    const draft = await builtInProvider.draftBriefSection(
      { briefTitle: 'Weekly staff meeting', heading: 'Risks', guidance: '', instructions: '', sources, maxSentences: 3 },
      optionsWith(),
    );
    expect(draft.sentences).toEqual([
      { text: 'Board prep — Risks: Churn in the SMB segment rose to 4% a month.', sourceIds: ['brief:2:3'] },
    ]);
  });

  it('drafts no sentence when no source speaks to the section', async () => {
    const draft = await builtInProvider.draftBriefSection(
      {
        briefTitle: 'Weekly staff meeting',
        heading: 'Legal update',
        guidance: 'Contracts and litigation.',
        instructions: '',
        sources,
        maxSentences: 3,
      },
      optionsWith(),
    );
    expect(draft.sentences).toEqual([]);
  });

  it('keeps to the sentence limit', async () => {
    const texts = [
      'Churn rose in the SMB segment.',
      'Enterprise churn risk is low this quarter.',
      'Churn after onboarding is our biggest risk.',
      'Pricing changes could raise churn.',
    ];
    const many = texts.map((text, index) => ({ id: `answer:${index}`, type: 'ANSWER' as const, label: `Person ${index}`, text }));
    const draft = await builtInProvider.draftBriefSection(
      { briefTitle: 'Board', heading: 'Churn risks', guidance: '', instructions: '', sources: many, maxSentences: 2 },
      optionsWith(),
    );
    expect(draft.sentences).toHaveLength(2);
  });
});
