import { vi } from 'vitest';

/** Spies on `Intl.Collator`, each call still building a real collator: how many were built. */
export function countCollators() {
  const Real = Intl.Collator;
  return vi.spyOn(Intl, 'Collator').mockImplementation(function (...args: ConstructorParameters<typeof Intl.Collator>) {
    return new Real(...args);
  } as unknown as typeof Intl.Collator);
}
