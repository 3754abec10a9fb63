import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { people } from '../../apps/server/src/db/schema/index.js';
import { AUDIENCE, ISSUER } from '../../apps/server/src/lib/access-tokens.js';
import { createPerson, signIn, testConfig, useTestApp, type Tokens } from '../../apps/server/src/test/test-app.js';

/**
 * Issue #14, "JWT: 1,000 mutated tokens → 100% 401" (PRODUCT §5: one allow-listed algorithm,
 * exp, iss and aud checked). Every token below is derived from a real access token by one
 * mutation — alg none, an algorithm swap (HS384/HS512 with the secret; RS/PS/ES/EdDSA headers
 * HMAC-signed with the secret's bytes; real RSA, EC and Ed25519 signatures, with and without an
 * embedded key), a foreign secret, a flipped byte, expired, not yet valid, wrong aud or iss,
 * missing or mistyped claims, truncated, extra segments, ~100 KB, garbage, and a revoked or
 * deleted person's session — and must get exactly 401 UNAUTHENTICATED with the error envelope
 * on GET /api/v1/profile. The unmutated token gets 200 before and after. Parameters come from
 * fast-check with a fixed seed, so a failure names a reproducible token.
 */

const t = useTestApp();
const PROFILE = '/api/v1/profile';
const SEED = 14;
const SECRET = new TextEncoder().encode(testConfig().jwtSecret);
const now = () => Math.floor(Date.now() / 1000);

let real: Tokens;
let claims: JWTPayload;
let revoked: Tokens;
let deleted: Tokens;
let foreignKeys: { alg: string; privateKey: CryptoKey; publicKey: CryptoKey }[];

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json64 = (value: unknown) => b64(JSON.stringify(value));
const segments = (token: string) => token.split('.') as [string, string, string];

/** The real token's claims, with a fresh lifetime: valid in every way but the one mutated. */
function liveClaims(change: Record<string, unknown> = {}): Record<string, unknown> {
  const { sub, sid } = claims;
  const base: Record<string, unknown> = { sid, sub, iss: ISSUER, aud: AUDIENCE, iat: now() - 5, exp: now() + 600 };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) delete base[key];
    else base[key] = value;
  }
  return base;
}

/** Signs `payload` as the server would (HS256, the real secret) — or with `alg`/`key` swapped. */
function signWithSecret(payload: Record<string, unknown>, alg = 'HS256'): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(SECRET);
}

/** A token whose header names `alg` but whose signature is an HMAC with the secret's bytes. */
function hmacUnder(alg: string, payload: Record<string, unknown>, hash: 'sha256' | 'sha384' | 'sha512'): string {
  const input = `${json64({ alg, typ: 'JWT' })}.${json64(payload)}`;
  return `${input}.${createHmac(hash, SECRET).update(input).digest('base64url')}`;
}

/** Flips one byte of one decoded segment; the bytes (not just base64 padding bits) change. */
function flipByte(token: string, segment: 0 | 1 | 2, index: number, mask: number): string {
  const parts = segments(token);
  const bytes = Buffer.from(parts[segment], 'base64url');
  const at = index % bytes.length;
  bytes[at] = bytes[at]! ^ (mask || 1);
  parts[segment] = bytes.toString('base64url');
  return parts.join('.');
}

type Recipe = () => Promise<string> | string;

/** `count` recipes from `arbitrary` (seeded), each turned into a token by `build`. */
function family<T>(count: number, arbitrary: fc.Arbitrary<T>, build: (value: T) => Promise<string> | string): Recipe[] {
  return fc.sample(arbitrary, { seed: SEED + count, numRuns: count }).map((value) => () => build(value));
}

const garbageChars = fc.constantFrom(...'!#$%&()*+,/:;<=>?@[]^`{|}~"\'\\'.split(''));
const someText = fc.string({
  minLength: 1,
  maxLength: 40,
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_ '.split('')),
});

