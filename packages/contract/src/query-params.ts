import { z } from 'zod';

/**
 * A yes/no query parameter: `true`/`false` on the wire (zod's stringbool also takes 1/0, yes/no,
 * on/off). The API reference shows it as a boolean, as OpenAPI writes query booleans, rather than
 * as a free string (issue #8).
 */
export function queryBoolean(description: string) {
  return z.stringbool().meta({ type: 'boolean', description });
}

/**
 * A query parameter holding one or more of `values`, comma-separated (OpenAPI style form, explode
 * false: `status=TODO,IN_PROGRESS`), parsed to an array without repeats; empty → undefined; an
 * unknown value → 400 "Unknown {noun} "X". Use A, B, C." The API reference shows it as an array of
 * the enum. Used by the task and brief lists' `status` filters.
 */
export function commaSeparatedEnum<const T extends readonly [string, ...string[]]>(values: T, noun: string, description: string) {
  const schema = z.enum(values);
  return z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return undefined;
      const parsed: T[number][] = [];
      for (const part of new Set(value.split(',').map((item) => item.trim()))) {
        const result = schema.safeParse(part);
        if (!result.success) {
          context.addIssue({ code: 'custom', message: `Unknown ${noun} "${part}". Use ${values.join(', ')}.` });
          return z.NEVER;
        }
        parsed.push(result.data);
      }
      return parsed;
    })
    .meta({ type: 'array', items: { type: 'string', enum: [...values] }, description });
}
