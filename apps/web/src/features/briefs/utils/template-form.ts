import type { BriefTemplate, CreateBriefTemplateBody, CreateBriefTemplateBodySchema } from '@tandem/contract';
import type { z } from 'zod';

/** The template editor's values: the contract's CreateBriefTemplateBody as typed, before trimming. */
export type TemplateFormValues = z.input<typeof CreateBriefTemplateBodySchema>;

/** A new template: no name, one empty section (a template needs at least one, contract briefs.ts). */
export const EMPTY_TEMPLATE_FORM: TemplateFormValues = { name: '', description: '', sections: [{ heading: '', guidance: '' }] };

/** The form values of a saved template. Pure. */
export function toTemplateFormValues(template: Pick<BriefTemplate, 'name' | 'description' | 'sections'>): TemplateFormValues {
  return {
    name: template.name,
    description: template.description,
    sections: template.sections.map(({ heading, guidance }) => ({ heading, guidance })),
  };
}

/** True when a section holds typed text (removing it then asks first). Pure. */
export function hasSectionText(section: { heading: string; guidance: string }): boolean {
  return section.heading.trim() !== '' || section.guidance.trim() !== '';
}

/**
 * The form field a server message for `key` belongs on: the contract's field names as the API's
 * errorData spells them ("name", "sections", "sections.2.heading"), else undefined. Pure.
 */
export function toTemplateFieldPath(
  key: string,
): keyof CreateBriefTemplateBody | `sections.${number}.${'heading' | 'guidance'}` | undefined {
  if (key === 'name' || key === 'description' || key === 'sections') return key;
  const match = /^sections\.(\d+)\.(heading|guidance)$/.exec(key);
  return match ? (`sections.${Number(match[1])}.${match[2] as 'heading' | 'guidance'}` as const) : undefined;
}

/** "Moved “Agenda” to position 2 of 5." — the screen-reader announcement of a keyboard move. Pure. */
export function describeSectionMove(heading: string, position: number, count: number): string {
  const name = heading.trim() ? `“${heading.trim()}”` : 'the untitled section';
  return `Moved ${name} to position ${position} of ${count}.`;
}
