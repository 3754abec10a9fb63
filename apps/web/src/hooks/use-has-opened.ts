import { useState } from 'react';

/**
 * True from the first render where `open` is true on (and while it is): a dialog or panel loaded
 * with `React.lazy` mounts when first opened and stays mounted, so its closing transition still
 * runs and its code and hooks cost nothing on the page's first render (issue #13).
 */
export function useHasOpened(open: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  return hasOpened || open;
}
