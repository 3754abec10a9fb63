import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClientConfigResponseSchema, HealthSchema } from '@tandem/contract';
import type { AppConfig } from './config/env.js';
import { loggerOptions } from './config/logger.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { activityRoutes } from './features/activity/activity-routes.js';
import { AiService, aiRoutes } from './features/ai/index.js';
import { AccessTokens } from './lib/access-tokens.js';
import { publicAuthRoutes, protectedAuthRoutes } from './features/auth/auth-routes.js';
import { AuthService } from './features/auth/auth-service.js';
import { Sessions } from './features/auth/sessions.js';
import { onboardingRoutes } from './features/auth/onboarding-routes.js';
import { signupRoutes } from './features/auth/signup-routes.js';
import { registerAuthSweeps } from './features/auth/sweeps.js';
import { briefsRoutes, briefTemplatesRoutes, publicBriefRoutes, shareLinksRoutes } from './features/briefs/index.js';
import { contactsRoutes } from './features/contacts/index.js';
import { answersRoutes, publicQuestionRoutes, questionsRoutes, registerQuestionReminders } from './features/questions/index.js';
import { dashboardRoutes } from './features/dashboard/dashboard-routes.js';
import { profileRoutes } from './features/profile/profile-routes.js';
import { publicSummaryRoutes, summariesRoutes } from './features/summaries/index.js';
import { registerSlackDelivery, registerSlackJobs, slackEventsRoutes, slackQuestionsRoutes, slackRoutes } from './features/slack/index.js';
import { tasksRoutes } from './features/tasks/tasks-routes.js';
import { membersRoutes } from './features/workspaces/members-routes.js';
import { publicLinkSettingsRoutes } from './features/workspaces/public-links-settings-routes.js';
import { workspacesRoutes } from './features/workspaces/workspaces-routes.js';
import eventsPlugin from './events/events-plugin.js';
import { eventsRoutes } from './events/events-routes.js';
import { Jobs } from './jobs/jobs.js';
import jobsPlugin from './jobs/jobs-plugin.js';
import { createSerializerCompiler } from './lib/response-serializer.js';
import { errorResponses } from './lib/route-schemas.js';
import { registerPublicLinkSweeps } from './public/public-links-views.js';
import { publicPagesHeaders, publicScope } from './public/public-scope.js';
import { registerMailJobs } from './mail/mail-jobs.js';
import { Mailer } from './mail/mailer.js';
import { authenticate } from './plugins/authenticate.js';
import clientIdPlugin from './plugins/client-id.js';
import deferredChecksPlugin from './plugins/deferred-checks.js';
import errorsPlugin, { frameworkErrors } from './plugins/errors.js';
import idempotencyPlugin from './plugins/idempotency.js';
import { registerIdempotencySweep } from './plugins/idempotency-sweep.js';
import jsonBodyPlugin from './plugins/json-body.js';
import openApiPlugin from './plugins/openapi.js';
import requestLogPlugin from './plugins/request-log.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import { StartupGate } from './plugins/startup-gate.js';
import webAppPlugin from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    database: DatabaseHandle;
    mailer: Mailer;
    accessTokens: AccessTokens;
    sessions: Sessions;
    authService: AuthService;
    /** AI generations: provider, plan usage, fall-back (features/ai; issue #11). */
    ai: AiService;
    /** Holds /api requests while start-up work runs (the demo's seed; plugins/startup-gate.ts). */
    startupGate: StartupGate;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** pino options or false; tests pass false. */
  logger?: boolean | object;
  /**
   * Where the configured logger writes instead of stdout (pino's destination stream), so a test
   * can read the log the app really writes.
   */
  logStream?: DestinationStream;
}

