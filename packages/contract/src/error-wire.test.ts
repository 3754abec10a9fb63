import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeWireSchema } from './error-wire.js';

describe('ErrorEnvelopeWireSchema (PRODUCT §4)', () => {
  it('reads an envelope the server sends', () => {
    const body = {
      errorCode: 'VALIDATION_FAILED',
      errorDisplayMessage: 'Check the email.',
      errorData: { loginIdentifier: 'Enter a valid email address.' },
    };
    expect(ErrorEnvelopeWireSchema.parse(body)).toEqual(body);
  });

  it('keeps what a client can use from a partial or odd body', () => {
    expect(ErrorEnvelopeWireSchema.parse({})).toEqual({});
    expect(ErrorEnvelopeWireSchema.parse({ errorCode: 'SOMETHING_NEWER', errorDisplayMessage: 7, errorData: 'oops' })).toEqual({
      errorCode: 'SOMETHING_NEWER',
      errorDisplayMessage: undefined,
      errorData: null,
    });
    expect(ErrorEnvelopeWireSchema.parse({ errorData: { count: 3 }, payload: { error_message: 'From payload' } })).toEqual({
      errorData: { count: '3' },
      payload: { error_message: 'From payload' },
    });
  });

  it('refuses what is not an object', () => {
    for (const body of [null, 'Bad gateway', 502, undefined]) expect(ErrorEnvelopeWireSchema.safeParse(body).success).toBe(false);
  });
});
