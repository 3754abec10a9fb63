/**
 * sx of text read by screen readers only (the usual clip pattern). Sizes are strings: in sx a
 * number ≤ 1 is a fraction, so `width: 1` would mean 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
