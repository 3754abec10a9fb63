import type { InputBaseComponentProps } from '@mui/material/InputBase';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef } from 'react';

/**
 * Whether this browser sizes a textarea to its content in CSS (`field-sizing: content`: Chrome and
 * Edge 123, Safari 26.2, Firefox 152). Read once: it cannot change while the page lives.
 */
export const cssSizesTextareas =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Props of {@link MultilineTextField}: a TextField's, with the rows it grows between. */
export type MultilineTextFieldProps = Omit<TextFieldProps, 'multiline' | 'rows' | 'minRows' | 'maxRows' | 'slotProps'> & {
  /** The rows it shows when empty or short. */
  minRows: number;
  /** The rows it grows to before it scrolls; unbounded when left out. */
  maxRows?: number;
  /**
   * Default true (seed §9: fields fill their column). `field-sizing: content` sizes a textarea's
   * width to its text too, so a field that neither fills its column nor is stretched by a grid or
   * flex column would grow sideways as it is typed into.
   */
  fullWidth?: boolean;
  /** TextField's slot props, but for the input slot, which this component sets; the textarea's as an object. */
  slotProps?: Omit<NonNullable<TextFieldProps['slotProps']>, 'input' | 'htmlInput'> & { htmlInput?: InputBaseComponentProps };
};

/**
 * An outlined multi-line text field that grows with its text between `minRows` and `maxRows`, as
 * MUI's `multiline` TextField does, sized by the browser where it can (`field-sizing: content`)
 * instead of by MUI's TextareaAutosize. That component measures a hidden copy of the textarea in a
 * layout effect after every render: two forced layouts of the page per field per render, 210 ms of
 * the answer page's first commit at Lighthouse's 4× CPU (issue #13, decision 049). Browsers without
 * `field-sizing` keep MUI's TextareaAutosize. The ref reaches the TextField's root, as TextField's
 * does.
 */
export const MultilineTextField = forwardRef<HTMLDivElement, MultilineTextFieldProps>(function MultilineTextField(
  { minRows, maxRows, slotProps, fullWidth = true, ...props },
  ref,
) {
  if (!cssSizesTextareas)
    return <TextField {...props} ref={ref} fullWidth={fullWidth} slotProps={slotProps} multiline minRows={minRows} maxRows={maxRows} />;
  const htmlInput = slotProps?.htmlInput;
  return (
    <TextField
      {...props}
      ref={ref}
      fullWidth={fullWidth}
      multiline
      rows={minRows}
      slotProps={{
        ...slotProps,
        // A plain <textarea> in place of TextareaAutosize (InputBase uses it whenever its input
        // component is the default 'input').
        input: { inputComponent: 'textarea' },
        htmlInput: {
          ...htmlInput,
          style: {
            ...htmlInput?.style,
            fieldSizing: 'content',
            minHeight: `${minRows}lh`,
            ...(maxRows === undefined ? {} : { maxHeight: `${maxRows}lh` }),
          },
        },
      }}
    />
  );
});
