import { hkdfSync, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { SLACK_OAUTH_STATE_TTL_SECONDS } from '@tandem/contract';

const ALGORITHM = 'HS256';
const ISSUER = 'tandem';
const AUDIENCE = 'slack-oauth-state';
/** The purpose label of the state's signing key (HKDF info), so the key is used for nothing else. */
const STATE_KEY_PURPOSE = 'slack-oauth-state';

/** What a valid install state says: who started the install, where, and its single-use id. */
export interface OAuthStateClaims {
  workspaceId: string;
  memberId: string;
  /** The state's id (`jti`): recorded in slack_oauth_states when used, so it works once. */
  stateId: string;
  expiresAt: Date;
}

/** Why a state was refused before its single use is checked. */
export type OAuthStateProblem = 'invalid' | 'expired';

/**
 * Signs and verifies Slack install states (issue #12: "signed, single use, bound to the member
 * and workspace, and valid 10 minutes"): a jose HS256 JWT whose key is derived with HKDF-SHA256
 * from `secret` (CODE_PEPPER) and a purpose label. Single use is the callback's part: it inserts
 * `stateId` into slack_oauth_states in the transaction that stores the connection.
 */
export class OAuthStates {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds = SLACK_OAUTH_STATE_TTL_SECONDS,
  ) {
    this.key = new Uint8Array(hkdfSync('sha256', secret, 'tandem', STATE_KEY_PURPOSE, 32));
  }

  /** A fresh state for `memberId` of `workspaceId`, valid `ttlSeconds` from `now`. */
  async sign(input: { workspaceId: string; memberId: string }, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ wid: input.workspaceId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(input.memberId)
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * The claims of `state`, or the problem: 'expired' once its 10 minutes are over, 'invalid' when
   * it is malformed, forged (another key), or not an install state.
   */
  async verify(state: string, now = new Date()): Promise<{ claims: OAuthStateClaims } | { problem: OAuthStateProblem }> {
    try {
      const { payload } = await jwtVerify(state, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ['sub', 'jti', 'exp', 'wid'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload['wid'] !== 'string') {
        return { problem: 'invalid' };
      }
      return {
        claims: { workspaceId: payload['wid'], memberId: payload.sub, stateId: payload.jti, expiresAt: new Date(payload.exp! * 1000) },
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { problem: 'expired' };
      if (error instanceof joseErrors.JOSEError) return { problem: 'invalid' };
      throw error;
    }
  }
}
