import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { isApiError } from '@/lib/api-error';
import { exportContacts } from './export-contacts';

const WORKSPACE_ID = '00000000-0000-4000-8000-0000000000aa';
const fetchMock = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  window.localStorage.clear();
});

describe('exportContacts (issue #10 CSV export)', () => {
  it('downloads the CSV with the session’s token, named as the server says', async () => {
    const createObjectURL = vi.fn(() => 'blob:people');
    const revokeObjectURL = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, original));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    fetchMock.mockResolvedValueOnce(
      new Response('firstName,lastName\r\nDana,Scully\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="acme-people.csv"' },
      }),
    );
    await exportContacts(WORKSPACE_ID);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/workspaces/${WORKSPACE_ID}/contacts/export.csv`);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-1', Accept: 'text/csv' });
    expect(clicked).toEqual(['acme-people.csv']);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:people');
  });

  it('rejects with the API’s error for a refusal', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ errorCode: 'FORBIDDEN', errorDisplayMessage: 'You cannot see people.' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const error: unknown = await exportContacts(WORKSPACE_ID).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(403);
    expect(isApiError(error) && error.message).toBe('You cannot see people.');
  });
});
