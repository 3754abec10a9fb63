import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';

/**
 * The module reads `CSS.supports('field-sizing', 'content')` once when it loads, so each case
 * stubs the browser's answer and imports a fresh copy.
 */
async function loadWith(fieldSizing: boolean) {
  vi.resetModules();
  vi.stubGlobal('CSS', {
    supports: (property: string, value: string) => fieldSizing && property === 'field-sizing' && value === 'content',
  });
  return import('./multiline-text-field');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MultilineTextField: grows with its text between minRows and maxRows', () => {
  it('where the browser sizes textareas in CSS: one plain textarea, field-sizing content, its bounds in lines', async () => {
    const { MultilineTextField, cssSizesTextareas } = await loadWith(true);
    expect(cssSizesTextareas).toBe(true);
    const { container } = renderWithTheme(
      <MultilineTextField
        label="Notes"
        minRows={3}
        maxRows={12}
        slotProps={{ htmlInput: { maxLength: 20, style: { fontFamily: 'monospace' } } }}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box.tagName).toBe('TEXTAREA');
    // MUI's TextareaAutosize renders a hidden copy to measure; this path has none.
    expect(container.querySelectorAll('textarea')).toHaveLength(1);
    expect(box).toHaveAttribute('rows', '3');
    expect(box).toHaveAttribute('maxlength', '20');
    expect(box.style.getPropertyValue('field-sizing')).toBe('content');
    expect(box.style.minHeight).toBe('3lh');
    expect(box.style.maxHeight).toBe('12lh');
    expect(box.style.fontFamily).toBe('monospace');
    // It fills its column unless told otherwise: a content-sized textarea would grow sideways.
    expect(box.closest('.MuiFormControl-root')).toHaveClass('MuiFormControl-fullWidth');
  });

  it('without maxRows it grows without bound', async () => {
    const { MultilineTextField } = await loadWith(true);
    renderWithTheme(<MultilineTextField label="Answer" minRows={2} />);
    const box = screen.getByRole('textbox', { name: 'Answer' });
    expect(box.closest('.MuiFormControl-root')).toHaveClass('MuiFormControl-fullWidth');
    expect(box.style.minHeight).toBe('2lh');
    expect(box.style.maxHeight).toBe('');
  });

  it('elsewhere: MUI’s TextareaAutosize, with its hidden copy that measures the text', async () => {
    const { MultilineTextField, cssSizesTextareas } = await loadWith(false);
    expect(cssSizesTextareas).toBe(false);
    const { container } = renderWithTheme(<MultilineTextField label="Notes" minRows={3} fullWidth={false} />);
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(container.querySelectorAll('textarea')).toHaveLength(2);
    expect(container.querySelector('textarea[aria-hidden]')).not.toBeNull();
    expect(box.style.getPropertyValue('field-sizing')).toBe('');
    expect(box.closest('.MuiFormControl-root')).not.toHaveClass('MuiFormControl-fullWidth');
  });

  it('is a controlled text field on both paths: typing reaches onChange', async () => {
    for (const fieldSizing of [true, false]) {
      const { MultilineTextField } = await loadWith(fieldSizing);
      const seen: string[] = [];
      function Harness() {
        const [value, setValue] = useState('');
        return (
          <MultilineTextField
            label={`Message ${fieldSizing}`}
            minRows={2}
            value={value}
            onChange={(event) => {
              seen.push(event.target.value);
              setValue(event.target.value);
            }}
          />
        );
      }
      renderWithTheme(<Harness />);
      const box = screen.getByRole('textbox', { name: `Message ${fieldSizing}` });
      await userEvent.setup().type(box, 'a{Enter}b');
      expect(box).toHaveValue('a\nb');
      expect(seen.at(-1)).toBe('a\nb');
    }
  });
});