/** The 1,000 mutations, by family; counts sum to 1,000. */
function mutations(): { family: string; recipes: Recipe[] }[] {
  const original = () => real.access_token;
  return [
    {
      family: 'alg none',
      recipes: family(
        60,
        fc.record({
          alg: fc.constantFrom('none', 'None', 'NONE', 'nOnE'),
          signature: fc.constantFrom('empty', 'original', 'random'),
          fresh: fc.boolean(),
        }),
        ({ alg, signature, fresh }) => {
          const [, body, sig] = segments(original());
          const payload = fresh ? json64(liveClaims()) : body;
          const tail = signature === 'empty' ? '' : signature === 'original' ? sig : b64(randomBytes(32));
          return `${json64({ alg, typ: 'JWT' })}.${payload}.${tail}`;
        },
      ),
    },
    {
      family: 'HS384/HS512 with the secret',
      recipes: family(60, fc.constantFrom('HS384', 'HS512'), (alg) => signWithSecret(liveClaims(), alg)),
    },
    {
      family: 'asymmetric header, HMAC-signed with the secret',
      recipes: family(
        80,
        fc.record({
          alg: fc.constantFrom('RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'ES512', 'EdDSA'),
          hash: fc.constantFrom('sha256' as const, 'sha384' as const, 'sha512' as const),
        }),
        ({ alg, hash }) => hmacUnder(alg, liveClaims(), hash),
      ),
    },
    {
      family: 'signed with a fresh RSA/EC/Ed25519 key',
      recipes: family(60, fc.record({ key: fc.nat(), embedJwk: fc.boolean() }), async ({ key, embedJwk }) => {
        const chosen = foreignKeys[key % foreignKeys.length]!;
        const header = { alg: chosen.alg, typ: 'JWT', ...(embedJwk ? { jwk: await exportJWK(chosen.publicKey) } : {}) };
        return new SignJWT(liveClaims()).setProtectedHeader(header).sign(chosen.privateKey);
      }),
    },
    {
      family: 'HS256 with a foreign secret',
      recipes: family(60, fc.record({ secret: fc.string({ minLength: 32, maxLength: 64 }), kid: fc.option(someText) }), ({ secret, kid }) =>
        new SignJWT(liveClaims({ act: kid ? { sub: crypto.randomUUID() } : undefined }))
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid ? { kid } : {}) })
          .sign(new TextEncoder().encode(secret === testConfig().jwtSecret ? `${secret}x` : secret)),
      ),
    },
    {
      family: 'bad signature (a flipped byte in a segment)',
      recipes: family(
        120,
        fc.record({
          segment: fc.constantFrom(0 as const, 1 as const, 2 as const),
          index: fc.nat(),
          mask: fc.integer({ min: 1, max: 255 }),
        }),
        ({ segment, index, mask }) => flipByte(original(), segment, index, mask),
      ),
    },
    {
      family: 'expired',
      recipes: family(80, fc.integer({ min: 1, max: 10 * 365 * 24 * 3600 }), (ago) =>
        signWithSecret(liveClaims({ exp: now() - ago, iat: now() - ago - 900 })),
      ),
    },
    {
      family: 'not yet valid (nbf or iat in the future)',
      recipes: family(
        80,
        fc.record({ claim: fc.constantFrom('nbf', 'iat'), ahead: fc.integer({ min: 120, max: 10 * 365 * 24 * 3600 }) }),
        ({ claim, ahead }) => signWithSecret(liveClaims({ [claim]: now() + ahead, exp: now() + ahead + 600 })),
      ),
    },
    {
      family: 'wrong aud',
      recipes: family(
        60,
        fc.oneof(
          someText.filter((value) => value !== AUDIENCE),
          fc.constantFrom('Tandem-API', 'tandem-api ', ' tandem-api', 'tandem', 'tandem-api.evil'),
          fc.array(
            someText.filter((value) => value !== AUDIENCE),
            { maxLength: 3 },
          ),
        ),
        (aud) => signWithSecret(liveClaims({ aud })),
      ),
    },
    {
      family: 'wrong iss',
      recipes: family(
        60,
        fc.oneof(
          someText.filter((value) => value !== ISSUER),
          fc.constantFrom('Tandem', 'tandem ', 'tandem-api', 'https://tandem'),
        ),
        (iss) => signWithSecret(liveClaims({ iss })),
      ),
    },
    {
      family: 'missing or mistyped claims',
      recipes: family(
        60,
        fc.record({
          drop: fc.subarray(['sub', 'sid', 'exp', 'iss', 'aud', 'iat'], { minLength: 1 }),
          mistype: fc.constantFrom({}, { sub: 42 }, { sid: 42 }, { sid: null }, { sub: { id: 'x' } }, { exp: 'tomorrow' }, { iat: 'now' }),
        }),
        ({ drop, mistype }) => signWithSecret(liveClaims({ ...Object.fromEntries(drop.map((name) => [name, undefined])), ...mistype })),
      ),
    },
    {
      family: 'truncated',
      recipes: family(60, fc.nat(), (cut) => original().slice(0, cut % original().length)),
    },
    {
      family: 'extra segments',
      recipes: family(
        40,
        fc.record({ shape: fc.constantFrom('suffix', 'prefix', 'middle', 'jwe'), extra: fc.constantFrom('', 'e30', 'abc', b64('x')) }),
        ({ shape, extra }) => {
          const [header, body, sig] = segments(original());
          if (shape === 'suffix') return `${original()}.${extra}`;
          if (shape === 'prefix') return `${extra}.${original()}`;
          if (shape === 'middle') return `${header}.${body}.${extra}.${sig}`;
          return `${json64({ alg: 'dir', enc: 'A256GCM' })}..${b64(randomBytes(12))}.${body}.${sig}`;
        },
      ),
    },
    {
      family: 'huge (~100 KB)',
      recipes: family(20, fc.constantFrom('payload', 'header', 'signature', 'garbage'), async (where) => {
        const padding = 'A'.repeat(100 * 1024);
        const [header, body] = segments(original());
        if (where === 'payload') return `${header}.${json64(liveClaims({ pad: padding }))}.${b64(randomBytes(32))}`;
        if (where === 'header') return `${json64({ alg: 'HS256', typ: 'JWT', pad: padding })}.${body}.${b64(randomBytes(32))}`;
        if (where === 'signature') return `${header}.${body}.${padding}`;
        return padding;
      }),
    },
    {
      family: 'garbage that is not base64url',
      recipes: family(
        90,
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 200, unit: garbageChars }),
          fc.tuple(fc.string({ minLength: 1, maxLength: 20, unit: garbageChars }), fc.nat()).map(([junk, at]) => {
            const token = real.access_token;
            const index = at % token.length;
            return `${token.slice(0, index)}${junk}${token.slice(index + 1)}`;
          }),
          fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64')),
          fc.constantFrom('..', '...', 'null', 'undefined', '{}', 'Bearer', '=.=.='),
        ),
        (token) => token,
      ),
    },
    {
      family: 'a revoked session or a deleted person',
      recipes: family(10, fc.constantFrom('revoked', 'revoked re-signed', 'deleted', 'deleted re-signed'), (kind) => {
        const source = kind.startsWith('revoked') ? revoked : deleted;
        if (!kind.endsWith('re-signed')) return source.access_token;
        const { sub, sid } = decodeJwt(source.access_token);
        return signWithSecret(liveClaims({ sub, sid }));
      }),
    },
  ];
}

