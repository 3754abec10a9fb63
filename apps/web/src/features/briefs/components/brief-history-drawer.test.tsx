import { describe, expect, it } from 'vitest';
import { describeChanges } from './brief-history-drawer';

describe('describeChanges: what one save changed, in the history (issue #9)', () => {
  it('names the fields and each changed section with how it changed', () => {
    expect(
      describeChanges({
        title: true,
        meeting: true,
        confidential: false,
        sections: [
          { id: 'a', heading: 'Agenda', change: 'edited' },
          { id: 'b', heading: ' ', change: 'added' },
        ],
      }),
    ).toBe('Title, meeting changed; Agenda edited, Untitled added');
  });

  it('reads well with sections only, or nothing visible', () => {
    expect(
      describeChanges({ title: false, meeting: false, confidential: false, sections: [{ id: 'r', heading: 'Risks', change: 'moved' }] }),
    ).toBe('Risks moved');
    expect(describeChanges({ title: false, meeting: false, confidential: true, sections: [] })).toBe('Confidential changed');
    expect(describeChanges({ title: false, meeting: false, confidential: false, sections: [] })).toBe('No visible change');
  });
});
