import type { DraftSource } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { draftUnavailableReason, mergeDraftIntoBody, sourceHref } from './brief-draft';

const source = (patch: Partial<DraftSource>): DraftSource => ({
  id: 's',
  type: 'ANSWER',
  label: 'A source',
  excerpt: '',
  answerId: null,
  requestId: null,
  briefId: null,
  taskId: null,
  ...patch,
});

describe('mergeDraftIntoBody (issue #11 Accept)', () => {
  it('replaces an empty or blank body', () => {
    expect(mergeDraftIntoBody('', '- One\n')).toBe('- One');
    expect(mergeDraftIntoBody('  \n', 'Two')).toBe('Two');
  });

  it('appends after the text there with one blank line between', () => {
    expect(mergeDraftIntoBody('Budget\n\n\n', 'Costs')).toBe('Budget\n\nCosts');
  });

  it('leaves the body as it is for an empty draft', () => {
    expect(mergeDraftIntoBody('Budget', '  ')).toBe('Budget');
  });
});

describe('sourceHref', () => {
  it('opens an answer’s request, a task in the list, an earlier brief', () => {
    expect(sourceHref(source({ type: 'ANSWER', requestId: 'r 1' }))).toBe('/questions/r%201');
    expect(sourceHref(source({ type: 'TASK', taskId: 't1' }))).toBe('/tasks?task=t1');
    expect(sourceHref(source({ type: 'BRIEF', briefId: 'b1' }))).toBe('/executive-briefs/b1');
  });

  it('is null when the source names nothing to open', () => {
    expect(sourceHref(source({ type: 'ANSWER', answerId: 'a1' }))).toBeNull();
  });
});

describe('draftUnavailableReason', () => {
  it('puts confidentiality first, then an unsaved section', () => {
    expect(draftUnavailableReason({ isConfidential: true, isSaved: false })).toBe('Confidential briefs are never sent to an AI assistant.');
    expect(draftUnavailableReason({ isConfidential: false, isSaved: false })).toMatch(/saved/);
    expect(draftUnavailableReason({ isConfidential: false, isSaved: true })).toBeNull();
  });
});
