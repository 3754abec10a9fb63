import { createRequire } from 'node:module';
import type * as AiSdk from 'ai';
import { ModelTimeoutError } from './model-provider.js';

const require = createRequire(import.meta.url);

/**
 * Why the model's answer could not be used, in words a user can read (issue #11 "a visible
 * fall-back"): shown next to the built-in provider's result. Never includes the model's text.
 */
export function describeModelFailure(error: unknown): string {
  if (error instanceof ModelTimeoutError) return error.message;
  // The AI SDK is loaded once a model is configured (model-provider.ts); only then do its errors exist.
  const { APICallError, JSONParseError, NoObjectGeneratedError, RetryError, TypeValidationError } = require('ai') as typeof AiSdk;
  if (RetryError.isInstance(error)) return describeModelFailure(error.lastError);
  if (APICallError.isInstance(error)) {
    return error.statusCode ? `The AI model answered with an error (HTTP ${error.statusCode}).` : 'The AI model could not be reached.';
  }
  if (NoObjectGeneratedError.isInstance(error) && error.cause !== undefined) return describeModelFailure(error.cause);
  if (JSONParseError.isInstance(error)) return 'The AI model’s answer was not valid JSON.';
  if (TypeValidationError.isInstance(error)) return 'The AI model’s answer did not have the expected shape.';
  if (NoObjectGeneratedError.isInstance(error)) return 'The AI model gave no usable answer.';
  return 'The AI model could not be reached.';
}
