import { can, type WorkspaceMemberType } from '@tandem/contract';

/** How /executive-briefs/{id} shows a brief: rendered for reading and marking, or in the section editor. */
export type BriefMode = 'read' | 'edit';

/** The URL's search parameter that keeps the chosen mode of a brief across reloads (`?mode=edit`). */
export const BRIEF_MODE_PARAM = 'mode';

/**
 * The mode a member gets when the URL names none (issue #9: the executive reads the brief, often on a
 * phone, and marks it; OWNERs and EXECUTIVEASSISTANTs write briefs): 'read' for the EXECUTIVE and for
 * those who cannot edit (USER, GUEST; PRODUCT §6), 'edit' for the other editors. Pure.
 */
export function getDefaultBriefMode(type: WorkspaceMemberType): BriefMode {
  return type === 'EXECUTIVE' || !can(type, 'editBriefs') ? 'read' : 'edit';
}

/**
 * The mode to show: the URL's `requested` mode when it is one and the member may use it, otherwise
 * {@link getDefaultBriefMode}. Members who cannot edit briefs always read. Pure.
 */
export function resolveBriefMode(type: WorkspaceMemberType, requested: string | null): BriefMode {
  if (!can(type, 'editBriefs')) return 'read';
  return requested === 'read' || requested === 'edit' ? requested : getDefaultBriefMode(type);
}

/**
 * The search parameters after choosing `mode`: the parameter is dropped when `mode` is the member's
 * default (a clean URL to share), set otherwise; other parameters are kept. Pure.
 */
export function withBriefMode(params: URLSearchParams, type: WorkspaceMemberType, mode: BriefMode): URLSearchParams {
  const next = new URLSearchParams(params);
  if (mode === getDefaultBriefMode(type)) next.delete(BRIEF_MODE_PARAM);
  else next.set(BRIEF_MODE_PARAM, mode);
  return next;
}
