import { ITEM_OPTION_MAX, ITEM_OPTIONS_MAX, ITEM_PROMPT_MAX, type ItemKind } from '@tandem/contract';
import type { GenerateQuestionsTask, GenerationOptions, ProposedQuestion } from '../ai-provider.js';
import { analyzeText, nounPhrases, spanText, type Token } from './nlp.js';
import { reportStage } from './progress.js';

/**
 * The built-in question generation (issue #11; PRODUCT §9): a library of question templates per
 * kind, picked by the intent cues of the goal (a choice "A or B" → SINGLE_CHOICE with those
 * options; when/deadline → DATE; satisfaction/confidence → SCALE_1_5; should we/approve → YES_NO;
 * why/how/risks/ideas → OPEN_TEXT; priorities among listed things → MULTI_CHOICE) and filled with
 * the goal's key phrases (noun phrases by part of speech). Always `count` distinct, valid
 * composer items: generic templates fill up when the goal gives little to work with.
 */

const timeWords =
  /^(today|tomorrow|yesterday|now|time|times|day|days|week|weeks|month|months|quarter|quarters|year|years|q[1-4]|h[12]|fy\d*|\d{4}|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|morning|afternoon|evening)$/i;
const peopleWords =
  /^(customers?|clients?|employees?|staff|users?|people|persons?|team|teams|members?|managers?|leaders?|leads?|executives?|hires?|colleagues?|everyone|folks|partners?|vendors?|candidates?)$/i;

/** Nouns too vague to be a topic on their own. */
const vagueNouns = new Set([
  'feedback',
  'input',
  'view',
  'views',
  'opinion',
  'opinions',
  'thought',
  'thoughts',
  'way',
  'thing',
  'things',
  'idea',
  'ideas',
  'option',
  'options',
  'decision',
  'people',
  'everyone',
  'team',
  'whether',
  'lot',
]);

interface Template {
  kind: ItemKind;
  /** Relevance before cues; templates with equal scores keep the library's order. */
  base: number;
  /** Cue names that make this template fit the goal (each adds to its score). */
  cues: string[];
  prompt: (slots: Slots) => string | null;
  reason: (slots: Slots) => string;
  options?: (slots: Slots) => string[];
}

/** Clauses of the goal a question can be built on ("why X", "how to X", "whether to X"…). */
interface Clauses {
  why: string | null;
  howTo: string | null;
  howThink: string | null;
  whatTo: string | null;
  whatThink: string | null;
  whether: string | null;
}

interface Slots {
  topic: string;
  hasTopic: boolean;
  clause: Clauses;
  /** The goal itself when it is already a question ("Should we raise prices?"), else null. */
  goalQuestion: { prompt: string; isYesNo: boolean } | null;
  choices: string[];
  list: string[];
  audience: string;
}

const cueStems: Record<string, RegExp> = {
  choice: /\b(decide|decision|choose|choice|pick|select|prefer|option|between|versus|vs)\b/i,
  date: /\b(when|date|dates|deadline|deadlines|timeline|timing|schedule|launch|by when|start|kick ?off|deliver)\b/i,
  scale: /\b(rate|rating|satisf\w*|confiden\w*|feedback|experience|happy|morale|sentiment|quality|well|pulse|engage\w*|effective\w*)\b/i,
  yesNo: /\b(should we|whether|agree|approve|approval|support|go ahead|go\/no-go|no-go|sign off|green ?light|adopt|ok)\b/i,
  why: /\b(why|cause|causes|reason|reasons|miss\w*|fail\w*|post-?mortem|retro\w*|went wrong|root)\b/i,
  risk: /\b(risk\w*|concern\w*|issue\w*|problem\w*|blocker\w*|worr\w*|escalat\w*|complain\w*|incident\w*)\b/i,
  idea: /\b(idea\w*|improv\w*|suggest\w*|brainstorm\w*|how|better|change\w*|fix\w*|new)\b/i,
  priority: /\b(priorit\w*|focus|rank\w*|most important|first|budget\w*|invest\w*)\b/i,
  plan: /\b(plan\w*|hir\w*|headcount|roadmap|prep\w*|board|strategy|goal\w*)\b/i,
  feedback: /\b(feedback|policy|policies|process|change|rollout|program\w*|tool\w*)\b/i,
};

