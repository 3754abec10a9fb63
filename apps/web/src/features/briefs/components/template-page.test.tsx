import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BriefTemplate, WorkspaceMemberType } from '@tandem/contract';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { TemplatePage } from './template-page';

const WORKSPACE_ID = '00000000-0000-4000-8000-000000000002';
const base = `/v1/workspaces/${WORKSPACE_ID}`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const makeTemplate = (overrides: Partial<BriefTemplate>): BriefTemplate => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Board prep',
  description: 'Before a board meeting.',
  sections: [
    { heading: 'Purpose', guidance: 'What the board must decide.' },
    { heading: 'Risks', guidance: 'The top three.' },
  ],
  builtIn: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const builtIn = makeTemplate({});
const own = makeTemplate({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Investor update', builtIn: false });

type Handler = (init: RequestInit) => Response;
function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname.replace(/^\/api/, '');
    const handler = routes[`${init.method ?? 'GET'} ${path}`];
    if (!handler) throw new Error(`unexpected ${init.method ?? 'GET'} ${path}`);
    return Promise.resolve(handler(init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const bodyOf = (fetchMock: ReturnType<typeof stubApi>, method: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body)) as unknown;

function TemplateRoute({ memberType }: { memberType: WorkspaceMemberType }) {
  const { id = 'new' } = useParams();
  return <TemplatePage workspaceId={WORKSPACE_ID} workspaceName="Avery's workspace" memberType={memberType} templateId={id} />;
}

/** The template pages at `path` with stand-ins for the briefs pages they lead to. */
function renderTemplatePage(path: string, memberType: WorkspaceMemberType = 'EXECUTIVEASSISTANT') {
  const router = createMemoryRouter(
    [
      { path: '/executive-briefs/templates/new', element: <TemplateRoute memberType={memberType} /> },
      { path: '/executive-briefs/templates/:id', element: <TemplateRoute memberType={memberType} /> },
      { path: '/executive-briefs/:id', element: <h1>Brief editor</h1> },
      { path: '/executive-briefs', element: <h1>Briefs list</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const listRoute = { [`GET ${base}/brief-templates`]: () => json(200, { payload: { items: [builtIn, own] } }) };

describe('template pages (issue #9: template editor; built-ins read-only with Duplicate)', () => {
  // Typing into MUI fields in happy-dom is slow on a shared machine.
  it('creates a template: checks the fields, reorders sections by keyboard, saves, opens it', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const created = makeTemplate({ id: '00000000-0000-4000-8000-0000000000a3', name: '1:1 with the CFO', builtIn: false });
    const fetchMock = stubApi({ ...listRoute, [`POST ${base}/brief-templates`]: () => json(201, { payload: created }) });
    const router = renderTemplatePage('/executive-briefs/templates/new');
    expect(screen.getByRole('heading', { level: 1, name: 'New template' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a heading.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), '1:1 with the CFO');
    await user.type(screen.getByLabelText(/^Heading/), 'Numbers');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const headings = () => screen.getAllByLabelText(/^Heading/);
    expect(headings()[1]).toHaveFocus();
    await user.type(headings()[1]!, 'Asks');
    await user.type(screen.getAllByLabelText(/^Guidance/)[1]!, 'What the CFO wants from us.');

    // Keyboard: focus "Move “Asks” up", press Enter; focus stays with the moved section.
    screen.getByRole('button', { name: 'Move “Asks” up' }).focus();
    await user.keyboard('{Enter}');
    expect(headings().map((input) => (input as HTMLInputElement).value)).toEqual(['Asks', 'Numbers']);
    expect(screen.getByRole('button', { name: 'Move “Asks” down' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Moved “Asks” to position 1 of 2.');

    await user.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/executive-briefs/templates/${created.id}`));
    expect(bodyOf(fetchMock, 'POST')).toEqual({
      name: '1:1 with the CFO',
      description: '',
      sections: [
        { heading: 'Asks', guidance: 'What the CFO wants from us.' },
        { heading: 'Numbers', guidance: '' },
      ],
    });
  });

  it('asks before removing a section that holds text, and before leaving with unsaved changes', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    stubApi(listRoute);
    const router = renderTemplatePage('/executive-briefs/templates/new');
    await user.type(screen.getByLabelText(/^Name/), 'Offsite');
    await user.type(screen.getByLabelText(/^Heading/), 'Context');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.click(screen.getByRole('button', { name: 'Remove “Context”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this section?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByLabelText(/^Heading/)).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Briefs' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(leave).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/executive-briefs/templates/new');
    await user.click(screen.getByRole('link', { name: 'Briefs' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Briefs list' })).toBeInTheDocument();
  });

  it('shows a built-in read-only; Duplicate opens the copy', async () => {
    const user = userEvent.setup();
    const copy = makeTemplate({ id: '00000000-0000-4000-8000-0000000000a4', name: 'Copy of Board prep', builtIn: false });
    stubApi({
      ...listRoute,
      [`GET ${base}/brief-templates/${builtIn.id}`]: () => json(200, { payload: builtIn }),
      [`GET ${base}/brief-templates/${copy.id}`]: () => json(200, { payload: copy }),
      [`POST ${base}/brief-templates/${builtIn.id}/duplicate`]: () => json(201, { payload: copy }),
    });
    const router = renderTemplatePage(`/executive-briefs/templates/${builtIn.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Board prep' })).toBeInTheDocument();
    expect(screen.getByText(/Built-in templates are read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('What the board must decide.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/executive-briefs/templates/${copy.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy of Board prep' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Copy of Board prep');
  });

  it("edits a workspace template; 'Use this template' waits for the save, then opens the new brief", async () => {
    const user = userEvent.setup();
    const saved = { ...own, name: 'Investor update (monthly)' };
    const fetchMock = stubApi({
      ...listRoute,
      [`GET ${base}/brief-templates/${own.id}`]: () => json(200, { payload: own }),
      [`PATCH ${base}/brief-templates/${own.id}`]: () => json(200, { payload: saved }),
      [`POST ${base}/briefs`]: () => json(201, { payload: { id: '00000000-0000-4000-8000-0000000000b9', title: saved.name } }),
    });
    const router = renderTemplatePage(`/executive-briefs/templates/${own.id}`);
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.type(name, ' (monthly)');
    expect(screen.getByRole('button', { name: 'Use this template' })).toBeDisabled();
    expect(screen.getByText('Save your changes first.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Use this template' })).toBeEnabled());
    expect(bodyOf(fetchMock, 'PATCH')).toMatchObject({ name: 'Investor update (monthly)' });

    await user.click(screen.getByRole('button', { name: 'Use this template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/executive-briefs/00000000-0000-4000-8000-0000000000b9'));
    expect(bodyOf(fetchMock, 'POST')).toEqual({ title: 'Investor update (monthly)', templateId: own.id });
  });

  it('deletes a workspace template after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...listRoute,
      [`GET ${base}/brief-templates/${own.id}`]: () => json(200, { payload: own }),
      [`DELETE ${base}/brief-templates/${own.id}`]: () => new Response(null, { status: 204 }),
    });
    const router = renderTemplatePage(`/executive-briefs/templates/${own.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Investor update”?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/executive-briefs'));
  });

  it('deleting a template with unsaved edits goes to the list without asking about them: they went with it', async () => {
    const user = userEvent.setup();
    stubApi({
      ...listRoute,
      [`GET ${base}/brief-templates/${own.id}`]: () => json(200, { payload: own }),
      [`DELETE ${base}/brief-templates/${own.id}`]: () => new Response(null, { status: 204 }),
    });
    const router = renderTemplatePage(`/executive-briefs/templates/${own.id}`);
    await user.type(await screen.findByLabelText(/^Name/), ' (draft)');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete “Investor update”?' })).getByRole('button', { name: 'Delete template' }),
    );
    expect(await screen.findByRole('heading', { name: 'Briefs list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/executive-briefs');
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('shows templates read-only to a member who may not edit briefs', async () => {
    stubApi({ ...listRoute, [`GET ${base}/brief-templates/${own.id}`]: () => json(200, { payload: own }) });
    renderTemplatePage(`/executive-briefs/templates/${own.id}`, 'USER');
    expect(await screen.findByRole('heading', { level: 1, name: 'Investor update' })).toBeInTheDocument();
    expect(screen.getByText('The top three.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use this template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate' })).toBeNull();
  });

  it("says when a template is missing (unknown, deleted, or another workspace's)", async () => {
    const missing = '00000000-0000-4000-8000-0000000000ff';
    stubApi({
      ...listRoute,
      [`GET ${base}/brief-templates/${missing}`]: () => json(404, { errorCode: 'NOT_FOUND', errorDisplayMessage: 'Not found.' }),
    });
    renderTemplatePage(`/executive-briefs/templates/${missing}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Template not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to briefs' })).toHaveAttribute('href', '/executive-briefs');
  });
});
