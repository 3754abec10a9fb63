import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment } from 'react';

/** Props of {@link EmailAddress}. */
export interface EmailAddressProps {
  email: string;
  /** The element: 'strong' to stress the address in a sentence. Default 'span'. */
  component?: 'span' | 'strong';
  sx?: SxProps<Theme>;
}

/**
 * The parts of an address a line may end after: each part but the first starts with "@" or "."
 * ("jamie.reyes@office.example" → "jamie", ".reyes", "@office", ".example"). Pure.
 */
export function splitEmailForWrapping(email: string): string[] {
  return email.split(/(?=[@.])/).filter((part) => part !== '');
}

/**
 * An email address that wraps where a reader expects it (issue #8: addresses broke mid-word on
 * phones): a line may break before "@" and before each "." (a `<wbr>` there), and inside a part
 * only when that part alone is wider than the line. The text, its copy and its accessible name
 * stay the plain address. Use it wherever an address is shown.
 */
export function EmailAddress({ email, component = 'span', sx }: EmailAddressProps) {
  return (
    <Box
      component={component}
      translate="no"
      sx={[
        // Overrides a parent's break-all / anywhere, which break inside words and let table cells shrink.
        { wordBreak: 'normal', overflowWrap: 'break-word' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {splitEmailForWrapping(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}