const templates: Template[] = [
  // Choices among named alternatives
  {
    kind: 'SINGLE_CHOICE',
    base: 0,
    cues: ['hasChoices'],
    prompt: (s) =>
      s.choices.length >= 2 ? (s.hasTopic ? `Which of these do you prefer for ${s.topic}?` : 'Which of these do you prefer?') : null,
    options: (s) => [...s.choices, 'No strong preference'],
    reason: (s) => `Gives ${s.audience} a direct say between the options in the goal.`,
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasChoices'],
    prompt: (s) => (s.choices.length >= 2 ? `What is the main reason for your preference between ${joinOptions(s.choices, 'and')}?` : null),
    reason: () => 'The reasons behind a vote show how strong each side is.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasChoices'],
    prompt: (s) => (s.choices.length >= 2 ? `What would make ${joinOptions(s.choices, 'or')} not work for you?` : null),
    reason: () => 'Surfaces deal-breakers a simple vote would hide.',
  },
  {
    kind: 'MULTI_CHOICE',
    base: 0,
    cues: ['hasList'],
    prompt: (s) => (s.list.length >= 3 ? 'Which of these should be our top priorities?' : null),
    options: (s) => s.list,
    reason: (s) => `Shows where ${s.audience} would focus among the things named in the goal.`,
  },
  // Clauses taken from the goal
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasWhy'],
    prompt: (s) => (s.clause.why ? `Why do you think ${s.clause.why}?` : null),
    reason: () => 'Asks for causes in people’s own words.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasHow'],
    prompt: (s) => (s.clause.howTo ? `How would you ${s.clause.howTo}?` : null),
    reason: () => 'Collects concrete approaches from the people closest to the work.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasHow'],
    prompt: (s) => (s.clause.howThink ? `How do you think ${s.clause.howThink}?` : null),
    reason: () => 'Asks for each person’s own reading of the situation.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasWhat'],
    prompt: (s) => (s.clause.whatTo ? `What should we ${s.clause.whatTo}?` : null),
    reason: () => 'Asks directly for a recommendation.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasWhat'],
    prompt: (s) => (s.clause.whatThink ? `What do you think ${s.clause.whatThink}?` : null),
    reason: () => 'Asks the goal’s own question in people’s own words.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasQuestion'],
    prompt: (s) => (s.goalQuestion && !s.goalQuestion.isYesNo ? s.goalQuestion.prompt : null),
    reason: () => 'The goal is already a question: ask it as it is.',
  },
  {
    kind: 'YES_NO',
    base: 0,
    cues: ['hasQuestion'],
    prompt: (s) => (s.goalQuestion?.isYesNo && s.choices.length < 2 ? s.goalQuestion.prompt : null),
    reason: (s) => `The goal is a yes-or-no question: a clear answer from ${s.audience}.`,
  },
  {
    kind: 'YES_NO',
    base: 0,
    cues: ['hasWhether'],
    prompt: (s) => (s.clause.whether && s.choices.length < 2 ? `Should we ${s.clause.whether}?` : null),
    reason: (s) => `A clear yes or no from ${s.audience} on the decision itself.`,
  },
  // Cue templates
  {
    kind: 'SCALE_1_5',
    base: 0.6,
    cues: ['scale', 'feedback'],
    prompt: (s) => `How satisfied are you with ${s.topic}? (1 = not at all, 5 = very)`,
    reason: () => 'A rating makes the overall mood countable.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.5,
    cues: ['feedback', 'idea'],
    prompt: (s) => `What would you change about ${s.topic}?`,
    reason: () => 'Turns feedback into concrete changes.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.7,
    cues: ['risk', 'plan', 'feedback', 'choice'],
    prompt: (s) => `What concerns, if any, do you have about ${s.topic}?`,
    reason: () => 'Brings risks and objections into the open early.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.3,
    cues: ['why'],
    prompt: (s) => `What was the biggest factor behind ${s.topic}?`,
    reason: () => 'Points at the main cause rather than a list.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.3,
    cues: ['why', 'risk'],
    prompt: (s) => `What warning signs about ${s.topic} did we miss, if any?`,
    reason: () => 'Finds what could have been seen earlier.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.4,
    cues: ['why', 'idea', 'plan'],
    prompt: (s) => `What should we do differently about ${s.topic} from here?`,
    reason: () => 'Moves from diagnosis to next steps.',
  },
  {
    kind: 'SCALE_1_5',
    base: 0.4,
    cues: ['plan', 'why', 'date'],
    prompt: (s) => `How confident are you in ${s.topic}? (1 = not at all, 5 = fully)`,
    reason: () => 'A confidence rating shows how much doubt there is.',
  },
  {
    kind: 'YES_NO',
    base: 0.4,
    cues: ['yesNo', 'choice', 'feedback'],
    prompt: (s) => `Do you support ${s.topic} as planned?`,
    reason: (s) => `A quick read of whether ${s.audience} back it.`,
  },
  {
    kind: 'DATE',
    base: 0.2,
    cues: ['date', 'plan'],
    prompt: (s) => `By what date could ${s.topic} realistically be ready?`,
    reason: () => 'A date from each person shows the realistic timeline.',
  },
  {
    kind: 'DATE',
    base: 0.1,
    cues: ['date', 'choice'],
    prompt: (s) => `Which date works best for you for ${s.topic}?`,
    reason: () => 'Finds the date that suits most people.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.5,
    cues: ['risk'],
    prompt: (s) => `What is the biggest risk you see in ${s.topic}?`,
    reason: () => 'Asks for the one risk that matters most to each person.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.4,
    cues: ['plan', 'priority'],
    prompt: (s) => `What should be the top priority for ${s.topic}?`,
    reason: () => 'Shows where people would put effort first.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.3,
    cues: ['plan', 'idea'],
    prompt: (s) => `What would you need to make ${s.topic} a success?`,
    reason: () => 'Surfaces resources and support people need.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.3,
    cues: ['idea'],
    prompt: (s) => `What one idea would most improve ${s.topic}?`,
    reason: () => 'Collects the best single idea from each person.',
  },
  {
    kind: 'SCALE_1_5',
    base: 0.2,
    cues: ['priority', 'risk', 'plan'],
    prompt: (s) => `How important to your work would you rate ${s.topic}? (1 = not at all, 5 = critical)`,
    reason: () => 'Weighs how much the subject matters to each person.',
  },
  {
    kind: 'YES_NO',
    base: 0.2,
    cues: ['risk', 'plan', 'date'],
    prompt: (s) => `Is anything blocking you on ${s.topic} right now?`,
    reason: () => 'Flags blockers that need attention now.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.35,
    cues: [],
    prompt: (s) => `What should we know about ${s.topic} that has not been said yet?`,
    reason: () => 'Leaves room for what the other questions do not cover.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.2,
    cues: ['choice', 'plan'],
    prompt: (s) => `What information is missing to decide on ${s.topic}?`,
    reason: () => 'Shows what to find out before deciding.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.15,
    cues: ['plan', 'feedback'],
    prompt: (s) => `Who else should we ask about ${s.topic}?`,
    reason: () => 'Finds people the request may have missed.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.1,
    cues: [],
    prompt: () => 'If it were your call, what would you do first?',
    reason: () => 'Asks each person for their own first step.',
  },
  {
    kind: 'YES_NO',
    base: 0.1,
    cues: [],
    prompt: (s) => `Would you like to discuss ${s.topic} in person?`,
    reason: () => 'Finds who wants a conversation rather than a form.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.05,
    cues: [],
    prompt: () => 'Is there anything else you would like to add?',
    reason: () => 'A last open door for anything the questions missed.',
  },
];

