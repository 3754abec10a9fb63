import type { APIRequestContext, Request } from '@playwright/test';
import {
  addMember,
  callApi,
  CLIENT_ID,
  createActivatedPerson,
  createOwner,
  expect,
  newPerson,
  signInThroughApi,
  signInThroughUi,
  test,
} from './fixtures.js';

// Runs against the server whose access tokens live 5 seconds (playwright.config.ts).

/** Resolves once the server refuses `accessToken` (it expired): an awaited state, not a sleep. */
async function waitUntilRefused(request: APIRequestContext, accessToken: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await request.get('/api/v1/profile', { headers: { 'x-client-id': CLIENT_ID, authorization: `Bearer ${accessToken}` } })).status(),
      { timeout: 30_000 },
    )
    .toBe(401);
}

const isEventStream = (request: Request, workspaceId: string) => request.url().endsWith(`/workspaces/${workspaceId}/events`);

test('an expired access token is refreshed transparently', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Rowan'));
  // Without the live stream nothing refreshes the session in the background, so the reload below
  // really starts with the expired token.
  await page.route('**/events', (route) => route.fulfill({ status: 204 }));
  await signInThroughUi(page, person);
  const firstToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  await waitUntilRefused(request, firstToken!);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/token/refresh') && r.status() === 200);
  await page.reload();
  await refreshed;
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rowan');
  const secondToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(secondToken).toBeTruthy();
  expect(secondToken).not.toBe(firstToken);
});

// The event stream lives no longer than its 5-second token; the app refreshes and reopens it with
// the new token in a header and the last activity id as Last-Event-ID.
test('live activity keeps arriving after the access token behind the event stream expired', async ({ page, request }) => {
  const { person: owner, workspace } = await createOwner(request, 'Sasha');
  const [first, second] = [await createActivatedPerson(request, newPerson('Kai')), await createActivatedPerson(request, newPerson('Lee'))];
  // API tokens live 5 seconds here too: take a fresh one for each call.
  const ownerToken = () => signInThroughApi(request, owner);
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));

  const opened = page.waitForResponse((r) => isEventStream(r.request(), workspace.id) && r.status() === 200);
  await signInThroughUi(page, owner);
  const firstStream = (await opened).request();
  const firstAuthorization = await firstStream.headerValue('authorization');
  expect(firstAuthorization).toMatch(/^Bearer /);

  // An activity item while the first stream is open: its id is what the reopened stream resumes from.
  await addMember(request, await ownerToken(), workspace.id, first, 'USER');
  await expect(page.getByRole('button', { name: 'New activity' })).toBeVisible();
  const [joined] = (
    await callApi<{ items: { id: string }[] }>(request, await ownerToken(), 'GET', `v1/workspaces/${workspace.id}/activity`)
  ).items;
  await page.getByRole('button', { name: 'New activity' }).click();
  // The panel marks the items read once its list is shown; closing it before that leaves them unread.
  const activityPanel = page.getByRole('dialog', { name: 'Activity' });
  await expect(activityPanel.getByRole('list', { name: 'Activity items' })).toBeVisible();
  await activityPanel.getByRole('button', { name: 'Close activity' }).click();
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();

  // The token behind the first stream expires; the stream reopens with a new one.
  const reopened = await page.waitForRequest(
    (r) =>
      isEventStream(r, workspace.id) && r.headers()['authorization'] !== firstAuthorization && r.headers()['last-event-id'] === joined!.id,
    { timeout: 30_000 },
  );
  expect((await reopened.response())?.status()).toBe(200);

  await addMember(request, await ownerToken(), workspace.id, second, 'USER');
  await expect(page.getByRole('button', { name: 'New activity' })).toBeVisible({ timeout: 30_000 });

  expect(urls.filter((url) => url.includes('/events')).length).toBeGreaterThanOrEqual(2);
  expect(urls.filter((url) => url.includes('access_token'))).toEqual([]);
});
