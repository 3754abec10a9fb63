/** The AI feature's public API (STYLE §1; issue #11): what the questions, briefs and settings screens use. */
export { GenerateQuestionsPage } from './components/generate-questions-page';
export { BriefSectionDraftAssist, type BriefSectionDraftAssistProps } from './components/brief-section-draft';
export { AiStatusLine } from './components/ai-status-line';
export { mergeDraftIntoBody } from './utils/brief-draft';
