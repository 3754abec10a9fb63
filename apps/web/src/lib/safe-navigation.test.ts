import { describe, expect, it } from 'vitest';
import { resolveNavigation, safeReturnPath } from './safe-navigation';

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

describe('safeReturnPath (issue #8: back to the deep link after signing in, seed §8)', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeReturnPath('/workspaces/settings?tab=members', origin)).toBe('/workspaces/settings?tab=members');
    expect(safeReturnPath('/tasks?task=0199&view=board#x', origin)).toBe('/tasks?task=0199&view=board#x');
  });

  it('refuses other origins, protocol-relative and backslash tricks, schemes and relative paths', () => {
    for (const value of [
      'https://evil.example.net/',
      `${origin}/tasks`,
      '//evil.example.net/x',
      '/\\evil.example.net/x',
      '\\evil.example.net',
      ' //evil.example.net',
      '/\t/evil.example.net',
      'javascript:alert(1)',
      'tasks',
      '',
      null,
    ]) {
      expect(safeReturnPath(value, origin), String(value)).toBeNull();
    }
  });

  it('refuses the auth pages, which would send the person back to signing in', () => {
    expect(safeReturnPath('/auth/login', origin)).toBeNull();
    expect(safeReturnPath('/auth/logout?x=1', origin)).toBeNull();
  });
});
