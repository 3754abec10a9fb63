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
 * The pino options of the app's logger: LOG_LEVEL, credentials redacted; pino-pretty
 * ({@link prettyLogOptions}) for a person reading a terminal in development, JSON lines otherwise —
 * in production, and whenever stdout is not a terminal (piped to a file, a process manager or a
 * benchmark: pretty-printing each request cost ≈ 10 % of a request's CPU, issue #13). `stream` (a
 * test's destination) replaces stdout; `stdoutIsTerminal` defaults to process.stdout.isTTY.
 */
export function loggerOptions(config: AppConfig, stream?: DestinationStream, stdoutIsTerminal = process.stdout.isTTY === true) {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  if (stream) return { ...base, stream };
  if (config.env === 'production' || !stdoutIsTerminal) return base;
  return { ...base, transport: { target: 'pino-pretty', options: prettyLogOptions } };
}
