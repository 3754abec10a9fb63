import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-tokens.js';

const claims = {
  personId: '00000000-0000-4000-8000-000000000001',
  sessionId: '00000000-0000-4000-8000-000000000002',
  impersonatorId: null,
};

afterEach(() => {
  vi.restoreAllMocks();
});

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
});
