import { describe, expect, it } from 'vitest';
import { getApiErrorMessage } from './error-message';

describe('getApiErrorMessage (seed §8 order)', () => {
  it('prefers payload.error_message', () => {
    expect(getApiErrorMessage({ payload: { error_message: 'From payload' }, errorDisplayMessage: 'Display', errorData: { a: 'x' } })).toBe(
      'From payload',
    );
  });

  it('then errorDisplayMessage', () => {
    expect(getApiErrorMessage({ payload: {}, errorDisplayMessage: 'Display', errorData: { a: 'x' } })).toBe('Display');
  });

  it("then 'Errors occurred:' with the errorData values when there is no display message", () => {
    expect(getApiErrorMessage({ errorDisplayMessage: null, errorData: { password: 'Too short.', email: 'Invalid.' } })).toBe(
      'Errors occurred: Too short. Invalid.',
    );
  });

  it("otherwise 'An error occurred.'", () => {
    expect(getApiErrorMessage({})).toBe('An error occurred.');
    expect(getApiErrorMessage(null)).toBe('An error occurred.');
    expect(getApiErrorMessage({ payload: { error_message: '' }, errorDisplayMessage: '', errorData: {} })).toBe('An error occurred.');
  });
});
