import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';

const ALGORITHM = 'HS256';
export const ISSUER = 'tandem';
export const AUDIENCE = 'tandem-api';
/** Impersonation sessions live at most 60 minutes (PRODUCT §5). */
export const IMPERSONATION_MAX_SECONDS = 60 * 60;
/**
 * How far in the future a token's `iat` may lie (clock skew between server processes). A token
 * issued later than that is not yet valid (issue #14); jose checks `iat` only with maxTokenAge.
 */
export const ISSUED_AT_SKEW_SECONDS = 60;
/**
 * How many verified access tokens one process remembers ({@link AccessTokens.verify}): one per
 * signed-in browser tab that called within a token's lifetime, at about 1 KiB each (≤ 10 MiB).
 */
export const VERIFIED_TOKENS_REMEMBERED = 10_000;

/** What an access token says about its bearer. */
export interface AccessClaims {
  personId: string;
  /** The refresh-token family: the session. */
  sessionId: string;
  /** The platform admin acting as personId (RFC 8693 `act.sub`), if any. */
  impersonatorId: string | null;
}

/** The claims of a verified token, with when it expires (ms since the epoch, from `exp`). */
export interface VerifiedAccess extends AccessClaims {
  expiresAtMs: number;
}

/**
 * Signs and verifies access tokens (PRODUCT §5): HS256 only, exp/iss/aud checked, an `iat` not
 * in the future (issue #14), 15 minutes by default. Uses jose.
 */
export class AccessTokens {
  private readonly secret: Uint8Array;
  /**
   * The HMAC key, imported into WebCrypto once. Given the raw secret, jose imports it again on
   * every sign and verify: ≈ 80 µs per signed-in request, a fifth of the CPU of a one-read call
   * (issue #13).
   */
  private key: Promise<webcrypto.CryptoKey> | undefined;
  /**
   * Tokens this process has verified, by their exact text, with their claims (frozen). A token is
   * used for every call of its lifetime, and jose's HMAC verify on WebCrypto costs ≈ 40 µs of CPU
   * on a thread-pool job each time (issue #13, decision 034); a string lookup costs under 1 µs.
   * Only the exact text of a token that passed verification matches, so a forged or altered
   * token always meets jose; expiry is checked on every hit. Revocation is not the token's
   * business: the authenticate hook checks the session on every request.
   */
  private readonly verified = new LRUCache<string, VerifiedAccess>({ max: VERIFIED_TOKENS_REMEMBERED });

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.secret = new TextEncoder().encode(secret);
  }

  private hmacKey(): Promise<webcrypto.CryptoKey> {
    this.key ??= webcrypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.key;
  }

  /** Signs a token; `expiresAtMs` caps its lifetime (impersonation, family end). */
  async sign(claims: AccessClaims, expiresAtMs?: number): Promise<{ token: string; expiresIn: number }> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    let expiresIn = this.ttlSeconds;
    if (expiresAtMs !== undefined) expiresIn = Math.max(1, Math.min(expiresIn, Math.floor(expiresAtMs / 1000) - nowSeconds));
    const jwt = new SignJWT({ sid: claims.sessionId, ...(claims.impersonatorId ? { act: { sub: claims.impersonatorId } } : {}) })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.personId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + expiresIn);
    return { token: await jwt.sign(await this.hmacKey()), expiresIn };
  }

  /**
   * @returns the claims, or null when the token is malformed, forged, expired or not ours. A token
   * verified before answers from memory until it expires ({@link verified}).
   */
  async verify(token: string): Promise<VerifiedAccess | null> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once the clock reaches exp (seconds), with no tolerance.
      if (Date.now() < known.expiresAtMs) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.verifyWithJose(token);
    if (claims) this.verified.set(token, claims);
    return claims;
  }

  private async verifyWithJose(token: string): Promise<VerifiedAccess | null> {
    try {
      const { payload } = await jwtVerify(token, await this.hmacKey(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
      const act = payload['act'] as { sub?: unknown } | undefined;
      if (typeof payload.sub !== 'string' || typeof payload['sid'] !== 'string' || typeof payload.exp !== 'number') return null;
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + ISSUED_AT_SKEW_SECONDS) return null;
      return Object.freeze({
        personId: payload.sub,
        sessionId: payload['sid'],
        impersonatorId: typeof act?.sub === 'string' ? act.sub : null,
        expiresAtMs: payload.exp * 1000,
      });
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
