import type { Brief, Member, UpdateBriefBody } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithTheme } from '@/lib/testing/render';
import { briefQueryOptions } from '../api/get-brief';
import { makeBrief, makeSection } from '../testing/make-brief';
import { BriefEditor } from './brief-editor';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = 'w1';
const brief = makeBrief('b1', {
  title: 'Board prep',
  sections: [
    makeSection('s1', { heading: 'Agenda', body: 'Budget' }),
    makeSection('s2', { heading: 'Risks', body: '', guidance: 'What could go wrong?' }),
  ],
});
const members: Member[] = [];
let queryClient: QueryClient;
let server: Brief;

function renderEditor(type: 'OWNER' | 'EXECUTIVE' = 'OWNER', shown: Brief = brief) {
  queryClient.setQueryData(briefQueryOptions(workspaceId, shown.id).queryKey, shown);
  const router = createMemoryRouter(
    [
      {
        path: '/executive-briefs/:id',
        element: <BriefEditor workspaceId={workspaceId} brief={shown} member={{ id: 'm1', type }} members={members} />,
      },
      { path: '/executive-briefs', element: <p>The list</p> },
    ],
    { initialEntries: ['/executive-briefs/b1'] },
  );
  return renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const headings = () => screen.getAllByRole('textbox', { name: /^Heading of section/ }).map((input) => (input as HTMLInputElement).value);

beforeEach(() => {
  server = brief;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  vi.mocked(api.patch).mockImplementation(async (_path, body) => {
    const { version: _version, ...content } = body as UpdateBriefBody;
    server = {
      ...server,
      title: content.title ?? server.title,
      version: server.version + 1,
      sections: (content.sections ?? []).map((section, index) =>
        makeSection(section.id ?? `new-${index}`, { heading: section.heading, body: section.body }),
      ),
    };
    return server as never;
  });
});

afterEach(() => queryClient.clear());

describe('BriefEditor (issue #9)', () => {
  it('shows the brief, the guidance as the empty body’s placeholder, and saves a reorder', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Board prep');
    expect(screen.getByRole('textbox', { name: 'Text of “Risks”' })).toHaveAttribute('placeholder', 'What could go wrong?');
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move “Risks” up' }));
    expect(headings()).toEqual(['Risks', 'Agenda']);
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect((vi.mocked(api.patch).mock.calls[0]?.[1] as UpdateBriefBody).sections?.map((section) => section.id)).toEqual(['s2', 's1']);
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
  });

  it('asks before removing a section with text, not an empty one', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(headings()).toEqual(['Agenda', 'Risks', '']);
    expect(screen.getByRole('textbox', { name: 'Heading of section 3' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove Section 3' }));
    expect(headings()).toEqual(['Agenda', 'Risks']);

    await user.click(screen.getByRole('button', { name: 'Remove “Agenda”' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove “Agenda”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headings()).toEqual(['Agenda', 'Risks']);
    await user.click(screen.getByRole('button', { name: 'Remove “Agenda”' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove “Agenda”?' })).getByRole('button', { name: 'Remove section' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headings()).toEqual(['Risks']);
  });

  it('previews the markdown safely', async () => {
    const user = userEvent.setup();
    renderEditor(
      'OWNER',
      makeBrief('b1', { sections: [makeSection('s1', { heading: 'Agenda', body: '**Budget** <img src=x onerror=alert(1)>' })] }),
    );
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Budget')).toBeInTheDocument();
    expect(panel.querySelector('img')).toBeNull();
  });

  it('gives the executive the mark buttons and Acknowledge on a ready brief; the assistant sees the mark', () => {
    const ready = makeBrief('b1', {
      status: 'READY',
      sections: [
        makeSection('s1', {
          heading: 'Agenda',
          mark: 'NEED_MORE',
          markNote: 'Numbers for Q3?',
          markedAt: '2026-03-10T12:00:00.000Z',
          markedBy: { memberId: 'm9', firstName: 'Eleanor', lastName: 'Vance' },
        }),
      ],
    });
    const { unmount } = renderEditor('EXECUTIVE', ready);
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Mark ready' })).toBeNull();
    const marks = screen.getByRole('group', { name: 'Your mark for “Agenda”' });
    expect(within(marks).getByRole('button', { name: 'Need more' })).toHaveAttribute('aria-pressed', 'true');
    unmount();

    renderEditor('OWNER', ready);
    expect(screen.queryByRole('group', { name: 'Your mark for “Agenda”' })).toBeNull();
    expect(screen.getByText('Need more')).toBeInTheDocument();
    expect(screen.getByText('“Numbers for Q3?”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });
});
