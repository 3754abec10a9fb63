import type { Dashboard } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { DashboardQuestionRows, visibleQuestionLists } from './question-lists';

/** A valid uuid ending in `n` (the contract's ids are uuids). */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const contact = { id: uuid(301), firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', company: 'Acme', isFormer: false };
const dashboard = {
  waitingOn: [
    {
      recipientId: uuid(201),
      requestId: uuid(1),
      requestTitle: 'Board prep',
      contact,
      state: 'OPENED',
      channel: 'EMAIL',
      sentAt: '2026-03-01T10:00:00.000Z',
      dueDate: '2026-03-05',
      daysOverdue: 3,
      remindersSent: 1,
      lastRemindedAt: null,
    },
  ],
  newAnswers: [
    {
      recipientId: uuid(202),
      requestId: uuid(2),
      requestTitle: 'Offsite',
      contact,
      state: 'ANSWERED',
      answeredAt: '2026-03-08T10:00:00.000Z',
      late: true,
    },
  ],
  totals: { waitingOn: 4, newAnswers: 1 },
} as unknown as Dashboard;

function renderList(list: 'waitingOn' | 'newAnswers', data = dashboard) {
  renderWithTheme(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DashboardQuestionRows dashboard={data} list={list} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('dashboard question lists (issue #10)', () => {
  it('show to everyone who sees questions, never to a GUEST (PRODUCT §6)', () => {
    expect(visibleQuestionLists('EXECUTIVEASSISTANT')).toEqual(['waitingOn', 'newAnswers']);
    expect(visibleQuestionLists('USER')).toEqual(['waitingOn', 'newAnswers']);
    expect(visibleQuestionLists('GUEST')).toEqual([]);
  });

  it('"Waiting on" names the person, the request, how overdue and how many more', () => {
    renderList('waitingOn');
    const list = screen.getByRole('list', { name: 'People who owe answers' });
    expect(within(list).getByRole('link', { name: 'Dana Reyes' }).getAttribute('href')).toBe(`/questions/people/${uuid(301)}`);
    expect(within(list).getByRole('link', { name: 'Board prep' }).getAttribute('href')).toBe(`/questions/${uuid(1)}`);
    expect(within(list).getByText(/3 days overdue/)).toBeDefined();
    expect(screen.getByText('and 3 more')).toBeDefined();
  });

  it('"New answers" links the request and flags late answers', () => {
    renderList('newAnswers');
    const list = screen.getByRole('list', { name: 'New answers' });
    expect(within(list).getByRole('link', { name: 'Offsite' }).getAttribute('href')).toBe(`/questions/${uuid(2)}`);
    expect(within(list).getByText('Late')).toBeDefined();
    expect(within(list).getByText('Answered')).toBeDefined();
  });

  it('say so when empty', () => {
    renderList('newAnswers', { ...dashboard, newAnswers: [], totals: { ...dashboard.totals, newAnswers: 0 } } as Dashboard);
    expect(screen.getByText('No new answers this week.')).toBeDefined();
  });
});
