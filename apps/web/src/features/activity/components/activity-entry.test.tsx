import List from '@mui/material/List';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { ActivityEntry } from './activity-entry';

const summaryId = '00000000-0000-4000-8000-000000000900';

describe('ActivityEntry links (issue #11)', () => {
  it('links a published summary to its page', async () => {
    const item = {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'SUMMARY_PUBLISHED' as const,
      actor: { memberId: '00000000-0000-4000-8000-000000000002', firstName: 'Avery', lastName: 'Stone' },
      subject: { summaryId, title: 'Offsite feedback' },
      subjectMember: null,
      createdAt: '2026-03-10T12:00:00.000Z',
      isUnread: false,
    };
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <List>
            <ActivityEntry item={item} />
          </List>
        ),
      },
    ]);
    renderWithTheme(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: /Avery published the summary “Offsite feedback”/ });
    expect(link.getAttribute('href')).toBe(`/questions/summaries/${summaryId}`);
  });
});
