import { afterEach, describe, expect, it, vi } from 'vitest';
import { countCollators } from './testing/count-collators';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('compareText (issue #13: one collator, built off the render)', () => {
  it('orders names as localeCompare does: accents with their letter, case after the letter', async () => {
    const { compareText } = await import('./compare-text');
    const names = ['Zoé Martin', 'émile Durand', 'Ada Lovelace', 'Émile Dupont', 'bob Stone', 'Bob Smith'];
    expect([...names].sort(compareText)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect([...names].sort(compareText)).toEqual(['Ada Lovelace', 'Bob Smith', 'bob Stone', 'Émile Dupont', 'émile Durand', 'Zoé Martin']);
    expect(compareText('Émile', 'Emile')).toBeGreaterThan(0);
    expect(compareText('Zoe', 'Émile')).toBeGreaterThan(0);
    expect(compareText('same', 'same')).toBe(0);
  });

  it('warmTextCollator builds the collator, once, and compareText reuses it', async () => {
    const built = countCollators();
    const { compareText, warmTextCollator } = await import('./compare-text');
    expect(built).not.toHaveBeenCalled();
    warmTextCollator();
    expect(built).toHaveBeenCalledTimes(1);
    warmTextCollator();
    expect(compareText('a', 'b')).toBeLessThan(0);
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('without a warm-up, the first compare builds the collator', async () => {
    const built = countCollators();
    const { compareText } = await import('./compare-text');
    expect(built).not.toHaveBeenCalled();
    expect(compareText('b', 'a')).toBeGreaterThan(0);
    expect(built).toHaveBeenCalledTimes(1);
  });
});
