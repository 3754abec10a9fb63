import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { makeContact } from '@/features/contacts/testing/make-contact';
import { renderPeopleRoute, TEST_WORKSPACE_ID } from '@/features/contacts/testing/render-route';
import { Component as PeopleRoute } from './people';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() },
  apiRequest: vi.fn(),
  refreshSession: vi.fn(),
}));

const contactsPath = `v1/workspaces/${TEST_WORKSPACE_ID}/contacts`;
const dana = makeContact('00000000-0000-4000-8000-000000000001', { tags: ['board', 'vp'], openRequests: 2 });
const fox = makeContact('00000000-0000-4000-8000-000000000002', { firstName: 'Fox', lastName: 'Mulder', email: null, tags: [] });
const validation = (errorData: Record<string, string>) =>
  new ApiError({ status: 400, errorCode: 'VALIDATION_FAILED', errorDisplayMessage: 'Invalid.', errorData, payload: undefined });

const renderPeople = (url = '/questions/people', type: 'EXECUTIVEASSISTANT' | 'USER' = 'EXECUTIVEASSISTANT') =>
  renderPeopleRoute(session, PeopleRoute, { path: '/questions/people', url, type });

afterEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('/questions/people (issue #10)', () => {
  it('lists people with search and tag in the URL, and loads more', async () => {
    const user = userEvent.setup();
    vi.mocked(api.get).mockImplementation((_path, options) => {
      const query = options?.query ?? {};
      if (query.cursor === 'c2') return Promise.resolve({ items: [fox], nextCursor: null } as never);
      if (query.q === 'dan') return Promise.resolve({ items: [dana], nextCursor: null } as never);
      return Promise.resolve({ items: [dana], nextCursor: 'c2' } as never);
    });
    const { router } = renderPeople();
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getByRole('link', { name: /Dana Scully/ })).toHaveAttribute('href', `/questions/people/${dana.id}`);
    expect(within(list).getByText('2 open')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith(contactsPath, { query: { limit: 50, q: undefined, tag: undefined, cursor: undefined } });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: /Fox Mulder/ })).toBeInTheDocument();
    expect(within(list).getByText(/No email/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'dan');
    await waitFor(() => expect(router.state.location.search).toBe('?q=dan'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(contactsPath, { query: { limit: 50, q: 'dan', tag: undefined, cursor: undefined } }),
    );

    await user.click(within(screen.getByRole('list', { name: 'People' })).getByRole('button', { name: 'Show people tagged vp' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=dan&tag=vp'));
    expect(await screen.findByRole('heading', { name: 'Tagged vp' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tag: vp, remove filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=dan'));
  });

  it('offers "Add a person" and "Import from CSV" when there is nobody yet', async () => {
    vi.mocked(api.get).mockResolvedValue({ items: [], nextCursor: null } as never);
    renderPeople();
    expect(await screen.findByRole('heading', { name: 'No people yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add a person' })[0]).toHaveAttribute('href', '/questions/people/new');
    expect(screen.getByRole('button', { name: 'Import from CSV' })).toBeInTheDocument();
  });

  it('gives a user the list only: no add or import', async () => {
    vi.mocked(api.get).mockResolvedValue({ items: [dana], nextCursor: null } as never);
    renderPeople('/questions/people', 'USER');
    expect(await screen.findByRole('list', { name: 'People' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a person' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('previews an import row by row, keeps Import off while a row has an error, and imports a clean file', async () => {
    const user = userEvent.setup();
    vi.mocked(api.get).mockResolvedValue({ items: [dana], nextCursor: null } as never);
    const row = (n: number, outcome: string, extra: object = {}) => ({
      row: n,
      outcome,
      firstName: `P${n}`,
      lastName: 'Test',
      email: `p${n}@example.com`,
      company: '',
      errors: {},
      contactId: null,
      ...extra,
    });
    vi.mocked(api.post)
      .mockResolvedValueOnce({
        dryRun: true,
        rows: [
          row(1, 'CREATE'),
          row(2, 'ERROR', { errors: { email: 'Enter an email address such as dana@example.com.' } }),
          row(3, 'SKIP'),
        ],
        counts: { CREATE: 1, MERGE: 0, SKIP: 1, ERROR: 1 },
      } as never)
      .mockResolvedValueOnce({
        dryRun: true,
        rows: [row(1, 'CREATE'), row(3, 'MERGE')],
        counts: { CREATE: 1, MERGE: 1, SKIP: 0, ERROR: 0 },
      } as never)
      .mockResolvedValueOnce({
        dryRun: false,
        rows: [row(1, 'CREATE'), row(3, 'MERGE')],
        counts: { CREATE: 1, MERGE: 1, SKIP: 0, ERROR: 0 },
      } as never);
    renderPeople();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import people from CSV' });
    const csv = 'firstName,email\nP1,p1@example.com\nP2,nope\nP3,p3@example.com';
    await user.click(within(dialog).getByRole('textbox', { name: 'Or paste the CSV here' }));
    await user.paste(csv);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(api.post).toHaveBeenLastCalledWith(`${contactsPath}/import`, { csv, dryRun: true, duplicates: 'SKIP' });
    const table = await within(dialog).findByRole('table', { name: 'Import preview' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2]!).getByText('Error')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('email: Enter an email address such as dana@example.com.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 to create · 0 to merge · 1 to skip · 1 with errors')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    // The file was fixed; merging people already here re-runs the preview.
    await user.click(within(dialog).getByRole('radio', { name: 'Merge the file into them' }));
    expect(await within(dialog).findByText('1 to create · 1 to merge · 0 to skip · 0 with errors')).toBeInTheDocument();
    expect(api.post).toHaveBeenLastCalledWith(`${contactsPath}/import`, { csv, dryRun: true, duplicates: 'MERGE' });
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(api.post).toHaveBeenLastCalledWith(`${contactsPath}/import`, { csv, dryRun: false, duplicates: 'MERGE' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('previews a chosen file at once, named in the dialog', async () => {
    const user = userEvent.setup();
    vi.mocked(api.get).mockResolvedValue({ items: [dana], nextCursor: null } as never);
    vi.mocked(api.post).mockResolvedValueOnce({
      dryRun: true,
      rows: [{ row: 1, outcome: 'CREATE', firstName: 'P1', lastName: '', email: null, company: '', errors: {}, contactId: null }],
      counts: { CREATE: 1, MERGE: 0, SKIP: 0, ERROR: 0 },
    } as never);
    renderPeople();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['firstName\nP1'], 'people.csv', { type: 'text/csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Import people from CSV' });
    expect(await within(dialog).findByText('people.csv')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith(`${contactsPath}/import`, { csv: 'firstName\nP1', dryRun: true, duplicates: 'SKIP' });
    expect(await within(dialog).findByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('shows a guest nothing', () => {
    renderPeopleRoute(session, PeopleRoute, { path: '/questions/people', url: '/questions/people', type: 'GUEST' });
    expect(screen.getByRole('alert')).toHaveTextContent(/see questions, contacts and summaries/);
    expect(api.get).not.toHaveBeenCalled();
  });

  it('shows the rows a real import refused (400 errorData by row) and writes nothing', async () => {
    const user = userEvent.setup();
    vi.mocked(api.get).mockResolvedValue({ items: [dana], nextCursor: null } as never);
    vi.mocked(api.post)
      .mockResolvedValueOnce({
        dryRun: true,
        rows: [{ row: 1, outcome: 'CREATE', firstName: 'P1', lastName: '', email: null, company: '', errors: {}, contactId: null }],
        counts: { CREATE: 1, MERGE: 0, SKIP: 0, ERROR: 0 },
      } as never)
      .mockRejectedValueOnce(validation({ 'row 1': 'Someone else now has this email.' }));
    renderPeople();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import people from CSV' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Or paste the CSV here' }));
    await user.paste('firstName\nP1');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Row 1: Someone else now has this email.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Import people from CSV' })).toBeInTheDocument();
  });
});
