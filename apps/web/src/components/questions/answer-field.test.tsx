import type { AnswerValue, ItemKind, QuestionItem } from '@tandem/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { AnswerField } from './answer-field';

const item = (kind: ItemKind, overrides: Partial<QuestionItem> = {}): QuestionItem => ({
  id: '00000000-0000-4000-8000-000000000101',
  prompt: 'Your answer?',
  kind,
  options: kind === 'SINGLE_CHOICE' || kind === 'MULTI_CHOICE' ? ['North', 'South', 'East'] : [],
  required: true,
  ...overrides,
});

/** The field with its value held in state, as a page holds it; `onChange` sees every change. */
function renderField(field: QuestionItem, initial: AnswerValue | null = null, props: { error?: string; disabled?: boolean } = {}) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState<AnswerValue | null>(initial);
    return (
      <AnswerField
        item={field}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        {...props}
      />
    );
  }
  renderWithTheme(<Harness />);
  return onChange;
}

describe('AnswerField: one input per item kind (issue #10)', () => {
  it('OPEN_TEXT: a labelled text box; emptied means no answer (null)', async () => {
    const user = userEvent.setup();
    const onChange = renderField(item('OPEN_TEXT'));
    const box = screen.getByRole('textbox', { name: /Your answer\?/ });
    expect(box).toBeRequired();
    await user.type(box, 'Hi');
    expect(onChange).toHaveBeenLastCalledWith('Hi');
    await user.clear(box);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('SINGLE_CHOICE: radio buttons of the options, named by the question', async () => {
    const user = userEvent.setup();
    const onChange = renderField(item('SINGLE_CHOICE'), 'North');
    const group = screen.getByRole('radiogroup', { name: /Your answer\?/ });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'North' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'East' }));
    expect(onChange).toHaveBeenLastCalledWith('East');
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('South');
  });

  it('MULTI_CHOICE: checkboxes; the value keeps the options’ order, none checked is null', async () => {
    const user = userEvent.setup();
    const onChange = renderField(item('MULTI_CHOICE'));
    await user.click(screen.getByRole('checkbox', { name: 'East' }));
    await user.click(screen.getByRole('checkbox', { name: 'North' }));
    expect(onChange).toHaveBeenLastCalledWith(['North', 'East']);
    await user.click(screen.getByRole('checkbox', { name: 'North' }));
    await user.click(screen.getByRole('checkbox', { name: 'East' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('SCALE_1_5: five pressed-or-not buttons in a group named by the question', async () => {
    const user = userEvent.setup();
    const onChange = renderField(item('SCALE_1_5', { required: false }));
    expect(screen.getAllByRole('group', { name: 'Your answer? (optional)' }).length).toBeGreaterThan(0);
    const four = screen.getByRole('button', { name: '4 of 5' });
    await user.click(four);
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(four).toHaveAttribute('aria-pressed', 'true');
    await user.click(four);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getAllByRole('button')).toHaveLength(5);
  });

  it('YES_NO: two radio buttons giving booleans', async () => {
    const user = userEvent.setup();
    const onChange = renderField(item('YES_NO'), false);
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('DATE: the browser’s date input, YYYY-MM-DD', () => {
    renderField(item('DATE'), '2026-03-13');
    const input = screen.getByLabelText(/Your answer\?/);
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue('2026-03-13');
  });

  it('shows an error under the field and describes the input with it; disabled locks it', () => {
    renderField(item('SINGLE_CHOICE'), null, { error: 'Choose one of the options.', disabled: true });
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Choose one of the options.');
    expect(screen.getByRole('radio', { name: 'South' })).toBeDisabled();
  });
});
