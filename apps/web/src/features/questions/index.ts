/** The questions feature's public API (STYLE §1): what other features (the dashboard, AI) may use. */
export { NewAnswerRows } from './components/new-answer-rows';
export { WaitingOnRows, type WaitingOnRowsProps } from './components/waiting-on-rows';
export { ItemEditor, type ItemEditorProps } from './components/item-editor';
export { NoQuestionsAccess } from './components/no-questions-access';
export { RecipientsField } from './components/recipients-field';
export { useQuestionsAccess } from './hooks/use-questions-access';
export { isPlanLimit } from './api/request-mutations';
export {
  changeItemKind,
  itemProblem,
  moveItem,
  moveItemByKey,
  newDraftItem,
  type DraftItem,
  type DraftRecipient,
} from './utils/composer-draft';
export { storeGeneratedHandoff, type GeneratedHandoff } from './utils/generated-handoff';
export { contactName } from './utils/request-format';
