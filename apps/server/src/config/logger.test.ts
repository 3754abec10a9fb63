import { describe, expect, it } from 'vitest';
import type { AppConfig } from './env.js';
import { loggerOptions, prettyLogOptions } from './logger.js';

const config = (env: AppConfig['env']) => ({ env, logLevel: 'info' }) as AppConfig;

describe('loggerOptions (issue #13: pretty only for a terminal)', () => {
  it('pretty-prints in development when stdout is a terminal', () => {
    expect(loggerOptions(config('development'), undefined, true)).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty', options: prettyLogOptions },
    });
  });

  it('writes JSON lines when stdout is not a terminal, and always in production', () => {
    for (const options of [loggerOptions(config('development'), undefined, false), loggerOptions(config('production'), undefined, true)]) {
      expect(options).not.toHaveProperty('transport');
      expect(options).toMatchObject({ level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] });
    }
  });
});
