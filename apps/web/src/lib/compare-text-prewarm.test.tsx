import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countCollators } from './testing/count-collators';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('usePrewarmedTextCollator (issue #13: the collator only where names are sorted)', () => {
  it('builds the collator in an idle moment after the component mounts, not during its render', async () => {
    const built = countCollators();
    const { compareText, usePrewarmedTextCollator } = await import('./compare-text');

    const first = renderHook(() => usePrewarmedTextCollator());
    expect(built).not.toHaveBeenCalled();
    await waitFor(() => expect(built).toHaveBeenCalledTimes(1));

    expect(compareText('Ada', 'Bob')).toBeLessThan(0);
    expect(built).toHaveBeenCalledTimes(1);
    first.unmount();
  });
});
