import { and, eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditEvents, refreshTokens } from '../../db/schema/index.js';
import { CLIENT_ID, createPerson, signIn, testConfig, useTestApp, type TestApp, type Tokens } from '../../test/test-app.js';
import { AUDIENCE, ISSUER } from '../../lib/access-tokens.js';

const t = useTestApp();

const refresh = (test: TestApp, refreshToken: string, clientId = CLIENT_ID) =>
  test.post(
    '/api/auth/token/refresh',
    { refresh_token: refreshToken, grant_type: 'refresh_token', client_id: clientId },
    { headers: { 'x-client-id': clientId } },
  );
const profileStatus = async (test: TestApp, accessToken: string) => (await test.get('/api/v1/profile', { token: accessToken })).statusCode;

async function signedIn(test: TestApp): Promise<Tokens & { personId: string }> {
  const { email, personId } = await createPerson(test);
  return { ...(await signIn(test, email)), personId };
}

/** Signs a token like the server's, with `change` applied; the session (sid) is a live one. */
async function craftToken(
  tokens: Tokens,
  change: { secret?: string; audience?: string; issuer?: string; expiresAt?: number } = {},
): Promise<string> {
  const claims = decodeJwt(tokens.access_token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims['sid'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setIssuer(change.issuer ?? ISSUER)
    .setAudience(change.audience ?? AUDIENCE)
    .setIssuedAt(now - 1000)
    .setExpirationTime(change.expiresAt ?? now + 600)
    .sign(new TextEncoder().encode(change.secret ?? testConfig().jwtSecret));
}

describe('access tokens', () => {
  it('open GET v1/profile; a missing or malformed Authorization header is 401', async () => {
    const tokens = await signedIn(t);
    const ok = await t.get('/api/v1/profile', { token: tokens.access_token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payload.id).toBe(tokens.personId);
    const none = await t.get('/api/v1/profile');
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe('UNAUTHENTICATED');
    expect((await t.get('/api/v1/profile', { headers: { authorization: `Basic ${tokens.access_token}` } })).statusCode).toBe(401);
    expect((await t.get('/api/v1/profile', { token: 'not-a-jwt' })).statusCode).toBe(401);
  });

  it('refuses expired, foreign-secret, alg none and wrong-audience tokens (a well-crafted one passes)', async () => {
    const tokens = await signedIn(t);
    // The control: a token crafted the server's way is accepted, so each refusal below is due to its one change.
    expect(await profileStatus(t, await craftToken(tokens))).toBe(200);

    const expired = await craftToken(tokens, { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    expect(await profileStatus(t, expired)).toBe(401);
    const foreign = await craftToken(tokens, { secret: 'another-secret-that-is-also-long-enough-0123' });
    expect(await profileStatus(t, foreign)).toBe(401);
    const wrongAudience = await craftToken(tokens, { audience: 'some-other-api' });
    expect(await profileStatus(t, wrongAudience)).toBe(401);
    const wrongIssuer = await craftToken(tokens, { issuer: 'someone-else' });
    expect(await profileStatus(t, wrongIssuer)).toBe(401);

    const [, body] = tokens.access_token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await profileStatus(t, `${noneHeader}.${body}.`)).toBe(401);
    const hs512Header = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    expect(await profileStatus(t, `${hs512Header}.${body}.${tokens.access_token.split('.')[2]}`)).toBe(401);
  });
});

describe('POST auth/token/refresh', () => {
  it('rotates: a new refresh token, and the earlier access token lives while the session does', async () => {
    const tokens = await signedIn(t);
    const response = await refresh(t, tokens.refresh_token);
    expect(response.statusCode).toBe(200);
    const next = response.json().payload;
    expect(next).toMatchObject({ user_id: tokens.personId, token_type: 'Bearer', expires_in: 900 });
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(await profileStatus(t, next.access_token)).toBe(200);
    expect(await profileStatus(t, tokens.access_token)).toBe(200);
    // And the new one rotates in turn.
    const third = await refresh(t, next.refresh_token);
    expect(third.statusCode).toBe(200);
    expect(third.json().payload.refresh_token).not.toBe(next.refresh_token);
  });

  it('within the 10-second grace window, the rotated token returns the same current child', async () => {
    const tokens = await signedIn(t);
    const first = (await refresh(t, tokens.refresh_token)).json().payload;
    const again = await refresh(t, tokens.refresh_token);
    expect(again.statusCode).toBe(200);
    expect(again.json().payload.refresh_token).toBe(first.refresh_token);
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(200);
  });

  it('reuse after the grace window revokes the whole family and is audited', async () => {
    const tokens = await signedIn(t);
    const child = (await refresh(t, tokens.refresh_token)).json().payload;
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 11_000) })
      .where(and(eq(refreshTokens.personId, tokens.personId), eq(refreshTokens.status, 'ROTATED')));

    const reuse = await refresh(t, tokens.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().errorCode).toBe('INVALID_REFRESH_TOKEN');
    const childRefresh = await refresh(t, child.refresh_token);
    expect(childRefresh.statusCode).toBe(401);
    expect(childRefresh.json().errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect(await profileStatus(t, child.access_token)).toBe(401);
    expect(await profileStatus(t, tokens.access_token)).toBe(401);

    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.personId, tokens.personId));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.status === 'REVOKED')).toBe(true);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'REFRESH_TOKEN_REUSE'), eq(auditEvents.actorPersonId, tokens.personId)));
    expect(events).toHaveLength(1);
  });

  it('two concurrent refreshes with the same token both succeed with the same new token', async () => {
    const tokens = await signedIn(t);
    const [a, b] = await Promise.all([refresh(t, tokens.refresh_token), refresh(t, tokens.refresh_token)]);
    expect(a!.statusCode).toBe(200);
    expect(b!.statusCode).toBe(200);
    expect(a!.json().payload.refresh_token).toBe(b!.json().payload.refresh_token);
    const active = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.personId, tokens.personId), eq(refreshTokens.status, 'ACTIVE')));
    expect(active).toHaveLength(1);
    expect((await refresh(t, a!.json().payload.refresh_token)).statusCode).toBe(200);
  });

  it('refuses a family older than 30 days', async () => {
    const tokens = await signedIn(t);
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.personId, tokens.personId));
    const lifetimeDays = (row!.familyExpiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(29.99);
    expect(lifetimeDays).toBeLessThanOrEqual(30.001);

    await t.db
      .update(refreshTokens)
      .set({ familyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.personId, tokens.personId));
    const response = await refresh(t, tokens.refresh_token);
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect(await profileStatus(t, tokens.access_token)).toBe(401);
  });

  it('refuses a refresh token presented by another configured client, without burning it', async () => {
    const tokens = await signedIn(t);
    const foreign = await refresh(t, tokens.refresh_token, 'tandem-ios');
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown token and a body client_id that differs from the header', async () => {
    const tokens = await signedIn(t);
    const unknown = await refresh(t, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errorCode).toBe('INVALID_REFRESH_TOKEN');
    const mismatch = await t.post('/api/auth/token/refresh', {
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
      client_id: 'tandem-ios',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errorCode).toBe('INVALID_CLIENT');
  });
});

describe('POST auth/token/revoke', () => {
  it('signs the session out: refresh fails and the access token is 401; other sessions live on', async () => {
    const { email, personId } = await createPerson(t);
    const tokens = await signIn(t, email);
    const other = await signIn(t, email);
    const response = await t.post('/api/auth/token/revoke', { token: tokens.refresh_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: true });
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
    expect(await profileStatus(t, tokens.access_token)).toBe(401);
    expect(await profileStatus(t, other.access_token)).toBe(200);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'SIGN_OUT'), eq(auditEvents.actorPersonId, personId)));
    expect(events).toHaveLength(1);
  });

  it('answers 200 for an unknown token', async () => {
    const response = await t.post('/api/auth/token/revoke', { token: 'no-such-token-anywhere' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: true });
  });
});
