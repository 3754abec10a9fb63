import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { acceptSlackEvent, verifySlackSignature, type SlackEventEnvelope } from './slack-events.js';

/** The envelopes Tandem acts on; anything else Slack sends is acknowledged and ignored. */
const EnvelopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('url_verification'), challenge: z.string().max(500) }),
  z.object({
    type: z.literal('event_callback'),
    event_id: z.string().min(1).max(200),
    team_id: z.string().min(1).max(100),
    event_time: z.number().optional(),
    event: z.looseObject({ type: z.string().min(1) }),
  }),
]);

const AckSchema = z.object({ challenge: z.string().optional() });

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /api/slack/events (issue #12; Slack's Events API request URL): outside the X-Client-Id
 * check and sign-in. Verifies X-Slack-Request-Timestamp (within 5 minutes, else 401) and
 * X-Slack-Signature against the raw body (constant time, else 401; nothing stored), answers
 * url_verification with its challenge, and accepts an event_callback by recording its id and
 * enqueueing its work in one transaction — answering 200 at once, well within Slack's 3 seconds.
 * A retry (X-Slack-Retry-Num) is acknowledged and, its id being known, not handled twice.
 * 404 when Slack is not configured. Encapsulated: its JSON parser keeps the raw body.
 */
export const slackEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/events', {
    schema: {
      tags: ['slack'],
      summary: 'Slack’s Events API endpoint (signed by Slack; no X-Client-Id): url_verification, app_uninstalled, tokens_revoked, DMs',
      body: z.string(),
      response: { 200: AckSchema, ...errorResponses },
    },
    handler: async (request) => {
      const slack = app.config.slack;
      if (!slack) throw new AppError('NOT_FOUND', 'Slack is not configured on this server.');
      const verified = verifySlackSignature(slack.signingSecret, {
        rawBody: request.body,
        timestamp: headerOf(request.headers['x-slack-request-timestamp']),
        signature: headerOf(request.headers['x-slack-signature']),
      });
      if (!verified.ok) {
        request.log.warn({ reason: verified.reason }, 'slack: event refused');
        throw new AppError(
          'UNAUTHENTICATED',
          verified.reason === 'stale'
            ? 'This request’s timestamp is more than 5 minutes away from now.'
            : 'This request is not signed with the Slack app’s signing secret.',
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(request.body);
      } catch {
        throw new AppError('MALFORMED_REQUEST', 'The request body is not valid JSON.');
      }
      const type = (json as { type?: unknown } | null)?.type;
      if (type !== 'url_verification' && type !== 'event_callback') return {};
      const envelope = EnvelopeSchema.safeParse(json);
      if (!envelope.success) throw new AppError('VALIDATION_FAILED', 'This is not an event Slack sends.');
      if (envelope.data.type === 'url_verification') return { challenge: envelope.data.challenge };
      const isNew = await acceptSlackEvent(app.db, app.jobs, envelope.data as SlackEventEnvelope);
      request.log.debug(
        {
          eventId: envelope.data.event_id,
          eventType: envelope.data.event.type,
          isNew,
          retryNum: headerOf(request.headers['x-slack-retry-num']),
        },
        'slack: event accepted',
      );
      return {};
    },
  });
};
