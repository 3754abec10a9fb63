import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, toSerializerSchema } from './response-serializer.js';

/** A one-route app answering `data` through the serializer with `schema` as its 200 response. */
async function answer(schema: z.ZodType, data: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(createSerializerCompiler());
  app.get('/', { schema: { response: { 200: schema } } }, async () => data);
  try {
    return await app.inject({ url: '/' });
  } finally {
    await app.close();
  }
}

describe('response serializer (issue #13)', () => {
  const Row = z.object({
    id: z.string(),
    count: z.number().int(),
    note: z.string().nullable(),
    due: z.iso.date().nullable(),
    tags: z.array(z.string()),
    owner: z.object({ name: z.string() }).nullable(),
    kind: z.enum(['A', 'B']).optional(),
    payload: z.unknown(),
  });

  it('writes the declared fields only, keeps nulls null and leaves out undefined optionals', async () => {
    const response = await answer(Row, {
      id: 'r1',
      count: 3,
      note: null,
      due: null,
      tags: ['a'],
      owner: null,
      payload: { free: ['form', 1] },
      passwordHash: 'secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 'r1',
      count: 3,
      note: null,
      due: null,
      tags: ['a'],
      owner: null,
      payload: { free: ['form', 1] },
    });
    expect(response.body).not.toContain('secret');
  });

  it('writes nested objects, unions and records as zod declared them', async () => {
    const Union = z.object({
      value: z.union([z.string(), z.array(z.string()), z.number()]).nullable(),
      errors: z.record(z.string(), z.string()),
      nested: z.object({ at: z.iso.datetime(), inner: z.object({ x: z.number() }).nullable() }),
    });
    for (const value of ['text', ['a', 'b'], 4, null]) {
      const data = { value, errors: { title: 'Enter a title.' }, nested: { at: '2026-11-24T10:00:00.000Z', inner: { x: 1 } } };
      expect((await answer(Union, data)).json()).toEqual(data);
    }
  });

  it('refuses an answer missing a required field (500, never a partial body)', async () => {
    const response = await answer(Row, { id: 'r1' });
    expect(response.statusCode).toBe(500);
  });

  it('turns a nullable member into nullable: true and keeps other unions', () => {
    expect(toSerializerSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({ type: 'string', nullable: true });
    expect(toSerializerSchema({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
    });
    expect(toSerializerSchema({ anyOf: [{ $ref: '#/$defs/X' }, { type: 'null' }] })).toEqual({
      anyOf: [{ $ref: '#/$defs/X' }, { type: 'null' }],
    });
  });

  it('writes a nullable reference to a definition in place, so no union is left to test per value', () => {
    const Member = z.object({ name: z.string() }).meta({ id: 'SerializerTestMember' });
    const Node = z
      .object({
        get next() {
          return Node.nullable();
        },
      })
      .meta({ id: 'SerializerTestNode' });
    const schema = toSerializerSchema(
      z.toJSONSchema(z.object({ owner: Member.nullable(), chain: Node }), { io: 'output', target: 'draft-7' }),
    ) as { properties: Record<string, unknown>; definitions: Record<string, { properties: Record<string, unknown> }> };
    expect(schema.properties.owner).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
      nullable: true,
    });
    // A definition that refers to itself is written in place once, then stays a union.
    expect(JSON.stringify(schema)).toContain('{"anyOf":[{"$ref":"#/definitions/SerializerTestNode"},{"type":"null"}]}');
  });

  it('serialises a nullable referenced object, null and present, with its declared fields only', async () => {
    const Member = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'SerializerTestPerson' });
    const Row = z.object({ owner: Member.nullable(), backup: Member.nullable() });
    const owner = { id: '0192f3c4-1111-7000-8000-000000000001', name: 'Ana' };
    const response = await answer(Row, { owner: { ...owner, secret: 'x' }, backup: null });
    expect(response.json()).toEqual({ owner, backup: null });
    expect(response.body).not.toContain('secret');
  });
});
