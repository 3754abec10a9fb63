import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The headers of PRODUCT §5: a strict Content-Security-Policy (script-src without
 * 'unsafe-inline', object-src 'none', base-uri 'none', frame-ancestors 'none'), nosniff,
 * Referrer-Policy no-referrer everywhere (reset and public pages included), HSTS only over
 * HTTPS, and Cache-Control: no-store on every API answer. Styles allow 'unsafe-inline' because
 * MUI (emotion) injects style elements at run time; scripts never do.
 */
async function securityHeadersPlugin(app: FastifyInstance, options: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://*.posthog.com'],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
