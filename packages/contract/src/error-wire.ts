import * as zm from 'zod/mini';

/*
 * The error envelope as a client reads it off the wire (PRODUCT §4: `{ errorCode,
 * errorDisplayMessage, errorData }`), written with zod/mini so a browser can parse every failed
 * answer without loading classic zod (see auth-forms.ts). Lenient where a client must be: an
 * errorCode this client does not know yet (a newer server) is kept as text; `payload`
 * (payload.error_message, seed §8) and `current` (the object of a 409 VERSION_CONFLICT) are
 * passed on for the caller to parse. errors.ts's ErrorEnvelopeSchema is the server's strict form.
 */

/** Field name → message; a non-string message (a misbehaving proxy) becomes its text. */
const WireErrorDataSchema = zm.record(zm.string(), zm.pipe(zm.unknown(), zm.transform(String)));

/** One failed answer's body, as far as it is an error envelope. */
export const ErrorEnvelopeWireSchema = zm.object({
  errorCode: zm.catch(zm.optional(zm.string()), undefined),
  errorDisplayMessage: zm.catch(zm.optional(zm.string()), undefined),
  errorData: zm.catch(zm.optional(zm.nullable(WireErrorDataSchema)), null),
  payload: zm.optional(zm.unknown()),
  current: zm.optional(zm.unknown()),
});
export type ErrorEnvelopeWire = zm.output<typeof ErrorEnvelopeWireSchema>;
