import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-tokens.js';

const claims = {
  personId: '00000000-0000-4000-8000-000000000001',
  sessionId: '00000000-0000-4000-8000-000000000002',
  impersonatorId: null,
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('AccessTokens (issue #13)', () => {
  it('imports its HMAC key once, however many tokens it signs and verifies', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const tokens = new AccessTokens('a-secret-of-at-least-thirty-two-characters', 900);
    const signed = await Promise.all([tokens.sign(claims), tokens.sign(claims)]);
    for (const { token } of [...signed, ...signed]) expect(await tokens.verify(token)).toMatchObject(claims);
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it("verifies only its own secret's tokens", async () => {
    const ours = new AccessTokens('a-secret-of-at-least-thirty-two-characters', 900);
    const theirs = new AccessTokens('another-secret-of-thirty-two-characters!', 900);
    const { token } = await theirs.sign(claims);
    expect(await ours.verify(token)).toBeNull();
    expect(await theirs.verify(token)).toMatchObject(claims);
  });

  it('verifies a token once, then answers its claims from memory', async () => {
    const tokens = new AccessTokens(secret, 900);
    const { token } = await tokens.sign(claims);
    const verifySignature = vi.spyOn(crypto.subtle, 'verify');
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(first).toMatchObject(claims);
    expect(again).toEqual(first);
    expect(Object.isFrozen(again)).toBe(true);
    expect(verifySignature).toHaveBeenCalledTimes(1);
  });

  it('still refuses an altered copy of a remembered token', async () => {
    const tokens = new AccessTokens(secret, 900);
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPerson = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '00000000-0000-4000-8000-000000000009' }),
    ).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await tokens.verify(`${header}.${otherPerson}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('refuses a remembered token once the clock reaches its expiry, as jose does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00.000Z'));
    const tokens = new AccessTokens(secret, 900);
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject({ ...claims, expiresAtMs: Date.parse('2026-11-28T10:15:00.000Z') });
    vi.setSystemTime(new Date('2026-11-28T10:14:59.999Z'));
    expect(await tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-28T10:15:00.000Z'));
    expect(await tokens.verify(token)).toBeNull();
    // Nor does a fresh instance (jose itself) accept it.
    expect(await new AccessTokens(secret, 900).verify(token)).toBeNull();
  });
});
