import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditEvents, people, refreshTokens } from '../../db/schema/index.js';
import { CLIENT_ID, STRONG_PASSWORD, createPerson, uniqueEmail, useTestApp, type TestApp } from '../../test/test-app.js';

const t = useTestApp();

const NEW_PASSWORD = 'marble lantern orchard quietly drifting';

const signInAs = (test: TestApp, email: string, impersonationEmail: string | null) =>
  test.post('/api/auth/password', {
    loginIdentifier: email,
    password: STRONG_PASSWORD,
    grant_type: 'password',
    client_id: CLIENT_ID,
    impersonation_identifier: impersonationEmail,
  });

async function platformAdmin(test: TestApp) {
  const admin = await createPerson(test, { firstName: 'Ada', lastName: 'Admin' });
  await test.db.update(people).set({ isPlatformAdmin: true }).where(eq(people.id, admin.personId));
  return admin;
}

describe('impersonation at sign-in', () => {
  it('refuses a person who is not a platform admin with 403 FORBIDDEN', async () => {
    const person = await createPerson(t);
    const target = await createPerson(t);
    const response = await signInAs(t, person.email, target.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('FORBIDDEN');
    const started = await t.db.select().from(refreshTokens).where(eq(refreshTokens.personId, target.personId));
    expect(started).toHaveLength(0);
  });

  it('a platform admin views as an active person: act claim, profile banner data, audit row, short family', async () => {
    const admin = await platformAdmin(t);
    const target = await createPerson(t, { firstName: 'Tess', lastName: 'Target' });
    const before = Date.now();
    const response = await signInAs(t, admin.email, target.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const tokens = response.json().payload;
    expect(tokens.user_id).toBe(target.personId);
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);

    const claims = decodeJwt(tokens.access_token);
    expect(claims.sub).toBe(target.personId);
    expect(claims['act']).toEqual({ sub: admin.personId });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);

    const profile = await t.get('/api/v1/profile', { token: tokens.access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().payload).toMatchObject({
      id: target.personId,
      email: target.email,
      firstName: 'Tess',
      impersonator: { id: admin.personId, firstName: 'Ada', lastName: 'Admin' },
    });

    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'IMPERSONATION_STARTED'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorPersonId: target.personId, impersonatorPersonId: admin.personId });

    const [family] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.personId, target.personId));
    expect(family!.impersonatorPersonId).toBe(admin.personId);
    expect(family!.familyExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(family!.familyExpiresAt.getTime()).toBeGreaterThan(before + 59 * 60_000);

    // A refresh keeps both identities.
    const refreshed = await t.post('/api/auth/token/refresh', {
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
    });
    expect(refreshed.statusCode).toBe(200);
    const refreshedClaims = decodeJwt(refreshed.json().payload.access_token);
    expect(refreshedClaims.sub).toBe(target.personId);
    expect(refreshedClaims['act']).toEqual({ sub: admin.personId });
  });

  it('an admin signing in without an impersonation identifier gets a plain session', async () => {
    const admin = await platformAdmin(t);
    const response = await signInAs(t, admin.email, null);
    expect(response.statusCode).toBe(200);
    const claims = decodeJwt(response.json().payload.access_token);
    expect(claims.sub).toBe(admin.personId);
    expect(claims['act']).toBeUndefined();
    const profile = await t.get('/api/v1/profile', { token: response.json().payload.access_token });
    expect(profile.json().payload.impersonator).toBeNull();
  });

  it('refuses a password update while impersonating (403), and leaves the password alone', async () => {
    const admin = await platformAdmin(t);
    const target = await createPerson(t);
    const tokens = (await signInAs(t, admin.email, target.email)).json().payload;
    const response = await t.post(
      '/api/auth/password/update',
      { currentPassword: STRONG_PASSWORD, password: NEW_PASSWORD },
      { token: tokens.access_token },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('FORBIDDEN');
    expect((await signInAs(t, target.email, null)).statusCode).toBe(200);
  });

  it('refuses impersonating another platform admin, or oneself, with 403', async () => {
    const admin = await platformAdmin(t);
    const otherAdmin = await platformAdmin(t);
    const response = await signInAs(t, admin.email, otherAdmin.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('FORBIDDEN');
    expect((await signInAs(t, admin.email, admin.email)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown or inactive target', async () => {
    const admin = await platformAdmin(t);
    const unknown = await signInAs(t, admin.email, uniqueEmail('nobody'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('NOT_FOUND');
    const pending = await createPerson(t, { activate: false });
    expect((await signInAs(t, admin.email, pending.email)).statusCode).toBe(404);
  });

  it('refuses a wrong admin password before looking at the target', async () => {
    const admin = await platformAdmin(t);
    const target = await createPerson(t);
    const response = await t.post('/api/auth/password', {
      loginIdentifier: admin.email,
      password: 'not the admin password at all',
      grant_type: 'password',
      client_id: CLIENT_ID,
      impersonation_identifier: target.email,
    });
    expect(response.statusCode).toBe(401);
    const sessions = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.personId, target.personId)));
    expect(sessions).toHaveLength(0);
  });
});