/**
 * Builds the Tandem server: the same app for `server.ts` and the tests (STYLE §2). Layers load
 * in one order (STYLE §3): external plugins → app plugins → routes. The caller owns `database`
 * (migrated) and closes it; closing the app closes the mailer.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === undefined ? loggerOptions(config, options.logStream) : options.logger,
    // One line per request instead of Fastify's two multi-line entries (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses: fast-json-stringify from each zod schema's JSON Schema (lib/response-serializer.ts).
  app.setSerializerCompiler(createSerializerCompiler());

  // SMTP timeouts at half the mail job's expiry: a stuck attempt ends before its retry starts.
  const mailer = new Mailer({
    mailUrl: config.mailUrl,
    from: config.mailFrom,
    logger: app.log,
    timeoutMs: config.mailJobTimeoutSeconds * 500,
  });
  const accessTokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const sessions = new Sessions(config.codePepper);
  // Queues are registered while the app is built; the jobs plugin starts them on ready.
  const jobs = new Jobs({ database, logger: app.log });
  const mailOutbox = registerMailJobs(jobs, { db: database.db, mailer, logger: app.log, timeoutSeconds: config.mailJobTimeoutSeconds });
  registerAuthSweeps(jobs, database.db, app.log);
  registerIdempotencySweep(jobs, database.db, app.log);
  registerPublicLinkSweeps(jobs, database.db, app.log);
  // Questions over Slack (issue #12): the questions feature decides, this messenger delivers DMs.
  const recipientMessenger = registerSlackDelivery(jobs, {
    db: database.db,
    slack: config.slack,
    encryptionKey: config.encryptionKey,
    publicUrl: config.publicUrl,
    logger: app.log,
  });
  registerQuestionReminders(jobs, {
    db: database.db,
    mailOutbox,
    publicUrl: config.publicUrl,
    logger: app.log,
    messenger: recipientMessenger,
  });
  registerSlackJobs(jobs, { db: database.db, config, logger: app.log });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('mailOutbox', mailOutbox);
  app.decorate('recipientMessenger', recipientMessenger);
  app.decorate('accessTokens', accessTokens);
  app.decorate('sessions', sessions);
  app.decorate('ai', new AiService({ db: database.db, config: config.ai, logger: app.log }));
  app.decorate(
    'authService',
    new AuthService({
      db: database.db,
      mail: mailOutbox,
      sessions,
      accessTokens,
      codePepper: config.codePepper,
      publicUrl: config.publicUrl,
      logger: app.log,
    }),
  );
  app.decorate('startupGate', new StartupGate());
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => mailer.close());

  // External plugins. The job queue stops (onClose) before the mailer closes.
  await app.register(jobsPlugin, { jobs });
  await app.register(securityHeadersPlugin, { https: config.publicUrl.startsWith('https://') });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
  });
  // App plugins.
  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(deferredChecksPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(clientIdPlugin, { clientIds: config.clientIds });
  await app.register(webAppPlugin, { distDir: config.webDistDir });
  await app.register(eventsPlugin);
  await app.register(publicPagesHeaders);

  // Routes.
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthSchema } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema: { hide: true, response: { 200: HealthSchema, 503: HealthSchema } } }, async (_request, reply) => {
    const ready = await database.ping().catch(() => false);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
  });

  await app.register(
    async (api) => {
      // Only where a demo can be seeded, the one start-up work the API waits for (server.ts): a
      // deployment on PostgreSQL runs no hook for it.
      if (config.seedDemo) api.addHook('onRequest', app.startupGate.onRequest);
      api.addHook('onRequest', api.rateLimit());
      await api.register(idempotencyPlugin, { leaseSeconds: config.idempotencyLeaseSeconds });
      api.get('/v1/client-config', {
        schema: {
          tags: ['system'],
          summary: 'Settings the browser may know (analytics key, environment)',
          response: { 200: ClientConfigResponseSchema, ...errorResponses },
        },
        handler: async () => ({
          payload: {
            posthogKey: config.posthogKey ?? null,
            posthogHost: config.posthogHost ?? null,
            environment:
              config.env === 'production' ? ('production' as const) : config.env === 'test' ? ('test' as const) : ('local' as const),
          },
        }),
      });
      await api.register(publicAuthRoutes, { prefix: '/auth' });
      await api.register(signupRoutes, { prefix: '/v1' });
      // Public pages' data (/b, /q, /s): each feature adds its public routes plugin here.
      await api.register(publicScope, { prefix: '/v1/public', routes: [publicBriefRoutes, publicQuestionRoutes, publicSummaryRoutes] });
      // Slack's Events API: signed by Slack, no X-Client-Id (plugins/client-id.ts), no sign-in.
      await api.register(slackEventsRoutes, { prefix: '/slack' });
      await api.register(async (protectedApi) => {
        protectedApi.addHook('onRequest', authenticate);
        await protectedApi.register(protectedAuthRoutes, { prefix: '/auth' });
        await protectedApi.register(profileRoutes, { prefix: '/v1' });
        await protectedApi.register(onboardingRoutes, { prefix: '/v1' });
        await protectedApi.register(workspacesRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(membersRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(eventsRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(activityRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(tasksRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(briefsRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(dashboardRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(briefTemplatesRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(shareLinksRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(publicLinkSettingsRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(contactsRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(questionsRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(answersRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(aiRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(summariesRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(slackRoutes, { prefix: '/v1/workspaces' });
        await protectedApi.register(slackQuestionsRoutes, { prefix: '/v1/workspaces' });
      });
    },
    { prefix: '/api' },
  );

  return app;
}
