import type { Brief, UpdateBriefBody } from '@tandem/contract';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { makeBrief, makeSection } from '../testing/make-brief';
import type { BriefContent } from '../utils/brief-content';
import { AUTOSAVE_DELAY_MS, useBriefAutosave } from './use-brief-autosave';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn() } }));

const workspaceId = 'w1';
const patchMock = vi.mocked(api.patch);
const brief = makeBrief('b1', { sections: [makeSection('s1', { body: 'One' }), makeSection('s2', { body: 'Two' })] });
const someoneElse = { memberId: 'm2', firstName: 'Jordan', lastName: 'Reyes' };

/** What the server holds; a PATCH with its version saves and bumps it, a stale one gets the 409 with `current`. */
let server: Brief;
let queryClient: QueryClient;

function answerPatch(_path: string, body: unknown): Promise<Brief> {
  const { version, ...content } = body as UpdateBriefBody;
  if (version !== server.version) {
    return Promise.reject(
      new ApiError({
        status: 409,
        errorCode: 'VERSION_CONFLICT',
        errorDisplayMessage: 'Changed.',
        errorData: null,
        payload: undefined,
        current: server,
      }),
    );
  }
  server = {
    ...server,
    title: content.title ?? server.title,
    version: server.version + 1,
    sections: (content.sections ?? []).map((section, index) =>
      makeSection(section.id ?? `new-${index}`, { heading: section.heading, body: section.body }),
    ),
  };
  return Promise.resolve(server);
}

const networkError = () =>
  new ApiError({ status: 0, errorCode: 'NETWORK_ERROR', errorDisplayMessage: 'Offline.', errorData: null, payload: undefined });

function renderAutosave(live: Brief = brief) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(({ current }: { current: Brief }) => useBriefAutosave(workspaceId, brief, current, 'm1'), {
    wrapper,
    initialProps: { current: live },
  });
}

const typeBody = (index: number, body: string) => (draft: BriefContent) => ({
  ...draft,
  sections: draft.sections.map((section, at) => (at === index ? { ...section, body } : section)),
});
const sentBodies = () =>
  patchMock.mock.calls.map(([, body]) => (body as UpdateBriefBody).sections?.map((section) => section.body).join('|'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  server = brief;
  patchMock.mockReset();
  patchMock.mockImplementation(answerPatch as never);
  // A 409 whose `current` does not parse (these ids are not UUIDs) makes the hook read the brief again.
  vi.mocked(api.get).mockImplementation(async () => server as never);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
  queryClient.clear();
});

describe('useBriefAutosave (issue #9)', () => {
  it('saves once after the typing pauses, with the version it builds on', async () => {
    const { result } = renderAutosave();
    act(() => result.current.edit(typeBody(0, 'O')));
    act(() => result.current.edit(typeBody(0, 'On')));
    expect(result.current.indicator.label).toBe('Saving…');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
    expect(patchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(patchMock).toHaveBeenCalledTimes(1);
    expect((patchMock.mock.calls[0]?.[1] as UpdateBriefBody).version).toBe(1);
    await vi.waitFor(() => expect(result.current.indicator.label).toBe('Saved'));
    expect(result.current.state.base.version).toBe(2);
  });

  it('saves what was typed during a save right after it, on the new version', async () => {
    let release: () => void = () => undefined;
    patchMock.mockImplementationOnce((path, body) => new Promise((resolve) => (release = () => resolve(answerPatch(path, body) as never))));
    const { result } = renderAutosave();
    act(() => result.current.edit(typeBody(0, 'First')));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    act(() => result.current.edit(typeBody(1, 'Typed meanwhile')));
    await act(async () => release());
    expect(result.current.draft.sections[1]?.body).toBe('Typed meanwhile');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await vi.waitFor(() => expect(result.current.indicator.label).toBe('Saved'));
    expect(sentBodies()).toEqual(['First|Two', 'First|Typed meanwhile']);
    expect(patchMock.mock.calls.map(([, body]) => (body as UpdateBriefBody).version)).toEqual([1, 2]);
  });

  it('keeps the text and retries a save that could not reach the server', async () => {
    patchMock.mockRejectedValueOnce(networkError());
    const { result } = renderAutosave();
    act(() => result.current.edit(typeBody(0, 'Kept')));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await vi.waitFor(() => expect(result.current.indicator.label).toBe('Couldn’t save — retrying'));
    expect(result.current.draft.sections[0]?.body).toBe('Kept');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await vi.waitFor(() => expect(result.current.indicator.label).toBe('Saved'));
    expect(sentBodies()).toEqual(['Kept|Two', 'Kept|Two']);
  });

  it('says the changes are kept while offline', async () => {
    const { result } = renderAutosave();
    act(() => onlineManager.setOnline(false));
    act(() => result.current.edit(typeBody(0, 'Offline text')));
    expect(result.current.indicator.label).toBe('Offline — changes kept');
  });

  it('opens the conflict when someone else changed the same section, and saves mine over theirs on request', async () => {
    server = {
      ...brief,
      version: 2,
      updatedBy: someoneElse,
      sections: [makeSection('s1', { body: 'Theirs' }), makeSection('s2', { body: 'Two' })],
    };
    const { result } = renderAutosave();
    act(() => result.current.edit(typeBody(0, 'Mine')));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await vi.waitFor(() => expect(result.current.state.conflict?.conflicts).toHaveLength(1));
    expect(result.current.indicator.label).toBe('Not saved — changed by someone else');
    act(() => result.current.resolveConflict({}));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await vi.waitFor(() => expect(result.current.indicator.label).toBe('Saved'));
    expect(patchMock.mock.calls.map(([, body]) => (body as UpdateBriefBody).version)).toEqual([1, 2]);
    expect(server.sections.map((section) => section.body)).toEqual(['Mine', 'Two']);
  });

  it('takes someone else’s newer brief while nothing is unsaved, with a note', () => {
    const { result, rerender } = renderAutosave();
    rerender({ current: { ...brief, version: 2, title: 'Renamed', updatedBy: someoneElse } });
    expect(result.current.draft.title).toBe('Renamed');
    expect(result.current.state.notice).toBe('Updated by Jordan.');
  });
});
