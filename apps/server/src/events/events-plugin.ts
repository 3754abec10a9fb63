import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EventBus, workspaceEventsChannel } from './event-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workspace event bus: features register their event types on it (ARCHITECTURE "events"). */
    events: EventBus;
  }
}

/**
 * Decorates `app.events` and LISTENs on `tandem_workspace_events` through the database handle.
 * After a lost LISTEN connection comes back, open streams are ended so browsers reconnect with
 * Last-Event-ID and catch up on what was missed. Streams end before the server closes
 * (preClose), else app.close() would wait for them.
 */
async function eventsPlugin(app: FastifyInstance) {
  const bus = new EventBus((payload) => app.log.warn({ payload: payload.slice(0, 200) }, 'workspace events: invalid notice dropped'));
  const unlisten = await app.database.listen(workspaceEventsChannel, (payload) => bus.handlePayload(payload), {
    onError: (error) => app.log.warn({ err: error }, 'workspace events: LISTEN connection failed'),
    onReconnect: () => {
      app.log.info('workspace events: LISTEN connection restored');
      bus.endAll('resync');
    },
  });
  app.decorate('events', bus);
  app.addHook('preClose', async () => bus.endAll('closing'));
  app.addHook('onClose', async () => unlisten());
}

export default fp(eventsPlugin, { name: 'events' });
