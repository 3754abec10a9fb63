import { z } from 'zod';

/** Wraps a success body as PRODUCT §4 says: `{ "payload": … }`. */
export function payloadOf<T extends z.ZodType>(schema: T) {
  return z.object({ payload: schema });
}

/** `payload: true`: password operations "report true when there is no error" (seed §8). */
export const OkResponseSchema = payloadOf(z.literal(true));
export type OkResponse = z.infer<typeof OkResponseSchema>;
