import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OkResponseSchema,
  PasswordForgotBodySchema,
  PasswordGrantBodySchema,
  PasswordlessBodySchema,
  PasswordlessResponseSchema,
  PasswordlessVerifyBodySchema,
  PasswordResetBodySchema,
  PasswordUpdateBodySchema,
  RefreshGrantBodySchema,
  RevokeBodySchema,
  TokenResponseSchema,
  ValidateResetCodeBodySchema,
  ValidateResetCodeResponseSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { assertSameClient } from '../../plugins/client-id.js';
import { requireAuth } from '../../plugins/authenticate.js';

const tags = ['auth'];
/** Routes that mint tokens never store their answer under an Idempotency-Key. */
const mintsTokens = { idempotent: false } as const;

/** The public auth calls of seed §7 (prefix /api/auth). */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: { ip: string; clientId: string }) => ({ ip: request.ip, clientId: request.clientId });

  app.post('/password', {
    config: mintsTokens,
    schema: {
      tags,
      summary: 'Sign in with email and password (optionally as another person, for platform admins)',
      body: PasswordGrantBodySchema,
      response: { 200: TokenResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      assertSameClient(request.clientId, request.body.client_id);
      const { loginIdentifier, password, impersonation_identifier } = request.body;
      return {
        payload: await app.authService.signInWithPassword(
          { email: loginIdentifier, password, impersonationEmail: impersonation_identifier },
          context(request),
        ),
      };
    },
  });

  app.post('/token/refresh', {
    config: mintsTokens,
    schema: {
      tags,
      summary: 'Rotate a refresh token for a new access token',
      body: RefreshGrantBodySchema,
      response: { 200: TokenResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      assertSameClient(request.clientId, request.body.client_id);
      return { payload: await app.authService.refresh(request.body.refresh_token, context(request)) };
    },
  });

  app.post('/token/revoke', {
    schema: {
      tags,
      summary: 'Sign out: revoke the refresh token and its whole family (RFC 7009)',
      body: RevokeBodySchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await app.authService.revoke(request.body.token, context(request));
      return { payload: true as const };
    },
  });

  app.post('/password/forgot', {
    schema: {
      tags,
      summary: 'Mail a password reset link (same answer for unknown emails)',
      body: PasswordForgotBodySchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await app.authService.forgotPassword(request.body.loginIdentifier);
      return { payload: true as const };
    },
  });

  app.post('/password/reset/validate-code', {
    schema: {
      tags,
      summary: 'Tell whether a reset action code is still usable',
      body: ValidateResetCodeBodySchema,
      response: { 200: ValidateResetCodeResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ payload: { isActive: await app.authService.isResetCodeActive(request.body.actionCode) } }),
  });

  app.post('/password/reset', {
    schema: {
      tags,
      summary: 'Set a new password with a reset action code; signs out every session',
      body: PasswordResetBodySchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await app.authService.resetPassword(request.body, context(request));
      return { payload: true as const };
    },
  });

  app.post('/passwordless', {
    schema: {
      tags,
      summary: 'Mail a 6-digit sign-in code',
      body: PasswordlessBodySchema,
      response: { 200: PasswordlessResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      assertSameClient(request.clientId, request.body.clientId);
      return { payload: await app.authService.requestSignInCode(request.body.loginIdentifier) };
    },
  });

  app.post('/passwordless/verify', {
    config: mintsTokens,
    schema: {
      tags,
      summary: 'Sign in with the mailed code',
      body: PasswordlessVerifyBodySchema,
      response: { 200: TokenResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      assertSameClient(request.clientId, request.body.clientId);
      const { loginIdentifier, verificationToken, originalTimestamp, impersonationIdentifier } = request.body;
      return {
        payload: await app.authService.signInWithCode(
          { email: loginIdentifier, code: verificationToken, originalTimestamp, impersonationEmail: impersonationIdentifier },
          context(request),
        ),
      };
    },
  });
};

/** The auth calls that need a signed-in person (prefix /api/auth, protected scope). */
export const protectedAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/password/update', {
    schema: {
      tags,
      summary: 'Change the password (needs the current one); signs out every other session',
      security: bearerSecurity,
      body: PasswordUpdateBodySchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await app.authService.updatePassword(requireAuth(request), request.body, { ip: request.ip, clientId: request.clientId });
      return { payload: true as const };
    },
  });
};
