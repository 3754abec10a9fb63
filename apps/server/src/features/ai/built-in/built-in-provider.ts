import type { AiProvider } from '../ai-provider.js';
import { draftBriefSection } from './draft-brief-section.js';
import { generateQuestions } from './generate-questions.js';
import { summarizeAnswers } from './summarize-answers.js';

/**
 * The built-in offline provider (issue #11; PRODUCT §9): deterministic (the same input gives the
 * same output, byte for byte), no key, nothing downloaded at run time. wink-nlp with its bundled
 * English model finds sentences, parts of speech, sentiment and negation; question templates are
 * filled from the goal's key phrases (generate-questions.ts), summaries are extractive and cite
 * every answer they rest on (summarize-answers.ts), brief sections restate only the sources that
 * speak to them (draft-brief-section.ts). Aborting `options.signal` stops a call between stages
 * with the signal's reason.
 */
export const builtInProvider: AiProvider = {
  kind: 'BUILT_IN',
  model: null,
  generateQuestions,
  summarizeAnswers,
  draftBriefSection,
};
