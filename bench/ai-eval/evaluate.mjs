// Started by run.mjs under tsx (see there). Not a test: it measures and prints, and exits 1 only
// when a hard rule is broken (a quote that is not verbatim, a citation of an unknown answer).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { countWords, isComposerItem, summaryWordBudget, SUMMARY_KEY_POINTS_MAX } from '@tandem/contract';
import { builtInProvider } from '../../apps/server/src/features/ai/built-in/built-in-provider.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const asJson = process.argv.includes('--json');
const options = () => ({ signal: new AbortController().signal, onProgress: () => {} });
const stopWords = new Set(
  'the a an and or of to in on for with from by at is are was were be been it its this that these those we our us you your they their them i my me as but not no so if than then too very most more all any some each per into about after before over under out up down off just also only can will would should could may might must do does did has have had one two three'.split(
    ' ',
  ),
);

/** Content words of a text as the recall rule compares them: lower case, stop words out, a plural "s" dropped. */
function contentWords(text) {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
      .filter((word) => !stopWords.has(word) && word.length >= 2)
      .map((word) => word.replace(/['’]s$/, '').replace(/(?<=\w{3})s$/, '')),
  );
}

function taskOf(reference) {
  const answers = reference.answers.map((answer) => ({
    id: answer.id,
    requestId: 'request',
    itemId: answer.itemId,
    contactId: `contact-${answer.person}`,
    name: reference.people[answer.person],
    text: answer.text,
  }));
  const words = answers.reduce((sum, answer) => sum + countWords(answer.text), 0);
  return {
    title: reference.title,
    questions: reference.questions.map((question) => ({ requestId: 'request', requestTitle: reference.title, ...question })),
    answers,
    maxKeyPoints: SUMMARY_KEY_POINTS_MAX,
    maxWords: summaryWordBudget(words),
  };
}

function evaluateCase(reference, proposal, task) {
  const byId = new Map(task.answers.map((answer) => [answer.id, answer]));
  const found = reference.expectedKeyPoints.map((expected) => {
    const needed = Math.ceil(expected.answerIds.length / 2);
    const words = contentWords(expected.description);
    const match = proposal.keyPoints.find(
      (point) =>
        expected.answerIds.filter((id) => point.answerIds.includes(id)).length >= needed &&
        [...contentWords(point.text)].some((word) => words.has(word)),
    );
    return { description: expected.description, found: Boolean(match), by: match?.text ?? null };
  });
  const faithful = proposal.quotes.filter((quote) => byId.get(quote.answerId)?.text.includes(quote.text)).length;
  const dissentIds = new Set(proposal.perQuestion.flatMap((question) => question.dissentAnswerIds));
  const quoted = new Set(proposal.quotes.map((quote) => quote.answerId));
  const cited = new Set(proposal.keyPoints.flatMap((point) => point.answerIds));
  const dissentKept = reference.expectedDissent.filter((id) => dissentIds.has(id) || quoted.has(id) || cited.has(id));
  const dissentFlagged = reference.expectedDissent.filter((id) => dissentIds.has(id));
  const words =
    proposal.keyPoints.reduce((sum, point) => sum + countWords(point.text), 0) +
    proposal.perQuestion.reduce((sum, question) => sum + countWords(question.synthesis), 0) +
    proposal.actionItems.reduce((sum, item) => sum + countWords(item.text), 0);
  const unknownCitations = [...proposal.keyPoints, ...proposal.actionItems]
    .flatMap((point) => point.answerIds)
    .filter((id) => !byId.has(id));
  return {
    case: reference.title,
    answers: task.answers.length,
    recall: found.filter((entry) => entry.found).length / found.length,
    found,
    quotes: proposal.quotes.length,
    quoteFaithfulness: proposal.quotes.length === 0 ? 1 : faithful / proposal.quotes.length,
    dissentKept: reference.expectedDissent.length === 0 ? 1 : dissentKept.length / reference.expectedDissent.length,
    dissentFlagged: reference.expectedDissent.length === 0 ? 1 : dissentFlagged.length / reference.expectedDissent.length,
    falseDissent: [...dissentIds].filter(
      (id) =>
        !reference.expectedDissent.includes(id) &&
        reference.questions.find((question) => question.itemId === byId.get(id)?.itemId)?.kind === 'OPEN_TEXT',
    ).length,
    keyPoints: proposal.keyPoints.length,
    actionItems: proposal.actionItems.length,
    words,
    budget: task.maxWords,
    unknownCitations: unknownCitations.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Synthetic load: deterministic answers (a linear congruential generator, fixed seed)

const fragments = [
  'The travel budget is too tight for the team',
  'I think the new venue works well for everyone',
  'Hiring has been slow and the backlog keeps growing',
  'We should follow up with finance about the approval process',
  'Customer escalations take too long to reach engineering',
  'Honestly I disagree with the plan, it ignores the support load',
  'The launch date looks realistic if we keep the scope small',
  'Reimbursements are slow and the receipt app fails often',
  'Morale is good but people are tired after the migration',
  'Let’s review the pricing before the board meeting',
];
function syntheticTask(count) {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const answers = Array.from({ length: count }, (_, index) => {
    const sentences = 1 + Math.floor(next() * 4);
    const text = Array.from({ length: sentences }, () => `${fragments[Math.floor(next() * fragments.length)]}.`).join(' ');
    return { id: `answer-${index}`, requestId: 'request', itemId: 'open', contactId: `contact-${index}`, name: `Person ${index}`, text };
  });
  const words = answers.reduce((sum, answer) => sum + countWords(answer.text), 0);
  return {
    title: 'Synthetic',
    questions: [
      { requestId: 'request', requestTitle: 'Synthetic', itemId: 'open', prompt: 'What should we know?', kind: 'OPEN_TEXT', options: [] },
    ],
    answers,
    maxKeyPoints: SUMMARY_KEY_POINTS_MAX,
    maxWords: summaryWordBudget(words),
  };
}

async function measure(run) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const heapAfter = process.memoryUsage().heapUsed;
  return { ms, heapDeltaMiB: (heapAfter - heapBefore) / 1_048_576, rssMiB: process.memoryUsage().rss / 1_048_576 };
}

const casesDir = path.join(here, 'cases');
const results = [];
for (const file of readdirSync(casesDir)
  .filter((name) => name.endsWith('.json'))
  .sort()) {
  const reference = JSON.parse(readFileSync(path.join(casesDir, file), 'utf8'));
  const task = taskOf(reference);
  const proposal = await builtInProvider.summarizeAnswers(task, options());
  const again = await builtInProvider.summarizeAnswers(task, options());
  results.push({
    file,
    ...evaluateCase(reference, proposal, task),
    deterministic: JSON.stringify(proposal) === JSON.stringify(again),
    proposal,
  });
}

const wink = winkNLP(model);
const load = [];
for (const count of [100, 1_000]) {
  const task = syntheticTask(count);
  // One warm-up of each so both sides run with the model loaded and the code compiled.
  await builtInProvider.summarizeAnswers(syntheticTask(20), options());
  const floor = await measure(async () => {
    for (const answer of task.answers) wink.readDoc(answer.text).sentences().out();
  });
  const provider = await measure(() => builtInProvider.summarizeAnswers(task, options()));
  load.push({ answers: count, provider, floor });
}

if (asJson) {
  console.log(JSON.stringify({ cases: results, load }, null, 2));
} else {
  const percent = (value) => `${Math.round(value * 100)}%`;
  console.log(
    'case | answers | key-point recall | quote faithfulness | dissent kept (flagged) | words / budget | key points | deterministic',
  );
  for (const result of results) {
    console.log(
      `${result.file.replace('.json', '')} | ${result.answers} | ${percent(result.recall)} (${result.found.filter((entry) => entry.found).length}/${result.found.length}) | ${percent(result.quoteFaithfulness)} of ${result.quotes} | ${percent(result.dissentKept)} (${percent(result.dissentFlagged)}) | ${result.words} / ${result.budget} | ${result.keyPoints} | ${result.deterministic ? 'yes' : 'NO'}`,
    );
    for (const entry of result.found) if (!entry.found) console.log(`    missed: ${entry.description}`);
  }
  const mean = results.reduce((sum, result) => sum + result.recall, 0) / results.length;
  console.log(`mean key-point recall ${percent(mean)}`);
  console.log('\nanswers | built-in summary ms | heap Δ MiB | RSS MiB | floor (wink sentences) ms | floor heap Δ MiB');
  for (const { answers, provider, floor } of load) {
    console.log(
      `${answers} | ${provider.ms.toFixed(0)} | ${provider.heapDeltaMiB.toFixed(1)} | ${provider.rssMiB.toFixed(0)} | ${floor.ms.toFixed(0)} | ${floor.heapDeltaMiB.toFixed(1)}`,
    );
  }
}
// Question generation on goals that appear nowhere in the code or the cases (issue #11's examples).
const goals = [
  'Decide whether to move the offsite to Lisbon or keep it in Austin',
  'Understand why Q3 sales missed target',
  'Collect feedback on the new expense policy',
  // Several clauses: a choice's options must stay on its own clause (the budget risks are asked about, not voted on).
  'Decide whether to move the offsite to Lisbon or keep it in Austin, and understand the budget risks',
  'Decide if we should renew the office lease in Austin or move to a smaller space, and what it means for the team',
];
const generated = [];
for (const goal of goals) {
  const items = await builtInProvider.generateQuestions({ goal, audience: 'Leadership team', count: 5 }, options());
  generated.push({ goal, items, valid: items.every((item) => isComposerItem(item)) });
}
if (!asJson) {
  for (const { goal, items, valid } of generated) {
    console.log(`\n${goal}${valid ? '' : ' (INVALID ITEM)'}`);
    for (const item of items)
      console.log(`  ${item.kind} · ${item.prompt}${item.options.length > 0 ? ` [${item.options.join(' | ')}]` : ''}`);
  }
}

const broken =
  generated.some((entry) => !entry.valid) ||
  results.some((result) => result.quoteFaithfulness < 1 || result.unknownCitations > 0 || !result.deterministic);
process.exit(broken ? 1 : 0);