/** Proposes `count` questions for a goal; see the module comment. */
export async function generateQuestions(task: GenerateQuestionsTask, options: GenerationOptions): Promise<ProposedQuestion[]> {
  reportStage(options, 'reading', 'Reading the goal…', 0);
  const goal = task.goal.trim().slice(0, 1_000);
  const tokens = analyzeText(goal).flatMap((sentence) => sentence.tokens);
  reportStage(options, 'ranking', 'Finding key phrases…', 0.3);
  const phrases = keyPhrases(goal, tokens);
  const list = findList(goal, tokens);
  const pair = findChoices(goal, tokens);
  // "A, B, C or D": the whole list is the choice, not its last two.
  const choices = list.length >= 3 && pair.some((choice) => list.includes(choice)) ? list : pair;
  const choiceSet = new Set(choices.map((choice) => choice.toLowerCase()));
  const topics = phrases.filter((phrase) => !choiceSet.has(stripDeterminer(phrase).toLowerCase()));
  const clause = findClauses(goal, tokens);
  const goalQuestion =
    /\?\s*$/.test(goal) && goal.length <= 300
      ? {
          prompt: goal.replace(/\s+/g, ' '),
          isYesNo: /^(should|do|does|did|is|are|was|were|can|could|will|would|shall|have|has)\b/i.test(goal),
        }
      : null;
  const audience = shortAudience(task.audience);
  const cueNames = new Set(
    Object.entries(cueStems)
      .filter(([, pattern]) => pattern.test(goal))
      .map(([name]) => name),
  );
  if (choices.length >= 2) cueNames.add('hasChoices');
  if (list.length >= 3) cueNames.add('hasList');
  if (clause.why) cueNames.add('hasWhy');
  if (clause.howTo || clause.howThink) cueNames.add('hasHow');
  if (clause.whatTo || clause.whatThink) cueNames.add('hasWhat');
  if (clause.whether) cueNames.add('hasWhether');
  if (goalQuestion) cueNames.add('hasQuestion');

  reportStage(options, 'grouping', 'Filling question templates…', 0.6);
  const topicList = topics.length > 0 ? topics : ['this'];
  const candidates: { question: ProposedQuestion; score: number; order: number }[] = [];
  for (const [topicRank, topic] of topicList.entries()) {
    const slots: Slots = { topic, hasTopic: topics.length > 0, clause, goalQuestion, choices, list, audience };
    for (const [order, template] of templates.entries()) {
      // Templates that do not use the topic only need to be filled once.
      if (topicRank > 0 && template.prompt({ ...slots, topic: '\u0000' })?.includes('\u0000') !== true) continue;
      const prompt = template.prompt(slots);
      if (!prompt || prompt.length > ITEM_PROMPT_MAX) continue;
      const matches = template.cues.filter((cue) => cueNames.has(cue)).length;
      const isSpecific = template.cues.some((cue) => cue.startsWith('has'));
      const score = (isSpecific ? 3 + matches : template.base + matches) - topicRank * 0.9;
      candidates.push({
        question: {
          prompt,
          kind: template.kind,
          options: template.options ? validOptions(template.options(slots)) : [],
          required: true,
          reason: template.reason(slots),
        },
        score,
        order: topicRank * templates.length + order,
      });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);

  reportStage(options, 'quoting', 'Choosing questions…', 0.9);
  const chosen: ProposedQuestion[] = [];
  const seen = new Set<string>();
  const kindCount = new Map<ItemKind, number>();
  // Two passes: first at most a third of the questions of one kind (variety), then anything left.
  for (const pass of [0, 1]) {
    for (const { question } of candidates) {
      if (chosen.length >= task.count) break;
      const key = question.prompt.toLowerCase();
      if (seen.has(key)) continue;
      if (['SINGLE_CHOICE', 'MULTI_CHOICE'].includes(question.kind) && question.options.length < 2) continue;
      const used = kindCount.get(question.kind) ?? 0;
      if (pass === 0 && task.count >= 3 && used >= Math.ceil(task.count / 3) + (question.kind === 'OPEN_TEXT' ? 1 : 0)) continue;
      seen.add(key);
      kindCount.set(question.kind, used + 1);
      chosen.push(question);
    }
  }
  reportStage(options, 'quoting', 'Done.', 1);
  return chosen;
}

/** Noun phrases of the goal as readable text, the subject first (after the goal's framing words). */
function keyPhrases(goalText: string, tokens: Token[]): string[] {
  const phrases: { text: string; score: number; index: number }[] = [];
  for (const { first, last } of nounPhrases(tokens)) {
    // A capitalised first word followed by a determiner is the goal's verb ("Plan the…"), not a subject.
    if (first === 0 && last === 0 && ['DET', 'PRON', 'ADP', 'PART'].includes(tokens[1]?.pos ?? '')) continue;
    const words = tokens.slice(first, last + 1);
    let start = 0;
    while (start < words.length - 1 && vagueNouns.has(words[start]!.normal)) start += 1;
    const core = words.slice(start);
    if (core.every((token) => vagueNouns.has(token.normal))) continue;
    // Times ("this quarter", "June"), groups of people ("customers") and fragments ("go") are not subjects.
    const head = core.at(-1)!;
    if (timeWords.test(head.normal) || peopleWords.test(head.normal) || core.every((token) => token.value.length <= 2)) continue;
    const before = tokens[first - 1];
    const determiner =
      before &&
      (before.pos === 'DET' || before.pos === 'PRON') &&
      /^(the|a|an|our|this|these|that|those|its|their|my|your)$/i.test(before.value)
        ? before.normal
        : null;
    const needsThe =
      !determiner && head.pos === 'NOUN' && core[0]!.pos !== 'PROPN' && !/s$/i.test(head.value) && !/^\p{Lu}/u.test(core[0]!.value);
    const text = `${determiner ? `${determiner} ` : needsThe ? 'the ' : ''}${spanText(goalText, core)}`.slice(0, 120);
    const isProper = core.some((token) => token.pos === 'PROPN');
    phrases.push({ text, score: core.length + (isProper ? 0.5 : 0) - first * 0.05, index: first });
  }
  // No noun phrase: an activity named by a gerund ("what slowed down onboarding") is the subject.
  if (phrases.length === 0) {
    for (const [index, token] of tokens.entries()) {
      if (index > 0 && token.isWord && token.pos === 'VERB' && /ing$/i.test(token.value) && !vagueNouns.has(token.normal)) {
        phrases.push({ text: token.value, score: 1, index });
      }
    }
  }
  const unique = new Map<string, { text: string; score: number; index: number }>();
  for (const phrase of phrases) if (!unique.has(phrase.text.toLowerCase())) unique.set(phrase.text.toLowerCase(), phrase);
  // The first phrase of the goal is its subject; the rest by length and position.
  const [subject, ...rest] = [...unique.values()].sort((a, b) => a.index - b.index);
  if (!subject) return [];
  return [subject, ...rest.sort((a, b) => b.score - a.score || a.index - b.index)].map((phrase) => phrase.text).slice(0, 5);
}

/** Alternatives the goal names: "A or B", "A, B or C", "between A and B", "A vs B". */
function findChoices(goalText: string, tokens: Token[]): string[] {
  const phrases = nounPhrases(tokens);
  const textOf = (range: { first: number; last: number }) => spanText(goalText, tokens.slice(range.first, range.last + 1));
  for (const [index, token] of tokens.entries()) {
    const isOr = ['or', 'vs', 'vs.', 'versus'].includes(token.normal);
    const isBetween = token.normal === 'between';
    if (!isOr && !isBetween) continue;
    if (isBetween) {
      const after = phrases.filter((phrase) => phrase.first > index);
      const and = tokens.findIndex((candidate, position) => position > index && candidate.normal === 'and');
      if (after.length >= 2 && and !== -1 && after[0]!.last < and && after[1]!.first > and)
        return validOptions([textOf(after[0]!), textOf(after[1]!)]);
      continue;
    }
    const left = phrases.filter((phrase) => phrase.last < index);
    const right = phrases.find((phrase) => phrase.first > index);
    if (left.length === 0 || !right) continue;
    const picked = [left.at(-1)!];
    // "A, B or C": earlier phrases separated by commas only.
    for (let position = left.length - 2; position >= 0; position -= 1) {
      const between = tokens.slice(left[position]!.last + 1, picked[0]!.first);
      if (between.length !== 1 || between[0]!.value !== ',') break;
      picked.unshift(left[position]!);
    }
    const options = validOptions([...picked.map(textOf), textOf(right)]);
    if (options.length >= 2) return options;
  }
  return [];
}

/** Three or more things listed with commas and a final "and"/"or" ("hiring, pricing and support"). */
function findList(goalText: string, tokens: Token[]): string[] {
  const isItemWord = (token: Token | undefined) =>
    !!token && token.isWord && (['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(token.pos) || (token.pos === 'VERB' && /ing$/i.test(token.value)));
  const comma = tokens.findIndex((token) => token.value === ',');
  if (comma === -1) return [];
  let start = comma;
  while (start > 0 && isItemWord(tokens[start - 1])) start -= 1;
  const items = [tokens.slice(start, comma)];
  let index = comma + 1;
  while (index < tokens.length) {
    if (['and', 'or'].includes(tokens[index]!.normal)) index += 1;
    const itemStart = index;
    while (isItemWord(tokens[index])) index += 1;
    if (index === itemStart) break;
    items.push(tokens.slice(itemStart, index));
    const separator = tokens[index]?.normal;
    if (separator === ',') {
      index += 1;
      continue;
    }
    if (separator !== 'and' && separator !== 'or') break;
  }
  const texts = items.filter((item) => item.length > 0 && item.length <= 5).map((item) => spanText(goalText, item));
  return texts.length >= 3 ? validOptions(texts) : [];
}

/**
 * The goal's clauses: "why X" → why; "how to X" / "how X" → howTo / howThink; "what to X" /
 * "what X" → whatTo / whatThink; "whether to X", "if we should X", a goal starting "Should we X" →
 * whether. Each is the goal's own words up to the clause's end.
 */
function findClauses(goalText: string, tokens: Token[]): Clauses {
  const find = (cue: string) => tokens.findIndex((token) => token.normal === cue);
  const next = (index: number) => tokens[index + 1]?.normal;
  const how = find('how');
  const what = find('what');
  const isQuantity = (index: number) =>
    ['much', 'many', 'long', 'often', 'soon', 'far', 'big', 'well', 'likely', 'fast'].includes(next(index) ?? '');
  let whether = tokens.findIndex((token) => token.normal === 'whether' || token.normal === 'if');
  let whetherSkip = ['to', 'we', 'should'];
  if (whether === -1 && tokens[0]?.normal === 'should' && ['we', 'i'].includes(next(0) ?? '')) {
    whether = 0;
    whetherSkip = ['we', 'i'];
  }
  return {
    why: clauseFrom(goalText, tokens, find('why'), []),
    howTo: how !== -1 && next(how) === 'to' ? clauseFrom(goalText, tokens, how, ['to']) : null,
    howThink: how !== -1 && next(how) !== 'to' && !isQuantity(how) ? clauseFrom(goalText, tokens, how, []) : null,
    whatTo: what !== -1 && next(what) === 'to' ? clauseFrom(goalText, tokens, what, ['to']) : null,
    whatThink: what !== -1 && next(what) !== 'to' && !isQuantity(what) ? clauseFrom(goalText, tokens, what, []) : null,
    whether: whether === -1 ? null : clauseFrom(goalText, tokens, whether, whetherSkip),
  };
}

/** The words after the cue at `index` (skipping `skip` words), up to the clause's end; null when too short or too long. */
function clauseFrom(goalText: string, tokens: Token[], index: number, skip: string[]): string | null {
  if (index === -1) return null;
  let start = index + 1;
  while (start < tokens.length && skip.includes(tokens[start]!.normal)) start += 1;
  let end = start;
  while (end < tokens.length && !/^[.;:!?]$/.test(tokens[end]!.value) && tokens[end]!.value !== '\n') end += 1;
  const words = tokens.slice(start, end);
  if (words.filter((token) => token.isWord).length < 2) return null;
  const text = spanText(goalText, words).replace(/[,\s]+$/u, '');
  return text.length > 200 ? null : text;
}

function shortAudience(audience: string): string {
  const text = audience.trim().replace(/\s+/g, ' ');
  return text.length > 0 && text.length <= 60 ? text : 'the people asked';
}

function stripDeterminer(text: string): string {
  return text.replace(/^(the|a|an|our|this|these|that|those|its|their|my|your)\s+/i, '');
}

/** Options as the composer accepts them: trimmed, non-empty, distinct (case-insensitively), ≤ 200 characters, ≤ 20. */
function validOptions(options: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const option of options) {
    const text = stripDeterminer(option.trim()).slice(0, ITEM_OPTION_MAX).trim();
    const label = text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text;
    if (label.length === 0 || seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    result.push(label);
  }
  return result.slice(0, ITEM_OPTIONS_MAX);
}

function joinOptions(options: string[], conjunction: string): string {
  return options.length <= 2 ? options.join(` ${conjunction} `) : `${options.slice(0, -1).join(', ')} ${conjunction} ${options.at(-1)}`;
}
