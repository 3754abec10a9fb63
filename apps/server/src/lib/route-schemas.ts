import { ErrorEnvelopeSchema } from '@tandem/contract';

/** The error answers every route declares beside its success (STYLE §4). */
export const errorResponses = {
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
} as const;

/** OpenAPI security of a protected route: the Bearer access token and the client id. */
export const bearerSecurity = [{ bearerAuth: [], clientId: [] }];
