import type { SessionState } from '@/lib/session/session-store';
import type * as SessionStore from '@/lib/session/session-store';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { HeaderNav } from './header-nav';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));

function renderNav(type: 'USER' | 'GUEST', url = '/questions/list') {
  session.current = { workspaceMember: { id: 'm1', workspaceMemberType: type } as SessionState['workspaceMember'] };
  renderWithTheme(
    <MemoryRouter initialEntries={[url]}>
      <HeaderNav />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('HeaderNav (issue #10: Questions)', () => {
  it('lists Questions, current on every /questions URL', () => {
    const nav = renderNav('USER');
    const link = within(nav).getByRole('link', { name: 'Questions' });
    expect(link.getAttribute('href')).toBe('/questions');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('hides Questions from a GUEST (PRODUCT §6)', () => {
    const nav = renderNav('GUEST', '/tasks');
    expect(within(nav).queryByRole('link', { name: 'Questions' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toBeDefined();
  });
});
