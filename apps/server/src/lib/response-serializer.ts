import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isNull = (schema: unknown) => typeof schema === 'object' && schema !== null && (schema as JsonSchema).type === 'null';

/**
 * zod's JSON Schema in the dialect fast-json-stringify serialises fastest: `anyOf: [S, {type:
 * 'null'}]` (zod's `.nullable()`) becomes S with `nullable: true` (OpenAPI's keyword, which
 * fast-json-stringify reads) instead of a union it would test with ajv on every value. Without
 * this a null in a non-nullable field would be written as "" or 0; with it, null stays null.
 * When S is a `$ref` to one of the root's `definitions` (a contract schema with a `.meta({ id })`,
 * e.g. a task's `assignee: TaskMember | null`), the definition is written in place, as
 * fast-json-stringify drops the keywords beside a `$ref` (a definition that refers to itself stays
 * a union). Unions of several members stay unions, flattened. Pure: returns a new tree.
 */
export function toSerializerSchema(node: unknown): unknown {
  const definitions = typeof node === 'object' && node !== null ? (node as JsonSchema).definitions : undefined;
  return rewrite(node, (definitions ?? {}) as Record<string, unknown>, new Set());
}

function rewrite(node: unknown, definitions: Record<string, unknown>, inlining: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, definitions, inlining));
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node as JsonSchema).map(([key, value]) => [key, rewrite(value, definitions, inlining)] as const);
  const schema: JsonSchema = Object.fromEntries(entries);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const members = schema[keyword];
    if (!Array.isArray(members) || !members.some(isNull)) continue;
    // A nullable union (`anyOf: [{anyOf: [A, B]}, null]`) is one flat union A | B | null.
    const others = (members.filter((member) => !isNull(member)) as JsonSchema[]).flatMap((member) =>
      Object.keys(member).length === 1 && Array.isArray(member[keyword]) ? (member[keyword] as JsonSchema[]) : [member],
    );
    const only = others.length === 1 ? inlined(others[0]!, definitions, inlining) : undefined;
    if (only && typeof only.type === 'string') {
      delete schema[keyword];
      return { ...schema, ...only, nullable: true };
    }
    schema[keyword] = [...others, { type: 'null' }];
  }
  return schema;
}

/** `member`, or the definition its local `$ref` names (rewritten), unless that one is being written already. */
function inlined(member: JsonSchema, definitions: Record<string, unknown>, inlining: ReadonlySet<string>): JsonSchema {
  const name = typeof member.$ref === 'string' ? /^#\/definitions\/([^/]+)$/.exec(member.$ref)?.[1] : undefined;
  const definition = name === undefined ? undefined : definitions[name];
  if (name === undefined || inlining.has(name) || typeof definition !== 'object' || definition === null) return member;
  return rewrite(definition, definitions, new Set([...inlining, name])) as JsonSchema;
}

/** fast-json-stringify's function for a zod response schema (the output side of the schema). */
export function compileResponseSchema(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(toSerializerSchema(json) as Parameters<typeof fastJson>[0]);
}

/**
 * The serializer compiler of every route (issue #13: responses were validated by zod and then
 * JSON.stringify'd on every answer, a large share of a request's CPU). Each route's zod response
 * schema is converted once to JSON Schema (`z.toJSONSchema`, output side) and compiled by
 * fast-json-stringify, Fastify's standard serialiser, which writes only the declared properties
 * (an unlisted column never leaves the server, as zod's strip did) and throws on a missing
 * required one. Compiled on the route's first answer, not at start (a hundred routes × their
 * error statuses would add seconds to a cold start), and once per schema object: the shared error
 * envelope compiles once for every route. Not checked any more at run time: refinements (an
 * email's shape, a minimum length) — the handlers' types and the contract's tests hold them.
 * Decision record 021.
 */
export function createSerializerCompiler(): FastifySerializerCompiler<z.ZodType> {
  const compiled = new WeakMap<object, (data: unknown) => string>();
  return ({ schema }) => {
    return (data: unknown) => {
      let stringify = compiled.get(schema);
      if (!stringify) {
        stringify = compileResponseSchema(schema);
        compiled.set(schema, stringify);
      }
      return stringify(data);
    };
  };
}
