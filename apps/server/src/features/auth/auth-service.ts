import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SignupBody, SignupUser, TokenPayload } from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { people, subscriptions, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { AppError, invalidField, tooManyRequests } from '../../lib/errors.js';
import type { MailOutbox } from '../../mail/mail-jobs.js';
import { activationMail, passwordResetMail, signInCodeMail } from '../../mail/templates.js';
import { recordAuditEvent } from '../audit/index.js';
import { acceptInvitationsWithWelcome } from './onboarding-service.js';
import type { AccessTokens } from '../../lib/access-tokens.js';
import { checkDigitCode, consumeCode, findLiveActionCode, issueCode, voidCodes, type CodePurpose } from './codes.js';
import { findPasswordWeakness } from './password-policy.js';
import { findPersonByEmail, getPersonById, lockPerson, toSignupUser, type PersonRow } from './people-repository.js';
import type { SessionGrant, Sessions } from './sessions.js';
import { checkAttempts, refundAttempt, resetAttempts, takeAttempt, throttleKeys, throttlePolicies } from '../../lib/throttle.js';

export interface AuthServiceDeps {
  db: Database;
  /** Mail is enqueued inside the transaction that causes it (decision 011). */
  mail: MailOutbox;
  sessions: Sessions;
  accessTokens: AccessTokens;
  codePepper: string;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

/** Who is asking: for throttling and the audit trail. */
export interface RequestContext {
  ip: string;
  clientId: string;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'The email or password is incorrect.');
const invalidCode = () =>
  new AppError('INVALID_CODE', 'That code is incorrect or has expired. Check it, or request a new one.', {
    verificationToken: 'Incorrect or expired code.',
  });
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
/** 429 ACCOUNT_LOCKED with Retry-After in whole seconds: the web shows until when (issue #8). */
const accountLocked = (retryAfterMs: number) =>
  new AppError(
    'ACCOUNT_LOCKED',
    `This account is locked after too many failed sign-ins. Try again in ${minutes(retryAfterMs)} minutes; no code was sent.`,
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/**
 * Every auth flow of the seed (§4, §7) with the rules of PRODUCT §5. Methods throw AppError for
 * refusals; none of them reveals whether an email has an account, except sign-up (409) and
 * activation, which the seed's flows need.
 */
export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Argon2id with the library's OWASP-recommended defaults (m=19 MiB, t=2, p=1). */
  hashPassword(password: string): Promise<string> {
    return argon2Hash(password);
  }

  /** Verifies, spending the same time when there is no hash (unknown email: no enumeration). */
  private async verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    this.dummyHash ??= argon2Hash('tandem-timing-equaliser-password');
    const target = passwordHash ?? (await this.dummyHash);
    const ok = await argon2Verify(target, password);
    return ok && Boolean(passwordHash);
  }

  /** Counts a sign-in attempt against the account and the IP; 429 when either limit is hit. */
  private async takeSignInAttempt(email: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const account = await takeAttempt(tx, throttleKeys.signInAccount(email), throttlePolicies.signInPerAccount);
      if (!account.allowed) {
        throw tooManyRequests(
          `Too many failed sign-ins for this account. Try again in ${minutes(account.retryAfterMs)} minutes.`,
          account.retryAfterMs,
        );
      }
      const fromIp = await takeAttempt(tx, throttleKeys.signInIp(ip), throttlePolicies.signInPerIp);
      if (!fromIp.allowed) {
        throw tooManyRequests('Too many failed sign-ins from this network. Try again later.', fromIp.retryAfterMs);
      }
    });
  }

  /** A successful sign-in ends the account's run of failures and gives the IP its attempt back. */
  private async forgiveSignInAttempt(email: string, ip: string): Promise<void> {
    await resetAttempts(this.db, throttleKeys.signInAccount(email));
    await refundAttempt(this.db, throttleKeys.signInIp(ip));
  }

  /**
   * One code of each kind per 60 s, 5 mails per hour per address (PRODUCT §5), known or unknown
   * addresses alike. With `force` the mail is counted but never refused (a sign-up's activation).
   */
  private async takeMailAttempt(tx: Queryable, email: string, purpose: CodePurpose, options: { force?: boolean } = {}): Promise<void> {
    const resend = await takeAttempt(tx, throttleKeys.resend(email, purpose), throttlePolicies.resendPerPurpose, options);
    if (!resend.allowed && !options.force) {
      throw tooManyRequests(`You can ask for a new code in ${Math.ceil(resend.retryAfterMs / 1000)} seconds.`, resend.retryAfterMs);
    }
    const hourly = await takeAttempt(tx, throttleKeys.mail(email), throttlePolicies.mailPerAddress, options);
    if (!hourly.allowed && !options.force) {
      throw tooManyRequests(
        `Too many emails sent to this address. Try again in ${minutes(hourly.retryAfterMs)} minutes.`,
        hourly.retryAfterMs,
      );
    }
  }

  private assertCanSignIn(person: PersonRow): void {
    if (person.status === 'DISABLED') throw new AppError('ACCOUNT_DISABLED', 'This account is disabled. Contact your workspace owner.');
  }

  /**
   * Resolves an impersonation request (PRODUCT §5): only a platform admin, authenticated with
   * their own credentials, may view as another active person who is not an admin themself.
   * @returns the person to sign in as.
   */
  private async resolveImpersonation(admin: PersonRow, targetEmail: string): Promise<PersonRow> {
    if (!admin.isPlatformAdmin) throw new AppError('FORBIDDEN', 'Only platform administrators may view Tandem as another person.');
    const target = await findPersonByEmail(this.db, targetEmail);
    if (!target || target.status !== 'ACTIVE') throw new AppError('NOT_FOUND', 'There is no active account with that email to view as.');
    if (target.id === admin.id || target.isPlatformAdmin) {
      throw new AppError('FORBIDDEN', 'Platform administrators cannot be viewed as; nested impersonation is not allowed.');
    }
    return target;
  }

  /** Starts a session and answers with the seed's token response; the person's INVITED memberships turn ACTIVE (issue #3). */
  private async grantTokens(
    person: PersonRow,
    context: RequestContext,
    impersonatedEmail: string | null | undefined,
  ): Promise<TokenPayload> {
    let subject = person;
    let impersonatorId: string | null = null;
    if (impersonatedEmail) {
      subject = await this.resolveImpersonation(person, impersonatedEmail);
      impersonatorId = person.id;
    }
    // The person's own first sign-in accepts their invitations; a platform admin viewing as them does not.
    if (!impersonatorId) await this.db.transaction((tx) => acceptInvitationsWithWelcome(tx, subject.id, { ip: context.ip }));
    const grant = await this.deps.sessions.start(this.db, { personId: subject.id, clientId: context.clientId, impersonatorId });
    await recordAuditEvent(this.db, {
      action: impersonatorId ? 'IMPERSONATION_STARTED' : 'SIGN_IN',
      actorPersonId: subject.id,
      impersonatorPersonId: impersonatorId,
      ip: context.ip,
      target: impersonatorId ? subject.email : null,
    });
    return this.tokenPayload(grant);
  }

  private async tokenPayload(grant: SessionGrant): Promise<TokenPayload> {
    const access = await this.deps.accessTokens.sign(
      { personId: grant.personId, sessionId: grant.sessionId, impersonatorId: grant.impersonatorId },
      grant.familyExpiresAt.getTime(),
    );
    return {
      access_token: access.token,
      refresh_token: grant.refreshToken,
      user_id: grant.personId,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
    };
  }

  /** POST auth/password (seed §7). */
  async signInWithPassword(
    input: { email: string; password: string; impersonationEmail?: string | null },
    context: RequestContext,
  ): Promise<TokenPayload> {
    await this.takeSignInAttempt(input.email, context.ip);
    const person = await findPersonByEmail(this.db, input.email);
    if (!(await this.verifyPassword(person?.passwordHash, input.password)) || !person) throw invalidCredentials();
    await this.forgiveSignInAttempt(input.email, context.ip);
    this.assertCanSignIn(person);
    if (person.status === 'PENDING_ACTIVATION') {
      throw new AppError('ACCOUNT_NOT_ACTIVATED', 'Your account is not activated yet. Enter the code we emailed you to activate it.');
    }
    return this.grantTokens(person, context, input.impersonationEmail);
  }

  /**
   * POST auth/passwordless (seed §7): mails a 6-digit code; answers the same for unknown emails.
   * @throws 429 ACCOUNT_LOCKED (Retry-After: until when) before anything is sent or counted while
   *   the address is locked after 10 failed sign-ins (PRODUCT §5, issue #8). The lock counts
   *   failures per address, known or not, so this answer never tells whether an account exists.
   */
  async requestSignInCode(email: string): Promise<{ timestamp: number }> {
    const lock = await checkAttempts(this.db, throttleKeys.signInAccount(email), throttlePolicies.signInPerAccount);
    if (!lock.allowed) throw accountLocked(lock.retryAfterMs);
    const timestamp = await this.db.transaction(async (tx) => {
      await this.takeMailAttempt(tx, email, 'PASSWORDLESS');
      const person = await findPersonByEmail(tx, email);
      if (!person || person.status === 'DISABLED') {
        // A blank mail job: the same work as for a known address (no enumeration by timing).
        await this.deps.mail.enqueue(tx, null);
        return Date.now();
      }
      await lockPerson(tx, person.id);
      const { code, createdAt } = await issueCode(tx, { pepper: this.deps.codePepper, personId: person.id, purpose: 'PASSWORDLESS' });
      await this.deps.mail.enqueue(tx, signInCodeMail(person.email, code));
      return createdAt.getTime();
    });
    return { timestamp };
  }

  /** POST auth/passwordless/verify (seed §7). A first code sign-in also activates the account. */
  async signInWithCode(
    input: { email: string; code: string; originalTimestamp: number; impersonationEmail?: string | null },
    context: RequestContext,
  ): Promise<TokenPayload> {
    await this.takeSignInAttempt(input.email, context.ip);
    const person = await findPersonByEmail(this.db, input.email);
    if (!person) throw invalidCode();
    const check = await this.db.transaction((tx) =>
      checkDigitCode(tx, {
        pepper: this.deps.codePepper,
        personId: person.id,
        purpose: 'PASSWORDLESS',
        code: input.code,
        issuedAt: input.originalTimestamp,
      }),
    );
    if (check !== 'valid') throw invalidCode();
    await this.forgiveSignInAttempt(input.email, context.ip);
    this.assertCanSignIn(person);
    if (person.status === 'PENDING_ACTIVATION') {
      await this.db.update(people).set({ status: 'ACTIVE' }).where(eq(people.id, person.id));
      person.status = 'ACTIVE';
    }
    return this.grantTokens(person, context, input.impersonationEmail);
  }

  /** POST auth/token/refresh (seed §7, PRODUCT §5 rotation, grace window and reuse detection). */
  async refresh(refreshToken: string, context: RequestContext): Promise<TokenPayload> {
    const result = await this.db.transaction((tx) => this.deps.sessions.rotate(tx, refreshToken, context.clientId));
    if (!result.ok) {
      if (result.reason === 'reuse') {
        this.deps.logger.warn({ sessionId: result.sessionId }, 'refresh token reuse: family revoked');
        await recordAuditEvent(this.db, {
          action: 'REFRESH_TOKEN_REUSE',
          actorPersonId: result.personId ?? null,
          ip: context.ip,
          target: result.sessionId,
        });
      }
      throw new AppError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');
    }
    const person = await getPersonById(this.db, result.grant.personId);
    if (!person || person.status === 'DISABLED') {
      await this.deps.sessions.revokeFamily(this.db, result.grant.sessionId);
      throw new AppError('INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.');
    }
    return this.tokenPayload(result.grant);
  }

  /** POST auth/token/revoke (RFC 7009): always succeeds, revokes the token's family if known. */
  async revoke(refreshToken: string, context: RequestContext): Promise<void> {
    const revoked = await this.deps.sessions.revokeByToken(this.db, refreshToken);
    if (revoked)
      await recordAuditEvent(this.db, { action: 'SIGN_OUT', actorPersonId: revoked.personId, ip: context.ip, target: revoked.sessionId });
  }

  /** Policy check with the person's own details counting against the password. */
  private assertStrongPassword(password: string, person: Pick<PersonRow, 'firstName' | 'lastName' | 'email'>): void {
    const weakness = findPasswordWeakness(password, [person.firstName, person.lastName, person.email, person.email.split('@')[0]!]);
    if (weakness) throw invalidField('password', weakness, 'WEAK_PASSWORD');
  }

  /** POST v1/signup: person, workspace, FREE subscription and OWNER membership in one transaction. */
  async signup(input: SignupBody, context: RequestContext): Promise<SignupUser> {
    this.assertStrongPassword(input.password, { firstName: input.firstName, lastName: input.lastName, email: input.loginIdentifier });
    if (await findPersonByEmail(this.db, input.loginIdentifier)) throw this.emailTaken();
    const passwordHash = await this.hashPassword(input.password);
    try {
      const person = await this.db.transaction(async (tx) => {
        await this.takeMailAttempt(tx, input.loginIdentifier, 'ACTIVATION', { force: true });
        const [created] = await tx
          .insert(people)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.loginIdentifier,
            passwordHash,
            // The creator of a new workspace is asked "Are you the executive or an assistant?" (PRODUCT §1).
            firstRunPending: true,
          })
          .returning();
        const [workspace] = await tx
          .insert(workspaces)
          .values({ name: `${input.firstName}'s workspace` })
          .returning();
        await tx.insert(subscriptions).values({ workspaceId: workspace!.id, subscriptionType: 'FREE', status: 'ACTIVE' });
        await tx.insert(workspaceMembers).values({ workspaceId: workspace!.id, personId: created!.id, workspaceMemberType: 'OWNER' });
        const { code } = await issueCode(tx, { pepper: this.deps.codePepper, personId: created!.id, purpose: 'ACTIVATION' });
        await recordAuditEvent(tx, { action: 'SIGN_UP', actorPersonId: created!.id, workspaceId: workspace!.id, ip: context.ip });
        await this.deps.mail.enqueue(tx, activationMail(created!.email, created!.firstName, code));
        return created!;
      });
      return toSignupUser(person);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
  }

  private emailTaken() {
    return new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in, or reset your password.', {
      loginIdentifier: 'An account with this email already exists.',
    });
  }

  /** POST v1/signup/activate (PRODUCT §4): checks the activation code and activates the person. */
  async activate(input: { email: string; code: string }, context: RequestContext): Promise<SignupUser> {
    await this.takeSignInAttempt(input.email, context.ip);
    const person = await findPersonByEmail(this.db, input.email);
    if (!person) throw invalidCode();
    if (person.status === 'ACTIVE') throw new AppError('CONFLICT', 'This account is already active. Sign in instead.');
    this.assertCanSignIn(person);
    const activated = await this.db.transaction(async (tx) => {
      const check = await checkDigitCode(tx, {
        pepper: this.deps.codePepper,
        personId: person.id,
        purpose: 'ACTIVATION',
        code: input.code,
      });
      if (check !== 'valid') return null;
      const [row] = await tx.update(people).set({ status: 'ACTIVE' }).where(eq(people.id, person.id)).returning();
      await recordAuditEvent(tx, { action: 'ACCOUNT_ACTIVATED', actorPersonId: person.id, ip: context.ip });
      await acceptInvitationsWithWelcome(tx, person.id, { ip: context.ip });
      return row!;
    });
    if (!activated)
      throw invalidField('activationCode', 'That code is incorrect or has expired. Check it, or request a new one.', 'INVALID_CODE');
    await this.forgiveSignInAttempt(input.email, context.ip);
    return toSignupUser(activated);
  }

  /** POST v1/signup/resend-activation: a fresh code for a pending account; silent otherwise. */
  async resendActivation(email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.takeMailAttempt(tx, email, 'ACTIVATION');
      const person = await findPersonByEmail(tx, email);
      if (!person || person.status !== 'PENDING_ACTIVATION') {
        await this.deps.mail.enqueue(tx, null);
        return;
      }
      await lockPerson(tx, person.id);
      const { code } = await issueCode(tx, { pepper: this.deps.codePepper, personId: person.id, purpose: 'ACTIVATION' });
      await this.deps.mail.enqueue(tx, activationMail(person.email, person.firstName, code));
    });
  }

  /** POST auth/password/forgot: mails a reset link built from PUBLIC_URL; silent for unknown emails. */
  async forgotPassword(email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.takeMailAttempt(tx, email, 'PASSWORD_RESET');
      const person = await findPersonByEmail(tx, email);
      if (!person || person.status === 'DISABLED') {
        await this.deps.mail.enqueue(tx, null);
        return;
      }
      await lockPerson(tx, person.id);
      const { code } = await issueCode(tx, { pepper: this.deps.codePepper, personId: person.id, purpose: 'PASSWORD_RESET' });
      const link = new URL('/auth/new-password', this.deps.publicUrl);
      link.searchParams.set('code', code);
      await this.deps.mail.enqueue(tx, passwordResetMail(person.email, link.toString()));
    });
  }

  /** POST auth/password/reset/validate-code → isActive. */
  async isResetCodeActive(actionCode: string): Promise<boolean> {
    return (await findLiveActionCode(this.db, this.deps.codePepper, actionCode)) !== null;
  }

  /**
   * POST auth/password/reset: sets the password, burns the code, voids other reset codes, and
   * revokes every session. A pending account becomes active (the mail proved the address).
   * @throws 410 GONE when the link is unknown, used or expired; 400 WEAK_PASSWORD.
   */
  async resetPassword(input: { actionCode: string; password: string }, context: RequestContext): Promise<void> {
    const live = await findLiveActionCode(this.db, this.deps.codePepper, input.actionCode);
    const person = live ? await getPersonById(this.db, live.personId) : undefined;
    if (!live || !person) throw new AppError('GONE', 'This reset link has expired or was already used. Request a new one.');
    this.assertStrongPassword(input.password, person);
    const passwordHash = await this.hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      const stillLive = await findLiveActionCode(tx, this.deps.codePepper, input.actionCode);
      if (!stillLive) throw new AppError('GONE', 'This reset link has expired or was already used. Request a new one.');
      await consumeCode(tx, stillLive.id);
      await voidCodes(tx, person.id, 'PASSWORD_RESET');
      await tx
        .update(people)
        .set({ passwordHash, status: person.status === 'PENDING_ACTIVATION' ? 'ACTIVE' : person.status })
        .where(eq(people.id, person.id));
      await this.deps.sessions.revokeAllForPerson(tx, person.id);
      await resetAttempts(tx, throttleKeys.signInAccount(person.email));
      await recordAuditEvent(tx, { action: 'PASSWORD_RESET', actorPersonId: person.id, ip: context.ip });
    });
  }

  /**
   * POST auth/password/update: needs the current password; revokes every other session.
   * @throws 403 while impersonating (PRODUCT §5); 401 for a wrong current password.
   */
  async updatePassword(
    auth: { personId: string; sessionId: string; impersonatorId: string | null },
    input: { currentPassword: string; password: string },
    context: RequestContext,
  ): Promise<void> {
    if (auth.impersonatorId) throw new AppError('FORBIDDEN', 'The password cannot be changed while viewing as another person.');
    const person = await getPersonById(this.db, auth.personId);
    if (!person) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    await this.takeSignInAttempt(person.email, context.ip);
    if (!(await this.verifyPassword(person.passwordHash, input.currentPassword))) {
      throw new AppError('INVALID_CREDENTIALS', 'The current password is incorrect.', {
        currentPassword: 'The current password is incorrect.',
      });
    }
    await this.forgiveSignInAttempt(person.email, context.ip);
    this.assertStrongPassword(input.password, person);
    const passwordHash = await this.hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      await tx.update(people).set({ passwordHash }).where(eq(people.id, person.id));
      await voidCodes(tx, person.id, 'PASSWORD_RESET');
      await this.deps.sessions.revokeAllForPerson(tx, person.id, auth.sessionId);
      await recordAuditEvent(tx, { action: 'PASSWORD_CHANGED', actorPersonId: person.id, ip: context.ip });
    });
  }
}
