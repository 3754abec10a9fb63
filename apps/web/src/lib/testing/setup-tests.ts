// Setup of the `web:dom` Vitest project (component tests in happy-dom, vitest.config.ts).
// Loud tests (STYLE habit 9): anything written to console.error or console.warn during a test —
// React's warnings (act, keys, DOM nesting), a failed prop type, an unexpected error — fails it.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, expect, vi } from 'vitest';

let logged: string[] = [];

// findBy… and waitFor wait for a signal up to this long (Testing Library's default is 1 s): with
// three test workers on two cores, a screen's first render can take longer than that.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  logged = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`console.${level}: ${format(...args)}`);
    });
  }
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  expect(logged, 'the test wrote to console.error or console.warn').toEqual([]);
});
