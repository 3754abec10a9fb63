import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { makeBrief } from '../testing/make-brief';
import type { BriefConflict } from '../utils/brief-merge';
import { BriefConflictDialog } from './brief-conflict-dialog';

const current = makeBrief('b1', { version: 4, updatedBy: { memberId: 'm2', firstName: 'Jordan', lastName: 'Reyes' } });
const section = (body: string) => ({ key: 's1', id: 's1', heading: 'Agenda', body, guidance: '' });
const sectionConflict: BriefConflict = { id: 'section:s1', kind: 'section', mine: section('My agenda'), theirs: section('Their agenda') };
const titleConflict: BriefConflict = { id: 'title', kind: 'title', mine: 'Board prep', theirs: 'Board prep (Q3)' };

const renderDialog = (conflicts: BriefConflict[]) => {
  const onResolve = vi.fn();
  renderWithTheme(<BriefConflictDialog open current={current} conflicts={conflicts} memberNames={new Map()} onResolve={onResolve} />);
  return onResolve;
};

describe('BriefConflictDialog (issue #9: both versions, never a lost edit)', () => {
  it('shows both versions of the part and keeps mine or takes theirs', async () => {
    const user = userEvent.setup();
    const onResolve = renderDialog([sectionConflict]);
    const dialog = screen.getByRole('dialog', { name: 'Jordan changed this brief too' });
    expect(within(dialog).getByText('My agenda')).toBeInTheDocument();
    expect(within(dialog).getByText('Their agenda')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(onResolve).toHaveBeenLastCalledWith({ 'section:s1': 'mine' });
    await user.click(within(dialog).getByRole('button', { name: 'Use theirs' }));
    expect(onResolve).toHaveBeenLastCalledWith({ 'section:s1': 'theirs' });
  });

  it('lets each part be chosen on its own when there are several', async () => {
    const user = userEvent.setup();
    const onResolve = renderDialog([titleConflict, sectionConflict]);
    const titleChoice = screen.getByRole('group', { name: 'Version of Title to keep' });
    await user.click(within(titleChoice).getByRole('button', { name: 'Theirs' }));
    await user.click(screen.getByRole('button', { name: 'Keep my choices' }));
    expect(onResolve).toHaveBeenCalledWith({ title: 'theirs', 'section:s1': 'mine' });
  });

  it('says when one side removed the section', () => {
    renderDialog([{ ...sectionConflict, theirs: null }]);
    expect(screen.getByText('They removed this section.')).toBeInTheDocument();
  });
});
