import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivateBodySchema, OkResponseSchema, ResendActivationBodySchema, SignupBodySchema, SignupResponseSchema } from '@tandem/contract';
import { errorResponses } from '../../lib/route-schemas.js';

const tags = ['signup'];

/** Sign-up and activation (seed §7, PRODUCT §4), prefix /api/v1. */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/signup', {
    schema: {
      tags,
      summary: 'Create a person, their workspace (FREE) and OWNER membership; mails an activation code',
      body: SignupBodySchema,
      response: { 201: SignupResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const user = await app.authService.signup(request.body, { ip: request.ip, clientId: request.clientId });
      return reply.status(201).send({ payload: user });
    },
  });

  app.post('/signup/activate', {
    schema: {
      tags,
      summary: 'Activate an account with the mailed code; the payload is the user',
      body: ActivateBodySchema,
      response: { 200: SignupResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await app.authService.activate(
        { email: request.body.loginIdentifier, code: request.body.activationCode },
        { ip: request.ip, clientId: request.clientId },
      ),
    }),
  });

  app.post('/signup/resend-activation', {
    schema: {
      tags,
      summary: 'Mail a new activation code (same answer for unknown or active accounts)',
      body: ResendActivationBodySchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await app.authService.resendActivation(request.body.loginIdentifier);
      return { payload: true as const };
    },
  });
};
