import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.js';

/** Issue #14: which errors mean "the database cannot be reached now" (503), not a wrong statement (500). */
describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [
      'admin shutdown (pg_terminate_backend, restart)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['crash shutdown', Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' })],
    ['starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a client that failed earlier', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s → true, also wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a serialization failure', Object.assign(new Error('could not serialize'), { code: '40001' })],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s → false', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
