import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput, type CodeInputProps } from './code-input';

/** CodeInput with its own state, as a form holds it. */
function ControlledCodeInput(props: Omit<CodeInputProps, 'value' | 'onChange'> & { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CodeInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
    />
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const values = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');

describe('CodeInput (seed §9: six boxes, one digit each)', () => {
  it('is a labelled group of six numeric boxes, the first focused when asked', () => {
    render(<ControlledCodeInput shouldFocusFirst />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveFocus();
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('moves to the next box on each typed digit and calls onComplete with the code', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<ControlledCodeInput onComplete={onComplete} shouldFocusFirst />);
    await user.keyboard('1234');
    expect(values()).toBe('1234');
    expect(box(5)).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('56');
    expect(values()).toBe('123456');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('ignores what is not a digit', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledCodeInput onChange={onChange} shouldFocusFirst />);
    await user.keyboard('a-. ');
    expect(values()).toBe('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('4x2');
    expect(values()).toBe('42');
    expect(onChange).toHaveBeenLastCalledWith('42');
  });

  it('fills every box from a pasted code, even with spaces or a dash, and completes', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<ControlledCodeInput onComplete={onComplete} />);
    await user.click(box(1));
    await user.paste('123-456');
    expect(values()).toBe('123456');
    expect(box(6)).toHaveFocus();
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('keeps only the first six digits of a longer paste and ignores a paste without digits', async () => {
    const user = userEvent.setup();
    render(<ControlledCodeInput />);
    await user.click(box(1));
    await user.paste('no code here');
    expect(values()).toBe('');
    await user.paste('98765432');
    expect(values()).toBe('987654');
  });

  it('Backspace clears the current digit, and on an empty box goes back one and clears it', async () => {
    const user = userEvent.setup();
    render(<ControlledCodeInput shouldFocusFirst />);
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1');
    expect(box(2)).toHaveFocus();
    // On a filled box, Backspace clears that digit and the caret stays.
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{Backspace}');
    expect(values()).toBe('');
    expect(box(1)).toHaveFocus();
  });

  it('is usable with the keyboard alone: arrows move between boxes and Tab leaves the group', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ControlledCodeInput shouldFocusFirst />
        <button type="button">Next</button>
      </>,
    );
    await user.keyboard('12');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(box(2)).toHaveFocus();
    // Typing over a filled box replaces its digit (the box selects its content on focus).
    await user.keyboard('7');
    expect(values()).toBe('17');
    await user.click(box(6));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('shows an error under the boxes, marks them invalid and puts the caret back in the first box', () => {
    render(<ControlledCodeInput error="That code is wrong." />);
    expect(screen.getByRole('alert')).toHaveTextContent('That code is wrong.');
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription('That code is wrong.');
    expect(box(3)).toHaveAttribute('aria-invalid', 'true');
    expect(box(1)).toHaveFocus();
  });

  it('cannot be typed in while disabled', async () => {
    const user = userEvent.setup();
    render(<ControlledCodeInput disabled />);
    await user.click(box(1));
    await user.keyboard('1');
    expect(values()).toBe('');
    expect(box(1)).toBeDisabled();
  });
});
