import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { people, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { createPerson, signIn, useTestApp, type TestApp } from '../../test/test-app.js';

const t = useTestApp();

async function signedIn(test: TestApp, names: { firstName?: string; lastName?: string } = {}) {
  const person = await createPerson(test, names);
  const tokens = await signIn(test, person.email);
  const [member] = await test.db.select().from(workspaceMembers).where(eq(workspaceMembers.personId, person.personId));
  return { ...person, token: tokens.access_token, workspaceId: member!.workspaceId, memberId: member!.id };
}

describe('GET v1/profile', () => {
  it('answers exactly the contract shape', async () => {
    const me = await signedIn(t, { firstName: 'Morgan', lastName: 'Lee' });
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, me.workspaceId));
    const response = await t.get('/api/v1/profile', { token: me.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      payload: {
        id: me.personId,
        firstName: 'Morgan',
        lastName: 'Lee',
        email: me.email,
        status: 'ACTIVE',
        themePreference: 'system',
        workspaces: [
          {
            id: me.workspaceId,
            name: workspace!.name,
            subscriptionType: 'FREE',
            members: [
              {
                id: me.memberId,
                personId: me.personId,
                firstName: 'Morgan',
                lastName: 'Lee',
                workspaceMemberType: 'OWNER',
                hasNewActivityItems: false,
              },
            ],
          },
        ],
        impersonator: null,
      },
    });
  });

  it('never shows another person’s workspace', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const mine = (await t.get('/api/v1/profile', { token: me.token })).json().payload;
    const theirs = (await t.get('/api/v1/profile', { token: other.token })).json().payload;
    expect(mine.workspaces.map((w: { id: string }) => w.id)).toEqual([me.workspaceId]);
    expect(theirs.workspaces.map((w: { id: string }) => w.id)).toEqual([other.workspaceId]);
  });

  it('is 401 without a token', async () => {
    const response = await t.get('/api/v1/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHENTICATED');
  });
});

describe('PATCH v1/profile', () => {
  it('changes the theme and it persists', async () => {
    const me = await signedIn(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/profile',
      payload: { themePreference: 'dark-blue' },
      token: me.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.themePreference).toBe('dark-blue');
    const again = await t.get('/api/v1/profile', { token: me.token });
    expect(again.json().payload.themePreference).toBe('dark-blue');
    const [row] = await t.db.select().from(people).where(eq(people.id, me.personId));
    expect(row?.themePreference).toBe('dark-blue');
  });

  it('changes names, trimmed', async () => {
    const me = await signedIn(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/profile',
      payload: { firstName: '  Jamie ', lastName: 'Rivera' },
      token: me.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({ firstName: 'Jamie', lastName: 'Rivera' });
    expect(response.json().payload.workspaces[0].members[0]).toMatchObject({ firstName: 'Jamie', lastName: 'Rivera' });
  });

  it('refuses an unknown theme with 400 and errorData.themePreference, changing nothing', async () => {
    const me = await signedIn(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/profile',
      payload: { themePreference: 'hot-pink' },
      token: me.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData: { themePreference: expect.any(String) } });
    const [row] = await t.db.select().from(people).where(eq(people.id, me.personId));
    expect(row?.themePreference).toBe('system');
  });

  it('matches the system by default and takes "system" back after a fixed theme (issue #8)', async () => {
    const me = await signedIn(t);
    const patch = (themePreference: string) =>
      t.request({ method: 'PATCH', url: '/api/v1/profile', payload: { themePreference }, token: me.token });
    expect((await t.get('/api/v1/profile', { token: me.token })).json().payload.themePreference).toBe('system');
    expect((await patch('brand')).json().payload.themePreference).toBe('brand');
    const back = await patch('system');
    expect(back.statusCode).toBe(200);
    expect(back.json().payload.themePreference).toBe('system');
    const [row] = await t.db.select().from(people).where(eq(people.id, me.personId));
    expect(row?.themePreference).toBe('system');
  });

  it.each([
    ['an empty first name', { firstName: '   ' }, { firstName: 'Enter your first name.' }],
    ['an empty last name', { lastName: '' }, { lastName: 'Enter your last name.' }],
    ['a first name over 100 characters', { firstName: 'A'.repeat(101) }, { firstName: 'Your first name can be at most 100 characters.' }],
    ['a last name that is not text', { lastName: 42 }, { lastName: 'Enter your last name.' }],
    [
      'both names bad at once',
      { firstName: ' ', lastName: 'B'.repeat(101) },
      { firstName: 'Enter your first name.', lastName: 'Your last name can be at most 100 characters.' },
    ],
  ])('refuses %s with 400 and errorData per field, writing nothing', async (_case, payload, errorData) => {
    const me = await signedIn(t, { firstName: 'Robin', lastName: 'Hart' });
    const response = await t.request({ method: 'PATCH', url: '/api/v1/profile', payload, token: me.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData });
    const [row] = await t.db.select().from(people).where(eq(people.id, me.personId));
    expect(row).toMatchObject({ firstName: 'Robin', lastName: 'Hart' });
  });

  it('accepts names of exactly 100 characters (the sign-up limit)', async () => {
    const me = await signedIn(t);
    const longest = 'É'.repeat(100);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/profile',
      payload: { firstName: longest, lastName: longest },
      token: me.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({ firstName: longest, lastName: longest });
  });
});

describe('GET v1/workspaces/{id}/subscription', () => {
  it('answers the plan, status, limits and usage', async () => {
    const me = await signedIn(t);
    const response = await t.get(`/api/v1/workspaces/${me.workspaceId}/subscription`, { token: me.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      payload: {
        workspaceId: me.workspaceId,
        subscriptionType: 'FREE',
        status: 'ACTIVE',
        currentPeriodEnd: null,
        limits: { members: 3, aiGenerationsPerMonth: 20, activeQuestionRequests: 5, slack: false },
        usage: { members: 1, aiGenerationsThisMonth: 0, activeQuestionRequests: 0 },
      },
    });
  });

  it("answers 404 NOT_FOUND (never 403) for another person's workspace or an unknown one", async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const foreign = await t.get(`/api/v1/workspaces/${other.workspaceId}/subscription`, { token: me.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('NOT_FOUND');
    const unknown = await t.get(`/api/v1/workspaces/${crypto.randomUUID()}/subscription`, { token: me.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(foreign.json());
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const me = await signedIn(t);
    const response = await t.get('/api/v1/workspaces/not-a-uuid/subscription', { token: me.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData: { id: expect.any(String) } });
  });

  it('is 401 without a token', async () => {
    const me = await signedIn(t);
    expect((await t.get(`/api/v1/workspaces/${me.workspaceId}/subscription`)).statusCode).toBe(401);
  });
});
