import { z } from 'zod';

/**
 * A yes/no query parameter: `true`/`false` on the wire (zod's stringbool also takes 1/0, yes/no,
 * on/off). The API reference shows it as a boolean, as OpenAPI writes query booleans, rather than
 * as a free string (issue #8).
 */
export function queryBoolean(description: string) {
  return z.stringbool().meta({ type: 'boolean', description });
}
