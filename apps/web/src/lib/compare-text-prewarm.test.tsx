import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('usePrewarmedTextCollator (issue #13: the collator only where names are sorted)', () => {
  it('builds the collator in an idle moment after the component mounts, not during its render', async () => {
    const Real = Intl.Collator;
    const built = vi.spyOn(Intl, 'Collator').mockImplementation(function (...args: ConstructorParameters<typeof Intl.Collator>) {
      return new Real(...args);
    } as unknown as typeof Intl.Collator);
    const { compareText, usePrewarmedTextCollator } = await import('./compare-text');

    const first = renderHook(() => usePrewarmedTextCollator());
    expect(built).not.toHaveBeenCalled();
    await waitFor(() => expect(built).toHaveBeenCalledTimes(1));

    expect(compareText('Ada', 'Bob')).toBeLessThan(0);
    expect(built).toHaveBeenCalledTimes(1);
    first.unmount();
  });
});
