import type { DraftSource } from '@tandem/contract';
import { paths } from '@/config/paths';

/**
 * The section body after "Accept" (issue #11): the draft replaces an empty body (blank space counts
 * as empty), else it goes after the text there, one blank line between. Pure.
 */
export function mergeDraftIntoBody(body: string, markdown: string): string {
  const draft = markdown.trim();
  if (draft === '') return body;
  if (body.trim() === '') return draft;
  return `${body.trimEnd()}\n\n${draft}`;
}

/** Where a source opens: an answer's request, the task in the task list, the earlier brief; null when it names none. */
export function sourceHref(source: DraftSource): string | null {
  if (source.type === 'ANSWER' && source.requestId) return paths.questions.detail.getHref(source.requestId);
  if (source.type === 'TASK' && source.taskId) return paths.tasks.list.getHref(new URLSearchParams({ task: source.taskId }));
  if (source.type === 'BRIEF' && source.briefId) return paths.briefs.detail.getHref(source.briefId);
  return null;
}

/** Why "Draft with AI" is unavailable on a section, or null when it is available (issue #11, PRODUCT §9). */
export function draftUnavailableReason(options: { isConfidential: boolean; isSaved: boolean }): string | null {
  if (options.isConfidential) return 'Confidential briefs are never sent to an AI assistant.';
  if (!options.isSaved) return 'Available once this new section is saved.';
  return null;
}