beforeAll(async () => {
  const person = await createPerson(t);
  real = await signIn(t, person.email);
  claims = decodeJwt(real.access_token);

  const signedOut = await createPerson(t);
  revoked = await signIn(t, signedOut.email);
  const revoke = await t.post('/api/auth/token/revoke', { token: revoked.refresh_token });
  expect(revoke.statusCode).toBe(200);

  const gone = await createPerson(t);
  deleted = await signIn(t, gone.email);
  await t.db.delete(people).where(eq(people.id, gone.personId));

  foreignKeys = [];
  for (const alg of ['RS256', 'PS256', 'ES256', 'EdDSA']) {
    const pair = await generateKeyPair(alg, { extractable: true });
    foreignKeys.push({ alg, ...pair });
  }
});

describe('1,000 mutated access tokens (issue #14)', () => {
  it('the unmutated token opens the profile (the control)', async () => {
    expect(decodeProtectedHeader(real.access_token).alg).toBe('HS256');
    expect((await t.get(PROFILE, { token: real.access_token })).statusCode).toBe(200);
    // A token built by this file's own signer is accepted: each refusal below is due to its mutation.
    expect((await t.get(PROFILE, { token: await signWithSecret(liveClaims()) })).statusCode).toBe(200);
  });

  it('every mutation gets exactly 401 with the error envelope', async () => {
    const families = mutations();
    const cases: { family: string; token: string }[] = [];
    for (const { family: name, recipes } of families) {
      for (const recipe of recipes) cases.push({ family: name, token: await recipe() });
    }
    expect(cases).toHaveLength(1000);
    const original = real.access_token;
    expect(cases.filter((entry) => entry.token === original)).toEqual([]);

    const failures: string[] = [];
    const counts = new Map<string, number>();
    const queue = [...cases];
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const response = await t.get(PROFILE, { token: entry.token });
        const body = response.json<Record<string, unknown>>();
        const isEnvelope =
          response.statusCode === 401 &&
          body['errorCode'] === 'UNAUTHENTICATED' &&
          typeof body['errorDisplayMessage'] === 'string' &&
          body['payload'] === undefined &&
          response.headers['content-type']?.toString().startsWith('application/json');
        if (isEnvelope) counts.set(entry.family, (counts.get(entry.family) ?? 0) + 1);
        else failures.push(`${entry.family}: ${response.statusCode} ${response.body.slice(0, 200)} for ${entry.token.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(failures).toEqual([]);
    expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(1000);
    expect(counts.size).toBe(families.length);
  });

  it('the unmutated token still opens the profile afterwards', async () => {
    expect((await t.get(PROFILE, { token: real.access_token })).statusCode).toBe(200);
  });
});
