import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, people, subscriptions, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { CLIENT_ID, STRONG_PASSWORD, createPerson, passResendDelay, signIn, uniqueEmail, useTestApp } from '../../test/test-app.js';

const t = useTestApp();

describe('POST v1/signup', () => {
  it('creates a pending person, a FREE workspace and an OWNER membership, and mails a code', async () => {
    const email = uniqueEmail('Casey');
    const response = await t.post('/api/v1/signup', {
      firstName: ' Casey ',
      lastName: 'Jones',
      loginIdentifier: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const user = response.json().payload;
    expect(user).toMatchObject({ firstName: 'Casey', lastName: 'Jones', email: email.toLowerCase(), status: 'PENDING_ACTIVATION' });

    const [member] = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.personId, user.id));
    expect(member?.workspaceMemberType).toBe('OWNER');
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, member!.workspaceId));
    expect(workspace?.name).toBe("Casey's workspace");
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, member!.workspaceId));
    expect(subscription?.subscriptionType).toBe('FREE');
    const [person] = await t.db.select().from(people).where(eq(people.id, user.id));
    expect(person?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.latestCode(email)).toMatch(/^\d{6}$/);
    expect((await t.latestMail(email))?.html).toContain(await t.latestCode(email));
  });

  it('refuses a duplicate email with 409 and writes nothing', async () => {
    const { email } = await createPerson(t);
    const before = await t.db.select().from(workspaces);
    const response = await t.post('/api/v1/signup', {
      firstName: 'Other',
      lastName: 'Person',
      loginIdentifier: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'EMAIL_TAKEN', errorData: { loginIdentifier: expect.any(String) } });
    expect(await t.db.select().from(workspaces)).toHaveLength(before.length);
  });

  it('refuses weak, common and personal passwords with a stated reason', async () => {
    const cases = [
      { password: 'short', reason: /at least 15 characters/ },
      { password: 'aaaaaaaaaaaaaaaaaaaa', reason: /too easy to guess/ },
      { password: 'passwordpassword1', reason: /too easy to guess|common/ },
      { password: 'qwertyuiopasdfgh', reason: /too easy to guess/ },
      { password: 'iloveyouiloveyou', reason: /too easy to guess: repeated/ },
    ];
    for (const { password, reason } of cases) {
      const response = await t.post('/api/v1/signup', {
        firstName: 'Weak',
        lastName: 'Password',
        loginIdentifier: uniqueEmail(),
        password,
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().errorData.password, password).toMatch(reason);
    }
    const email = uniqueEmail('quentin');
    const personal = await t.post('/api/v1/signup', {
      firstName: 'Quentin',
      lastName: 'Tarantino',
      loginIdentifier: email,
      password: 'QuentinTarantino',
    });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().errorCode).toBe('WEAK_PASSWORD');
  });

  it('accepts a long passphrase with any Unicode and never truncates it', async () => {
    const password = `${'päss wörd ☕ tandem '.repeat(6)}`.slice(0, 120);
    const { email } = await createPerson(t, { password });
    await expect(signIn(t, email, password)).resolves.toHaveProperty('access_token');
    const truncated = await t.post('/api/auth/password', {
      loginIdentifier: email,
      password: password.slice(0, 72),
      grant_type: 'password',
      client_id: CLIENT_ID,
    });
    expect(truncated.statusCode).toBe(401);
  });

  it('answers 400 with errorData per field for bad input and for malformed JSON', async () => {
    const response = await t.post('/api/v1/signup', { firstName: '', loginIdentifier: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errorData).sort()).toEqual(['firstName', 'lastName', 'loginIdentifier', 'password']);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/signup',
      payload: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorCode).toBe('MALFORMED_REQUEST');
  });
});

describe('POST v1/signup/activate', () => {
  it('activates with the mailed code and returns the user; password sign-in works only after', async () => {
    const { email, personId } = await createPerson(t, { activate: false });
    const early = await t.post('/api/auth/password', {
      loginIdentifier: email,
      password: STRONG_PASSWORD,
      grant_type: 'password',
      client_id: CLIENT_ID,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().errorCode).toBe('ACCOUNT_NOT_ACTIVATED');

    const response = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: await t.latestCode(email) });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({ id: personId, status: 'ACTIVE' });
    await expect(signIn(t, email)).resolves.toHaveProperty('user_id', personId);
  });

  it('an unactivated account with a wrong password gets the same 401 as anyone', async () => {
    const { email } = await createPerson(t, { activate: false });
    const response = await t.post('/api/auth/password', {
      loginIdentifier: email,
      password: 'wrong password entirely here',
      grant_type: 'password',
      client_id: CLIENT_ID,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('burns the code after 5 wrong tries', async () => {
    const { email } = await createPerson(t, { activate: false });
    const code = await t.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('INVALID_CODE');
    }
    const burned = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: code });
    expect(burned.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { email, personId } = await createPerson(t, { activate: false });
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.personId, personId));
    const response = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: await t.latestCode(email) });
    expect(response.statusCode).toBe(400);
  });

  it('resend mails a new code that voids the old one, not sooner than 60 s', async () => {
    const { email, personId } = await createPerson(t, { activate: false });
    const first = await t.latestCode(email);
    const tooSoon = await t.post('/api/v1/signup/resend-activation', { loginIdentifier: email });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

    await passResendDelay(t, email);
    const resend = await t.post('/api/v1/signup/resend-activation', { loginIdentifier: email });
    expect(resend.statusCode).toBe(200);
    const second = await t.latestCode(email);
    const codes = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.personId, personId));
    expect(codes.filter((c) => c.consumedAt === null)).toHaveLength(1);
    if (first !== second) {
      const old = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: first });
      expect(old.statusCode).toBe(400);
    }
    const ok = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: second });
    expect(ok.statusCode).toBe(200);
  });

  it('answers an already active account with 409', async () => {
    const { email } = await createPerson(t);
    const response = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: '123456' });
    expect(response.statusCode).toBe(409);
  });
});
