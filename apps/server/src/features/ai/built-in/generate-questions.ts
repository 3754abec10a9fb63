import { ITEM_OPTION_MAX, ITEM_OPTIONS_MAX, ITEM_PROMPT_MAX, type ItemKind } from '@tandem/contract';
import type { GenerateQuestionsTask, GenerationOptions, ProposedQuestion } from '../ai-provider.js';
import { analyzeText, nounPhrases, spanText, type Token } from './nlp.js';
import { reportStage } from './progress.js';

/**
 * The built-in question generation (issue #11; PRODUCT §9): a library of question templates per
 * kind, picked by the intent cues of the goal (a choice "A or B" → SINGLE_CHOICE with those
 * options; when/deadline → DATE; satisfaction/confidence → SCALE_1_5; should we/approve → YES_NO;
 * why/how/risks/ideas → OPEN_TEXT; priorities among listed things → MULTI_CHOICE) and filled with
 * the goal's key phrases (noun phrases by part of speech). The goal is read clause by clause
 * (split at ":" ";" and at "and" before a verb or question word): a choice's options belong to
 * the clause that names them; worries ("budget risks") and causes ("root causes") are asked about
 * in words, tied to the main subject; "when…" / "which…" clauses are asked as their own question.
 * Always `count` distinct, valid composer items: generic templates fill up when the goal gives
 * little to work with.
 */

const timeWords =
  /^(today|tomorrow|yesterday|now|time|times|day|days|week|weeks|month|months|quarter|quarters|year|years|q[1-4]|h[12]|fy\d*|\d{4}|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|morning|afternoon|evening)$/i;
const peopleWords =
  /^(customers?|clients?|employees?|staff|users?|people|persons?|team|teams|members?|managers?|leaders?|leads?|executives?|hires?|colleagues?|everyone|folks|partners?|vendors?|candidates?|heads?)$/i;

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
  'priority',
  'priorities',
  'date',
  'dates',
  'deadline',
  'timing',
  'timeline',
  'areas',
  'area',
  'steps',
  'step',
  'updates',
]);

/** Head nouns of a phrase that names worries about something else ("the budget risks"): asked about, never rated or approved. */
const concernHeads =
  /^(risks?|concerns?|issues?|problems?|worr(y|ies)|complaints?|blockers?|challenges?|objections?|doubts?|pain points?)$/i;
/** Head nouns of a phrase that names causes ("the root causes"): asked for, never rated. */
const causeHeads = /^(causes?|reasons?|factors?|drivers?)$/i;
/** Verbs of a clause that looks for something not yet named ("pick a venue", "hire a new VP"). */
const pickVerbs = /\b(pick|choose|select|find|hire|recruit|appoint|book)\b/i;
/** Words that ask for a degree after "how" ("how satisfied the team is"): a rating, not a "how" question. */
const degreeWords =
  /^(satisfied|happy|confident|comfortable|likely|engaged|important|ready|aligned|worried|concerned|prepared|clear|useful|effective)$/i;
/** Words after which "and" starts a new clause ("…, and understand the budget risks"). */
const clauseStarters = /^(what|how|when|why|where|which|who|whether|if)$/i;

interface Template {
  kind: ItemKind;
  /** Relevance before cues; templates with equal scores keep the library's order. */
  base: number;
  /** Cue names that make this template fit the goal (each adds to its score). */
  cues: string[];
  /** Whether the template fits only goals showing one of its cues (a date only when the goal speaks of time…). */
  needsCue?: boolean;
  /** The kind of key phrase the template asks about; "subject" unless told. */
  topicKind?: TopicKind;
  prompt: (slots: Slots) => string | null;
  reason: (slots: Slots) => string;
  options?: (slots: Slots) => string[];
}

/**
 * A subject to ask about, worries about something ("budget risks"), causes of something ("root
 * causes"), or something still to be found ("pick a venue", "hire a new VP").
 */
type TopicKind = 'subject' | 'concern' | 'cause' | 'pick';

/** A key phrase of the goal: its text as it reads in a question and what kind of thing it names. */
interface Phrase {
  text: string;
  kind: TopicKind;
  /** The phrase without determiner and attached object ("budget risks"), for concern and cause prompts. */
  bare: string;
  /** What the phrase is about when the goal says so ("the reorganisation" in "concerns about the reorganisation"). */
  object: string | null;
  score: number;
  index: number;
  last: number;
}

/** Clauses of the goal a question can be built on ("why X", "how to X", "whether to X"…). */
interface Clauses {
  why: string | null;
  howTo: string | null;
  howThink: string | null;
  whatTo: string | null;
  whatThink: string | null;
  whether: string | null;
  /** "when X" as a question: "When should we X?" or "When do you think X?". */
  when: string | null;
  /** "which X" as a question: "In your view, which X?". */
  which: string | null;
}

