import type { BriefTemplate } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithTheme } from '@/lib/testing/render';
import { makeBrief } from '../testing/make-brief';
import { NewBriefDialog } from './new-brief-dialog';

vi.mock('@/lib/api-client', () => ({ api: { post: vi.fn() } }));

const template: BriefTemplate = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Board prep',
  description: 'For a board meeting.',
  sections: [{ heading: 'Purpose', guidance: 'Why we meet.' }],
  builtIn: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderDialog() {
  const onCreated = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <NewBriefDialog open workspaceId="w1" templates={[template]} onCreated={onCreated} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return onCreated;
}

describe('NewBriefDialog (issue #9)', () => {
  it('creates a brief from a template, without a meeting, and hands it over', async () => {
    const user = userEvent.setup();
    const created = makeBrief('b9', { title: 'Q3 board' });
    vi.mocked(api.post).mockResolvedValueOnce(created as never);
    const onCreated = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Q3 board ');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(screen.getByRole('option', { name: 'Board prep' }));
    await user.click(screen.getByRole('button', { name: 'Create brief' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(api.post).toHaveBeenCalledWith('v1/workspaces/w1/briefs', { title: 'Q3 board', templateId: template.id });
  });

  it('asks for a title and sends nothing without one', async () => {
    const user = userEvent.setup();
    vi.mocked(api.post).mockClear();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create brief' }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });
});
