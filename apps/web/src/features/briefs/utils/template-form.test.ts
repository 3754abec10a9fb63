import { CreateBriefTemplateBodySchema } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { describeSectionMove, EMPTY_TEMPLATE_FORM, hasSectionText, toTemplateFieldPath, toTemplateFormValues } from './template-form';

describe('template form helpers (issue #9 template editor)', () => {
  it('starts a new template with one empty section, which the contract refuses until named and headed', () => {
    const result = CreateBriefTemplateBodySchema.safeParse(EMPTY_TEMPLATE_FORM);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'sections.0.heading']);
  });

  it("takes a saved template's name, description and sections, nothing else", () => {
    const values = toTemplateFormValues({
      name: 'Board prep',
      description: 'Quarterly',
      sections: [{ heading: 'Risks', guidance: 'Top three' }],
    });
    expect(values).toEqual({ name: 'Board prep', description: 'Quarterly', sections: [{ heading: 'Risks', guidance: 'Top three' }] });
    expect(CreateBriefTemplateBodySchema.parse(values)).toEqual(values);
  });

  it('asks before removing a section only when it holds text', () => {
    expect(hasSectionText({ heading: '  ', guidance: '' })).toBe(false);
    expect(hasSectionText({ heading: '', guidance: 'Who decides' })).toBe(true);
  });

  it("maps the API's field names to form fields", () => {
    expect(toTemplateFieldPath('name')).toBe('name');
    expect(toTemplateFieldPath('sections')).toBe('sections');
    expect(toTemplateFieldPath('sections.3.guidance')).toBe('sections.3.guidance');
    expect(toTemplateFieldPath('sections.x.heading')).toBeUndefined();
    expect(toTemplateFieldPath('builtIn')).toBeUndefined();
  });

  it('announces a move with the heading and its new position', () => {
    expect(describeSectionMove(' Agenda ', 2, 5)).toBe('Moved “Agenda” to position 2 of 5.');
    expect(describeSectionMove('', 1, 3)).toBe('Moved the untitled section to position 1 of 3.');
  });
});