interface Slots {
  topic: string;
  hasTopic: boolean;
  /** The key phrase being asked about (null when the clause names none). */
  phrase: Phrase | null;
  /** The goal's main subject (the first clause's first phrase), to tie other clauses' phrases to. */
  mainSubject: string | null;
  /** Whether the choices are actions ("Renew the lease…") rather than named things ("Lisbon"). */
  isActionChoice: boolean;
  /** Whether the goal names its worries itself ("the budget risks"): generic worry questions would repeat them. */
  hasConcernPhrase: boolean;
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
  confident: /\b(confiden\w*|sure|certain|ready|prepared)\b/i,
  steps: /\b(next steps?|actions?|follow-?ups?|action items?)\b/i,
};

const templates: Template[] = [
  // Choices among named alternatives
  {
    kind: 'SINGLE_CHOICE',
    base: 0,
    cues: ['hasChoices'],
    prompt: (s) =>
      s.choices.length < 2
        ? null
        : s.isActionChoice
          ? 'Which of these should we do?'
          : s.hasTopic
            ? `Which of these do you prefer for ${s.topic}?`
            : 'Which of these do you prefer?',
    options: (s) => [...s.choices, 'No strong preference'],
    reason: (s) => `Gives ${s.audience} a direct say between the options in the goal.`,
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasChoices'],
    prompt: (s) =>
      s.choices.length < 2
        ? null
        : s.isActionChoice || s.choices.length > 3
          ? 'What is the main reason for your choice?'
          : `What is the main reason for your preference between ${joinOptions(s.choices, 'and')}?`,
    reason: () => 'The reasons behind a vote show how strong each side is.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasChoices'],
    prompt: (s) =>
      s.choices.length < 2
        ? null
        : s.isActionChoice || s.choices.length > 3
          ? 'What would make any of these options not work for you?'
          : `What would make ${joinOptions(s.choices, 'or')} not work for you?`,
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
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasList'],
    prompt: (s) => (s.list.length >= 3 ? `What is missing from this list: ${joinOptions(s.list.map(lowerFirst), 'and')}?` : null),
    reason: () => 'Finds what the goal’s own list leaves out.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasList'],
    prompt: (s) => (s.list.length >= 3 ? `Which would you put last among ${joinOptions(s.list.map(lowerFirst), 'and')}, and why?` : null),
    reason: () => 'What people would drop says as much as what they would keep.',
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
  {
    kind: 'DATE',
    base: 0,
    cues: ['hasWhen'],
    prompt: (s) => s.clause.when,
    reason: () => 'A date from each person shows the realistic timeline.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0,
    cues: ['hasWhich'],
    prompt: (s) => (s.clause.which ? `In your view, which ${s.clause.which}?` : null),
    reason: () => 'Asks the goal’s own question in people’s own words.',
  },
  // Worries and causes named in the goal: asked about in words, tied to what they concern
  {
    kind: 'OPEN_TEXT',
    base: 3,
    cues: [],
    topicKind: 'concern',
    prompt: (s) =>
      s.phrase
        ? `What ${s.phrase.bare} ${/complaints?$/i.test(s.phrase.bare) ? 'have you heard' : 'do you see'}${concernObject(s)}?`
        : null,
    reason: () => 'Brings the worries the goal names into the open, in people’s own words.',
  },
  {
    kind: 'SCALE_1_5',
    base: 1,
    cues: [],
    topicKind: 'concern',
    prompt: (s) => (s.phrase && !s.phrase.object ? `How worried are you about ${s.phrase.text}? (1 = not at all, 5 = very)` : null),
    reason: () => 'A rating shows how much the worry weighs across people.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 3,
    cues: [],
    topicKind: 'pick',
    prompt: (s) =>
      s.phrase && s.mainSubject && s.mainSubject !== s.phrase.text ? `What ${s.phrase.bare} would you suggest for ${s.mainSubject}?` : null,
    reason: () => 'Collects concrete suggestions for what the goal still has to find.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 2.5,
    cues: [],
    topicKind: 'pick',
    prompt: (s) => (s.phrase ? `What would you look for in ${s.phrase.text}?` : null),
    reason: () => 'Shows what people expect before anyone is chosen.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.5,
    cues: [],
    topicKind: 'pick',
    prompt: (s) => (s.phrase ? `Who or what would you recommend as ${s.phrase.text}, and why?` : null),
    reason: () => 'Turns the search into named candidates.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 3,
    cues: [],
    topicKind: 'cause',
    prompt: (s) => (s.phrase ? `What do you see as ${s.phrase.text}?` : null),
    reason: () => 'Asks for causes in people’s own words.',
  },
  // Cue templates
  {
    kind: 'SCALE_1_5',
    base: 0.05,
    needsCue: true,
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
    prompt: (s) => (s.hasConcernPhrase ? null : `What concerns, if any, do you have about ${s.topic}?`),
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
    base: 0.1,
    needsCue: true,
    cues: ['plan', 'date', 'confident'],
    prompt: (s) => `How confident are you in ${s.topic}? (1 = not at all, 5 = fully)`,
    reason: () => 'A confidence rating shows how much doubt there is.',
  },
  {
    kind: 'YES_NO',
    base: 0,
    needsCue: true,
    cues: ['feedback'],
    prompt: (s) => `Do you support ${s.topic} as planned?`,
    reason: (s) => `A quick read of whether ${s.audience} back it.`,
  },
  {
    kind: 'DATE',
    base: 0.2,
    needsCue: true,
    cues: ['date', 'plan'],
    prompt: (s) => `By what date could ${s.topic} realistically be ready?`,
    reason: () => 'A date from each person shows the realistic timeline.',
  },
  {
    kind: 'DATE',
    base: 0.1,
    needsCue: true,
    cues: ['date'],
    prompt: (s) => `Which date works best for you for ${s.topic}?`,
    reason: () => 'Finds the date that suits most people.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.5,
    cues: ['risk'],
    prompt: (s) => (s.hasConcernPhrase ? null : `What is the biggest risk you see in ${s.topic}?`),
    reason: () => 'Asks for the one risk that matters most to each person.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.4,
    needsCue: true,
    cues: ['plan', 'priority'],
    prompt: (s) => `What should be the top priority for ${s.topic}?`,
    reason: () => 'Shows where people would put effort first.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.3,
    needsCue: true,
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
    needsCue: true,
    cues: ['priority', 'risk', 'plan'],
    prompt: (s) => `How important to your work would you rate ${s.topic}? (1 = not at all, 5 = critical)`,
    reason: () => 'Weighs how much the subject matters to each person.',
  },
  {
    kind: 'YES_NO',
    base: 0.2,
    needsCue: true,
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
    needsCue: true,
    cues: ['choice', 'plan'],
    prompt: (s) => `What information is missing to decide on ${s.topic}?`,
    reason: () => 'Shows what to find out before deciding.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.11,
    cues: ['plan', 'feedback'],
    prompt: (s) => `Who else should we ask about ${s.topic}?`,
    reason: () => 'Finds people the request may have missed.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 1.5,
    cues: ['steps'],
    needsCue: true,
    prompt: (s) => `What next steps would you propose${s.mainSubject ? ` for ${s.mainSubject}` : ''}?`,
    reason: () => 'Collects the steps people would agree to take.',
  },
  {
    kind: 'SCALE_1_5',
    base: 0.15,
    cues: ['why', 'risk', 'plan', 'priority'],
    prompt: (s) => `How well do you think we are handling ${s.topic}? (1 = poorly, 5 = very well)`,
    reason: () => 'A rating shows how the handling so far is seen across people.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.13,
    cues: [],
    prompt: (s) => `What outcome would you like to see for ${s.topic}?`,
    reason: () => 'States what success would look like to each person.',
  },
  {
    kind: 'OPEN_TEXT',
    base: 0.12,
    cues: [],
    prompt: (s) => `What questions do you still have about ${s.topic}?`,
    reason: () => 'Shows what needs explaining before anything is decided.',
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

/**
 * Proposes `count` questions for a goal; see the module comment. The goal is read clause by clause
 * ("Decide between Lisbon or Austin, and understand the budget risks" has two): the options of a
 * choice belong to the clause that names them and are asked only about that clause's subject; the
 * other clauses' phrases get templates that fit what they name (worries → open text tied to the
 * main subject, causes → open text, subjects → the cue templates of their own clause).
 */
export async function generateQuestions(task: GenerateQuestionsTask, options: GenerationOptions): Promise<ProposedQuestion[]> {
  reportStage(options, 'reading', 'Reading the goal…', 0);
  const goal = task.goal.trim().slice(0, 1_000);
  const tokens = analyzeText(goal).flatMap((sentence) => sentence.tokens);
  reportStage(options, 'ranking', 'Finding key phrases…', 0.3);
  const goalQuestion = findGoalQuestion(goal);
  const audience = shortAudience(task.audience);
  const goalCues = cuesOf(goal);

  const clauses = splitClauses(tokens).map((clauseTokens, clauseIndex) => {
    const text = spanText(goal, clauseTokens);
    const list = findList(goal, clauseTokens);
    const found = findChoices(goal, clauseTokens);
    const cues = cuesOf(text);
    // "A, B, C or D": the whole list is the choice, not its last two; "choose between A, B and C" too.
    const isListChoice =
      list.length >= 3 && (found.options.some((choice) => list.includes(choice)) || (cues.has('choice') && !cues.has('priority')));
    const choices = isListChoice ? list : found.options;
    const choiceSet = new Set([...choices, ...list].map((choice) => choice.toLowerCase()));
    const isActionChoice = !isListChoice && found.isAction;
    const span = isActionChoice ? found.span : null;
    // Options are asked about as options: no phrase inside them ("the office lease", "Lisbon") becomes a subject.
    // A clause that is a question of its own ("when they take effect", "how it affects morale") is asked as
    // that question; its nouns ("effect", "morale") are no subjects.
    const isQuestionClause = clauseIndex > 0 && /^(when|how|why|where|which|who|what)$/i.test(clauseTokens[0]?.normal ?? '');
    const phrases = isQuestionClause
      ? []
      : keyPhrases(goal, clauseTokens, pickVerbs.test(text)).filter(
          (phrase) =>
            !choiceSet.has(stripDeterminer(phrase.text).toLowerCase()) && !(span && phrase.index <= span[1] && phrase.last >= span[0]),
        );
    return { tokens: clauseTokens, cues, list: isListChoice ? [] : list, choices, isActionChoice, phrases };
  });
  const firstPhrase = clauses.flatMap((clause) => clause.phrases).find((phrase) => phrase.kind === 'subject' || phrase.object);
  const mainSubject = firstPhrase
    ? firstPhrase.kind === 'subject'
      ? firstPhrase.text
      : firstPhrase.object
    : clauses[0]?.isActionChoice
      ? 'the decision'
      : null;
  const hasConcernPhrase = clauses.some((clause) => clause.phrases.some((phrase) => phrase.kind === 'concern'));

  reportStage(options, 'grouping', 'Filling question templates…', 0.6);
  // The subjects of every clause first, then the other phrases, at most five.
  const entries: { clauseIndex: number; phrase: Phrase | null; isClauseFirst: boolean }[] = [];
  for (const [clauseIndex, clause] of clauses.entries())
    entries.push({ clauseIndex, phrase: clause.phrases[0] ?? null, isClauseFirst: true });
  for (const [clauseIndex, clause] of clauses.entries())
    for (const phrase of clause.phrases.slice(1)) entries.push({ clauseIndex, phrase, isClauseFirst: false });
  const hasAnyPhrase = entries.some((entry) => entry.phrase);
  if (entries.length === 0) entries.push({ clauseIndex: -1, phrase: null, isClauseFirst: true });

  const candidates: { question: ProposedQuestion; score: number; order: number }[] = [];
  let rank = 0;
  for (const { clauseIndex, phrase, isClauseFirst } of entries.slice(0, 6)) {
    const clause = clauses[clauseIndex];
    const cueNames = new Set(clause ? [...clause.cues] : [...goalCues]);
    const clauseQuestions = clause ? findClauses(goal, clause.tokens, mainSubject) : emptyClauses;
    // A goal that is a question is asked as it is: "What do you think <the same question>" would repeat it.
    if (goalQuestion) [clauseQuestions.whatThink, clauseQuestions.howThink] = [null, null];
    const subject = phrase?.text ?? (isClauseFirst && clause?.choices.length ? mainSubject : null);
    const slots: Slots = {
      topic: subject ?? 'this',
      hasTopic: !!subject && subject !== 'the decision',
      phrase,
      mainSubject,
      isActionChoice: clause?.isActionChoice ?? false,
      hasConcernPhrase,
      clause: clauseQuestions,
      goalQuestion: rank === 0 ? goalQuestion : null,
      choices: isClauseFirst ? (clause?.choices ?? []) : [],
      list: isClauseFirst ? (clause?.list ?? []) : [],
      audience,
    };
    if (slots.choices.length >= 2) cueNames.add('hasChoices');
    if (slots.list.length >= 3) cueNames.add('hasList');
    if (slots.clause.why) cueNames.add('hasWhy');
    if (slots.clause.howTo || slots.clause.howThink) cueNames.add('hasHow');
    if (slots.clause.whatTo || slots.clause.whatThink) cueNames.add('hasWhat');
    if (slots.clause.whether) cueNames.add('hasWhether');
    if (slots.clause.when) cueNames.add('hasWhen');
    if (slots.clause.which) cueNames.add('hasWhich');
    if (slots.goalQuestion) cueNames.add('hasQuestion');
    const kind: TopicKind = phrase?.kind ?? 'subject';
    for (const [order, template] of templates.entries()) {
      const usesTopic =
        template.prompt({ ...slots, topic: '\u0000' })?.includes('\u0000') === true || (template.topicKind ?? 'subject') !== 'subject';
      if (usesTopic && (template.topicKind ?? 'subject') !== kind) continue;
      // Templates without the topic are filled once per clause; a clause naming no subject only adds those.
      if (!usesTopic && !isClauseFirst) continue;
      if (usesTopic && !subject && hasAnyPhrase) continue;
      const prompt = template.prompt(slots);
      if (!prompt || prompt.length > ITEM_PROMPT_MAX) continue;
      const matches = template.cues.filter((cue) => cueNames.has(cue)).length;
      if (template.needsCue && matches === 0) continue;
      const isSpecific = template.cues.some((cue) => cue.startsWith('has'));
      const score = (isSpecific ? 3 + matches : template.base + matches) - rank * 0.9;
      candidates.push({
        question: {
          prompt,
          kind: template.kind,
          options: template.options ? validOptions(template.options(slots)) : [],
          required: true,
          reason: template.reason(slots),
        },
        score,
        order: rank * templates.length + order,
      });
    }
    rank += 1;
  }
  // Last resort, so that `count` questions can always be proposed: every plain template about the main subject.
  const fallbackSlots: Slots = {
    topic: mainSubject ?? 'this',
    hasTopic: !!mainSubject,
    phrase: null,
    mainSubject,
    isActionChoice: false,
    hasConcernPhrase: false,
    clause: emptyClauses,
    goalQuestion: null,
    choices: [],
    list: [],
    audience,
  };
  for (const [order, template] of templates.entries()) {
    if ((template.topicKind ?? 'subject') !== 'subject') continue;
    const prompt = template.prompt(fallbackSlots);
    if (!prompt || prompt.length > ITEM_PROMPT_MAX || template.options) continue;
    candidates.push({
      question: { prompt, kind: template.kind, options: [], required: true, reason: template.reason(fallbackSlots) },
      // Templates that need a cue come last of all: "By what date could the outage be ready?" reads wrong.
      score: -100 + template.base - (template.needsCue ? 100 : 0),
      order: 1_000_000 + order,
    });
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);

  reportStage(options, 'quoting', 'Choosing questions…', 0.9);
  const chosen: ProposedQuestion[] = [];
  const seen = new Set<string>();
  const kindCount = new Map<ItemKind, number>();
  // Two passes: first at most a third of the questions of one kind (variety), then anything left.
  for (const pass of [0, 1]) {
    for (const { question, score } of candidates) {
      if (chosen.length >= task.count) break;
      // Templates that need a cue the goal lacks wait for the last pass.
      if (pass === 0 && score < -150) continue;
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

const emptyClauses: Clauses = {
  why: null,
  howTo: null,
  howThink: null,
  whatTo: null,
  whatThink: null,
  whether: null,
  when: null,
  which: null,
};

function cuesOf(text: string): Set<string> {
  return new Set(
    Object.entries(cueStems)
      .filter(([, pattern]) => pattern.test(text))
      .map(([name]) => name),
  );
}

/** " for the offsite" after a worry's prompt: what it is about, said in the goal or else the main subject. */
function concernObject(slots: Slots): string {
  const phrase = slots.phrase;
  if (!phrase) return '';
  const object = phrase.object ?? (slots.mainSubject && slots.mainSubject !== phrase.text ? slots.mainSubject : null);
  if (!object) return '';
  const head = phrase.bare.split(' ').at(-1)!.toLowerCase();
  const preposition = /^(risks?|blockers?|challenges?)$/.test(head)
    ? 'for'
    : /^(issues?|problems?|pain points?)$/.test(head)
      ? 'with'
      : 'about';
  return ` ${preposition} ${object}`;
}

/** The goal's own question, when it ends with one ("Hire a VP: what should we look for?" → its last part). */
function findGoalQuestion(goal: string): { prompt: string; isYesNo: boolean } | null {
  if (!/\?\s*$/.test(goal)) return null;
  const question = goal
    .slice(Math.max(goal.lastIndexOf(':'), goal.lastIndexOf(';'), goal.lastIndexOf('.', goal.length - 2)) + 1)
    .replace(/\s+/g, ' ')
    .trim();
  if (question.length < 3 || question.length > 300) return null;
  const prompt = question[0]!.toUpperCase() + question.slice(1);
  return { prompt, isYesNo: /^(should|do|does|did|is|are|was|were|can|could|will|would|shall|have|has)\b/i.test(prompt) };
}

/**
 * The goal's clauses as token runs: split at ":" ";" and sentence ends, and at "and" when a new
 * verb or question word follows ("…in Austin, and understand the budget risks"; "…changes and when…").
 */
function splitClauses(tokens: Token[]): Token[][] {
  const clauses: Token[][] = [];
  let current: Token[] = [];
  const close = () => {
    while (current.length > 0 && !current.at(-1)!.isWord) current.pop();
    if (current.some((token) => token.isWord)) clauses.push(current);
    current = [];
  };
  for (const [index, token] of tokens.entries()) {
    const next = tokens[index + 1];
    if (/^[:;.!?]$/.test(token.value)) {
      close();
      continue;
    }
    if (token.normal === 'and' && next && current.length >= 2 && (next.pos === 'VERB' || clauseStarters.test(next.normal))) {
      close();
      continue;
    }
    current.push(token);
  }
  close();
  return clauses;
}

/** Noun phrases of the goal as readable text, the subject first (after the goal's framing words). */
function keyPhrases(goalText: string, tokens: Token[], isPickClause: boolean): Phrase[] {
  const phrases: Phrase[] = [];
  const ranges = nounPhrases(tokens);
  for (const [rangeIndex, { first, last }] of ranges.entries()) {
    // A capitalised first word followed by a determiner is the goal's verb ("Plan the…"), not a subject.
    if (first === 0 && last === 0 && ['DET', 'PRON', 'ADP', 'PART'].includes(tokens[1]?.pos ?? '')) continue;
    const words = tokens.slice(first, last + 1);
    let start = 0;
    while (start < words.length - 1 && vagueNouns.has(words[start]!.normal)) start += 1;
    let core = words.slice(start);
    // Times at the end ("the website outage last Tuesday") are dropped when a noun comes before them.
    const isTimeish = (token: Token) => timeWords.test(token.normal) || ['last', 'next', 'this', 'early', 'late'].includes(token.normal);
    let cut = core.length;
    while (cut > 0 && isTimeish(core[cut - 1]!)) cut -= 1;
    if (cut > 0 && cut < core.length && ['NOUN', 'PROPN'].includes(core[cut - 1]!.pos) && !timeWords.test(core[cut - 1]!.normal))
      core = core.slice(0, cut);
    if (core.every((token) => vagueNouns.has(token.normal))) continue;
    // Times only ("this quarter"), groups of people ("customers") and fragments ("go") are not subjects.
    const head = core.at(-1)!;
    if (
      (core.every((token) => isTimeish(token) || token.pos === 'NUM' || !token.isWord) && !core.some((token) => token.value === '-')) ||
      peopleWords.test(head.normal) ||
      core.every((token) => token.value.length <= 2)
    )
      continue;
    const before = tokens[first - 1];
    const determiner =
      before &&
      (before.pos === 'DET' || before.pos === 'PRON') &&
      /^(the|a|an|our|this|these|that|those|its|their|my|your)$/i.test(before.value)
        ? before.normal
        : null;
    // A capital that only starts the goal ("Board prep") is not a name.
    const isSentenceStart =
      first + start === 0 &&
      /^\p{Lu}\p{Ll}*$/u.test(core[0]!.value) &&
      (core[0]!.pos !== 'PROPN' || (core.length > 1 && /^\p{Ll}/u.test(core[1]!.value)));
    const startsWithTime = timeWords.test(core[0]!.normal);
    const startsWithName = /^\p{Lu}/u.test(core[0]!.value) && !isSentenceStart && !startsWithTime;
    const isPlural = /[^su]s$/i.test(head.value);
    const needsThe =
      !determiner && head.pos === 'NOUN' && (core[0]!.pos !== 'PROPN' || startsWithTime || isSentenceStart) && !isPlural && !startsWithName;
    let bare = spanText(goalText, core);
    if (isSentenceStart) bare = bare[0]!.toLowerCase() + bare.slice(1);
    const isIndefinite = determiner === 'a' || determiner === 'an';
    const kind: TopicKind = concernHeads.test(head.normal)
      ? 'concern'
      : causeHeads.test(head.normal)
        ? 'cause'
        : isPickClause && isIndefinite
          ? 'pick'
          : 'subject';
    // "X of Y" (and "concerns about Y") read as one phrase: "a new VP of Engineering", "the root causes of the delay".
    const preposition = tokens[last + 1];
    const nextRange = ranges[rangeIndex + 1];
    let object: string | null = null;
    if (
      preposition &&
      nextRange &&
      (preposition.normal === 'of' ||
        (preposition.normal === 'from' && tokens[nextRange.first]?.pos === 'PROPN') ||
        (kind !== 'subject' && ['about', 'with', 'in', 'for', 'around', 'behind'].includes(preposition.normal))) &&
      nextRange.first - (last + 1) <= 2 &&
      tokens.slice(last + 2, nextRange.first).every((token) => token.pos === 'DET' || token.pos === 'PRON')
    ) {
      object = spanText(goalText, tokens.slice(last + 2, nextRange.last + 1));
    }
    const own = `${determiner ? `${determiner} ` : needsThe ? 'the ' : ''}${bare}`;
    const text = (object ? `${own} ${preposition!.normal} ${object}` : own).slice(0, 120);
    const isProper = core.some((token) => token.pos === 'PROPN');
    phrases.push({
      text,
      kind,
      bare,
      object: kind === 'concern' || kind === 'cause' ? object : null,
      // Worries and causes the goal names are what it asks about: they come before plain subjects.
      score: core.length + (isProper ? 0.5 : 0) + (kind === 'subject' ? 0 : 2) - first * 0.05,
      index: first,
      last: object ? nextRange!.last : last,
    });
  }
  // No noun phrase: an activity named by a gerund ("what slowed down onboarding") is the subject.
  if (phrases.length === 0) {
    for (const [index, token] of tokens.entries()) {
      if (index > 0 && token.isWord && token.pos === 'VERB' && /ing$/i.test(token.value) && !vagueNouns.has(token.normal)) {
        phrases.push({ text: token.value, kind: 'subject', bare: token.value, object: null, score: 1, index, last: index });
      }
    }
  }
  const unique = new Map<string, Phrase>();
  for (const phrase of phrases) if (!unique.has(phrase.text.toLowerCase())) unique.set(phrase.text.toLowerCase(), phrase);
  // The object of "X of Y" is part of X; the object of a worry ("concerns about the reorganisation") stays a subject of its own.
  const wholes = [...unique.values()].filter((phrase) => phrase.kind === 'subject' || phrase.kind === 'pick');
  const kept = [...unique.values()].filter(
    (phrase) => !wholes.some((whole) => whole !== phrase && whole.index < phrase.index && whole.last >= phrase.last),
  );
  // The first phrase of the goal is its subject; the rest by length and position.
  const [subject, ...others] = kept.sort((a, b) => a.index - b.index);
  if (!subject) return [];
  // A further subject of one plain word ("the target" in "sales missed target") is too thin to ask about on its own.
  const rest = others.filter(
    (phrase) => phrase.kind !== 'subject' || /\s/.test(stripDeterminer(phrase.text)) || /^\p{Lu}/u.test(phrase.bare),
  );
  return [subject, ...rest.sort((a, b) => b.score - a.score || a.index - b.index)].slice(0, 4);
}

/**
 * Alternatives the goal names: "A or B", "A, B or C", "between A and B", "A vs B". Named things
 * (Lisbon, Austin) are the options; when the alternatives are actions ("renew the lease in Austin or
 * move to a smaller space") the options are the actions themselves (`isAction`).
 */
function findChoices(goalText: string, tokens: Token[]): { options: string[]; isAction: boolean; span: [number, number] | null } {
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
        return { options: validOptions([textOf(after[0]!), textOf(after[1]!)]), isAction: false, span: null };
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
    const isName = (range: { first: number; last: number }) =>
      tokens.slice(range.first, range.last + 1).some((word) => word.pos === 'PROPN');
    const actions = token.normal === 'or' && !(picked.every(isName) && isName(right)) ? findActions(goalText, tokens, index) : null;
    if (actions) return { options: actions.options, isAction: true, span: actions.span };
    const options = validOptions([...picked.map(textOf), textOf(right)]);
    if (options.length >= 2) return { options, isAction: false, span: null };
  }
  return { options: [], isAction: false, span: null };
}

/** "renew the lease in Austin or move to a smaller space" → both actions, when "or" joins two verbs; else null. */
function findActions(goalText: string, tokens: Token[], or: number): { options: string[]; span: [number, number] } | null {
  const next = tokens[or + 1];
  const isVerbLike =
    !!next && (next.pos === 'VERB' || (next.pos === 'NOUN' && ['ADP', 'DET', 'PRON', 'PART'].includes(tokens[or + 2]?.pos ?? '')));
  if (!isVerbLike) return null;
  let start = or - 1;
  while (start >= 0 && tokens[start]!.pos !== 'VERB') start -= 1;
  if (start === -1) {
    // A verb the tagger took for a noun ("sponsor the conference"): the word before the object's determiner.
    const determiner = tokens.findLastIndex((word, position) => position < or && word.pos === 'DET');
    start = determiner > 0 && tokens[determiner - 1]!.isWord && tokens[determiner - 1]!.pos !== 'ADP' ? determiner - 1 : -1;
  }
  let end = or + 1;
  while (end < tokens.length && tokens[end]!.isWord && end - or <= 10) end += 1;
  if (start === -1 || or - start > 10 || end - or > 10) return null;
  const options = validOptions([spanText(goalText, tokens.slice(start, or)), spanText(goalText, tokens.slice(or + 1, end))]);
  return options.length === 2 ? { options, span: [start, end - 1] } : null;
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
 * The questions a clause asks: "why X" → why; "how to X" / "how X" → howTo / howThink; "what to X" /
 * "what X" → whatTo / whatThink; "whether to X", "if we should X", "Should we X" → whether; "when X"
 * → when; "which X" → which. Each is the clause's own words up to its end, with a leading "it"
 * replaced by the goal's main subject ("how it affects morale" → "how the reorganisation affects morale").
 */
function findClauses(goalText: string, tokens: Token[], mainSubject: string | null): Clauses {
  const find = (cue: string) => tokens.findIndex((token) => token.normal === cue);
  const next = (index: number) => tokens[index + 1]?.normal;
  const how = find('how');
  const what = find('what');
  // "how confident…", "how much…" ask for a degree (a rating), "how can we…" is already a question.
  const isDegreeOrQuestion = (index: number) =>
    ['much', 'many', 'long', 'often', 'soon', 'far', 'big', 'well', 'likely', 'fast'].includes(next(index) ?? '') ||
    ['ADJ', 'ADV', 'AUX'].includes(tokens[index + 1]?.pos ?? '') ||
    degreeWords.test(next(index) ?? '');
  let whether = tokens.findIndex((token) => token.normal === 'whether' || token.normal === 'if');
  let whetherSkip = ['to', 'we', 'should'];
  if (whether === -1 && tokens[0]?.normal === 'should' && ['we', 'i'].includes(next(0) ?? '')) {
    whether = 0;
    whetherSkip = ['we', 'i'];
  }
  const isPluralSubject = !!mainSubject && /[^su]s$/i.test(mainSubject);
  const resolve = (text: string | null) =>
    text && mainSubject ? text.replace(/^it\b/i, mainSubject).replace(/^they\b/i, isPluralSubject ? mainSubject : 'they') : text;
  let whatThink = what !== -1 && next(what) !== 'to' && !isDegreeOrQuestion(what) ? clauseFrom(goalText, tokens, what, []) : null;
  let whatTo = what !== -1 && next(what) === 'to' ? clauseFrom(goalText, tokens, what, ['to']) : null;
  // "what we should change" is "What should we change?"; "what customers think about X" is not asked back as it stands.
  const recommendation = whatThink?.match(/^we (?:should|need to|must) (.+)$/i);
  if (recommendation) [whatTo, whatThink] = [recommendation[1]!, null];
  if (whatThink && /\b(think|thinks|feel|feels|say|says)\b/i.test(whatThink)) whatThink = null;
  const when = find('when');
  const whenText = when === -1 ? null : clauseFrom(goalText, tokens, when, []);
  const isDirect = when !== -1 && tokens[when + 1]?.pos === 'AUX';
  const which = find('which');
  return {
    why: resolve(clauseFrom(goalText, tokens, find('why'), [])),
    howTo: how !== -1 && next(how) === 'to' ? clauseFrom(goalText, tokens, how, ['to']) : null,
    howThink: how !== -1 && next(how) !== 'to' && !isDegreeOrQuestion(how) ? resolve(clauseFrom(goalText, tokens, how, [])) : null,
    whatTo,
    whatThink: resolve(whatThink),
    whether: whether === -1 ? null : clauseFrom(goalText, tokens, whether, whetherSkip),
    when: whenText ? (isDirect ? `When ${whenText}?` : `When do you think ${resolve(whenText)}?`) : null,
    which: which === -1 || tokens[which + 1]?.pos !== 'NOUN' ? null : clauseFrom(goalText, tokens, which, []),
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

/** "Hiring" → "hiring" inside a sentence; names and acronyms ("HubSpot", "CRM") keep their capitals. */
function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}*(\s|$)/u.test(text) && !/^\p{Lu}\p{Ll}*\p{Lu}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function joinOptions(options: string[], conjunction: string): string {
  return options.length <= 2 ? options.join(` ${conjunction} `) : `${options.slice(0, -1).join(', ')} ${conjunction} ${options.at(-1)}`;
}
