import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@/config/constants';

/** Props of {@link BrandMark}. */
export interface BrandMarkProps {
  /** Logo edge length in px (default 32). */
  size?: number;
  /** Show the product name next to the logo (default true). */
  showName?: boolean;
}

/**
 * The Tandem mark: two interlocking rings (the executive and the assistant) on the primary
 * colour, optionally followed by the product name. Decorative logo; the name is real text.
 */
export function BrandMark({ size = 32, showName = true }: BrandMarkProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="svg" viewBox="0 0 64 64" aria-hidden="true" sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}>
        <rect width="64" height="64" rx="16" fill="currentColor" />
        <circle cx="25" cy="32" r="11" fill="none" stroke="#fff" strokeWidth="5" />
        <circle cx="39" cy="32" r="11" fill="none" stroke="#fff" strokeOpacity="0.6" strokeWidth="5" />
      </Box>
      {showName && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: '-0.02em' }}>
          {PRODUCT_NAME}
        </Typography>
      )}
    </Box>
  );
}
