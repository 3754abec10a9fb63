import type { DestinationStream } from 'pino';
import type { AppConfig } from './env.js';

/**
 * How pino-pretty prints the development log: one line per entry (issue #8: requests used to take
 * several lines each), its other fields inline after the message, times as HH:MM:ss. A request's
 * method, url, status and time are already in its message ("GET /tasks 200 6ms"), so they are not
 * repeated there; the JSON log (production) keeps them as fields.
 */
export const prettyLogOptions = {
  translateTime: 'HH:MM:ss',
  ignore: 'pid,hostname,method,url,statusCode,responseTime',
  singleLine: true,
} as const;

/**
 * The pino options of the app's logger: LOG_LEVEL, credentials redacted; JSON lines in production,
 * pino-pretty ({@link prettyLogOptions}) otherwise. `stream` (a test's destination) replaces stdout.
 */
export function loggerOptions(config: AppConfig, stream?: DestinationStream) {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  if (stream) return { ...base, stream };
  if (config.env === 'production') return base;
  return { ...base, transport: { target: 'pino-pretty', options: prettyLogOptions } };
}
