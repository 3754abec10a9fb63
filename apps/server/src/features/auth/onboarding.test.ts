import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  createPerson,
  passResendDelay,
  signIn,
  STRONG_PASSWORD,
  uniqueEmail,
  useTestApp,
  type TestApp,
} from '../../test/test-app.js';
import { invite, joinAs, signInByCode, signUpOwner } from '../../test/workspace-fixtures.js';

const t = useTestApp();

const onboarding = (test: TestApp, token: string) => test.get('/api/v1/onboarding', { token });
const requestCode = (test: TestApp, email: string) => test.post('/api/auth/passwordless', { loginIdentifier: email, clientId: CLIENT_ID });
const failSignIn = (test: TestApp, email: string) =>
  test.post('/api/auth/password', {
    loginIdentifier: email,
    password: 'not the password at all',
    grant_type: 'password',
    client_id: CLIENT_ID,
  });

async function lockOut(test: TestApp, email: string): Promise<void> {
  for (let i = 0; i < 10; i += 1) expect([401, 429]).toContain((await failSignIn(test, email)).statusCode);
}

describe('POST auth/passwordless for a locked account (issue #8)', () => {
  it('says the account is locked and until when, and sends nothing', async () => {
    const { email } = await createPerson(t);
    const mailsBefore = await t.mailCount(email);
    await lockOut(t, email);
    const response = await requestCode(t, email);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ errorCode: 'ACCOUNT_LOCKED', errorDisplayMessage: expect.stringMatching(/locked/) });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await t.mailCount(email)).toBe(mailsBefore);
  });

  it('answers a retry with the same Idempotency-Key afresh, with its Retry-After (the web retries a 429 once)', async () => {
    const { email } = await createPerson(t);
    await lockOut(t, email);
    const headers = { 'idempotency-key': `retry-${email}` };
    for (let i = 0; i < 2; i += 1) {
      const response = await t.post('/api/auth/passwordless', { loginIdentifier: email, clientId: CLIENT_ID }, { headers });
      expect(response.statusCode).toBe(429);
      expect(response.headers['idempotent-replayed']).toBeUndefined();
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('answers an unknown address exactly as a known unlocked one, and a locked unknown one as a locked known one', async () => {
    const known = await createPerson(t);
    const unknown = uniqueEmail('nobody');
    const [knownAnswer, unknownAnswer] = [await requestCode(t, known.email), await requestCode(t, unknown)];
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
    expect(Object.keys(unknownAnswer.json().payload)).toEqual(Object.keys(knownAnswer.json().payload));

    const lockedKnown = await createPerson(t);
    const lockedUnknown = uniqueEmail('nobody');
    await lockOut(t, lockedKnown.email);
    await lockOut(t, lockedUnknown);
    const [a, b] = [await requestCode(t, lockedKnown.email), await requestCode(t, lockedUnknown)];
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
  });
});

describe('GET v1/onboarding: the first-run question (PRODUCT §1, issue #8)', () => {
  it('is asked after sign-up until answered, also on later sign-ins', async () => {
    const { email } = await createPerson(t);
    const first = await signIn(t, email);
    expect((await onboarding(t, first.access_token)).json().payload).toEqual({ firstRunQuestion: true, welcomes: [] });
    const later = await signIn(t, email, STRONG_PASSWORD);
    expect((await onboarding(t, later.access_token)).json().payload.firstRunQuestion).toBe(true);

    const answered = await t.post('/api/v1/onboarding/first-run', undefined, { token: later.access_token });
    expect(answered.statusCode).toBe(200);
    expect((await onboarding(t, (await signIn(t, email)).access_token)).json().payload.firstRunQuestion).toBe(false);
  });

  it('is not asked of an invitee, who did not create the workspace', async () => {
    const owner = await signUpOwner(t);
    const member = await joinAs(t, owner, 'USER');
    expect((await onboarding(t, member.token)).json().payload.firstRunQuestion).toBe(false);
  });

  it('needs a signed-in person', async () => {
    expect((await t.get('/api/v1/onboarding')).statusCode).toBe(401);
  });
});

describe('GET v1/onboarding: the welcome into a new workspace (issue #8)', () => {
  it('names the inviter, the member type and the workspace once the invitation is accepted, until seen', async () => {
    const owner = await signUpOwner(t, { firstName: 'Jamie' });
    const email = uniqueEmail('alex');
    const invited = await invite(t, owner.token, owner.workspaceId, { email, workspaceMemberType: 'EXECUTIVEASSISTANT' });
    expect(invited.statusCode).toBe(201);
    const memberId = invited.json().payload.id as string;

    const signedIn = await signInByCode(t, email);
    const token = signedIn.json().payload.access_token as string;
    expect((await onboarding(t, token)).json().payload.welcomes).toEqual([
      {
        memberId,
        workspaceId: owner.workspaceId,
        workspaceName: "Jamie's workspace",
        workspaceMemberType: 'EXECUTIVEASSISTANT',
        inviterFirstName: 'Jamie',
      },
    ]);

    const seen = await t.post(`/api/v1/onboarding/welcomes/${memberId}/seen`, undefined, { token });
    expect(seen.statusCode).toBe(200);
    expect((await onboarding(t, token)).json().payload.welcomes).toEqual([]);
    // A later sign-in accepts nothing new, so it says nothing again.
    await passResendDelay(t, email);
    const again = await signInByCode(t, email);
    expect((await onboarding(t, again.json().payload.access_token)).json().payload.welcomes).toEqual([]);
  });

  it('welcomes an existing person into a second workspace, and never for their own', async () => {
    const owner = await signUpOwner(t, { firstName: 'Morgan' });
    const other = await signUpOwner(t, { firstName: 'Casey' });
    expect((await onboarding(t, other.token)).json().payload.welcomes).toEqual([]);
    expect((await invite(t, owner.token, owner.workspaceId, { email: other.email, workspaceMemberType: 'USER' })).statusCode).toBe(201);
    const next = await signIn(t, other.email);
    const welcomes = (await onboarding(t, next.access_token)).json().payload.welcomes;
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]).toMatchObject({ workspaceId: owner.workspaceId, inviterFirstName: 'Morgan', workspaceMemberType: 'USER' });
  });

  it("refuses to mark another person's membership (404)", async () => {
    const owner = await signUpOwner(t);
    const member = await joinAs(t, owner, 'GUEST');
    const response = await t.post(`/api/v1/onboarding/welcomes/${member.memberId}/seen`, undefined, { token: owner.token });
    expect(response.statusCode).toBe(404);
    expect((await onboarding(t, member.token)).json().payload.welcomes).toHaveLength(1);
  });
});
