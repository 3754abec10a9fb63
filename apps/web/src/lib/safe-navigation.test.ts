import { describe, expect, it } from 'vitest';
import { resolveNavigation } from './safe-navigation';

const origin = 'https://tandem.example.com';

describe('resolveNavigation (seed §8)', () => {
  it('keeps same-origin URLs inside the app', () => {
    expect(resolveNavigation('/auth/login?x=1#top', origin)).toEqual({ kind: 'internal', path: '/auth/login?x=1#top' });
    expect(resolveNavigation(`${origin}/tasks`, origin)).toEqual({ kind: 'internal', path: '/tasks' });
  });

  it('throws for another origin without external: true', () => {
    expect(() => resolveNavigation('https://evil.example.net/', origin)).toThrow(/external: true/);
    expect(() => resolveNavigation('//evil.example.net/x', origin)).toThrow(/external: true/);
  });

  it('allows another origin with external: true', () => {
    expect(resolveNavigation('https://slack.com/oauth', origin, { external: true })).toEqual({
      kind: 'external',
      href: 'https://slack.com/oauth',
    });
  });

  it('refuses javascript:, data: and vbscript: even with external: true', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,hi', 'vbscript:msgbox']) {
      expect(() => resolveNavigation(url, origin, { external: true })).toThrow(/Refused/);
    }
  });
});
