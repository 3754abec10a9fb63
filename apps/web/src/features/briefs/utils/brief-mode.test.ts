import { describe, expect, it } from 'vitest';
import { getDefaultBriefMode, resolveBriefMode, withBriefMode } from './brief-mode';

describe('brief mode (issue #9: the executive reads, editors write)', () => {
  it('defaults to reading for the executive and those who cannot edit, to editing for the other editors', () => {
    expect(getDefaultBriefMode('EXECUTIVE')).toBe('read');
    expect(getDefaultBriefMode('USER')).toBe('read');
    expect(getDefaultBriefMode('GUEST')).toBe('read');
    expect(getDefaultBriefMode('OWNER')).toBe('edit');
    expect(getDefaultBriefMode('EXECUTIVEASSISTANT')).toBe('edit');
  });

  it('follows the URL for editors, ignores an unknown mode, and never lets a reader edit', () => {
    expect(resolveBriefMode('EXECUTIVE', 'edit')).toBe('edit');
    expect(resolveBriefMode('EXECUTIVEASSISTANT', 'read')).toBe('read');
    expect(resolveBriefMode('OWNER', 'everything')).toBe('edit');
    expect(resolveBriefMode('EXECUTIVE', null)).toBe('read');
    expect(resolveBriefMode('USER', 'edit')).toBe('read');
    expect(resolveBriefMode('GUEST', 'edit')).toBe('read');
  });

  it('writes the mode into the URL only when it is not the default, keeping other parameters', () => {
    const params = new URLSearchParams('from=dashboard');
    expect(withBriefMode(params, 'EXECUTIVE', 'edit').toString()).toBe('from=dashboard&mode=edit');
    expect(withBriefMode(new URLSearchParams('mode=edit'), 'EXECUTIVE', 'read').toString()).toBe('');
    expect(withBriefMode(params, 'OWNER', 'read').toString()).toBe('from=dashboard&mode=read');
    expect(withBriefMode(new URLSearchParams('mode=read'), 'OWNER', 'edit').toString()).toBe('');
  });
});
