import {
  activityKinds,
  auditActions,
  memberStatuses,
  subscriptionTypes,
  taskPriorities,
  taskSorts,
  taskStatuses,
  workspaceMemberTypes,
} from '@tandem/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';

/** The parts of an OpenAPI 3 document these tests read. */
interface SchemaObject {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  $ref?: string;
  [key: string]: unknown;
}
interface Parameter {
  in: string;
  name: string;
  description?: string;
  schema?: SchemaObject;
  explode?: boolean;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components: { schemas: Record<string, SchemaObject> };
}

const t = useTestApp();
let document: OpenApiDocument;

beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});

/** Every operation's parameters, labelled "GET /api/… query:limit". */
function allParameters(): [string, Parameter][] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      (operation.parameters ?? []).map((parameter): [string, Parameter] => [
        `${method.toUpperCase()} ${path} ${parameter.in}:${parameter.name}`,
        parameter,
      ]),
    ),
  );
}

/** Every schema object anywhere in the document, with its JSON path. */
function allSchemas(value: unknown, path = '#'): [string, SchemaObject][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => allSchemas(item, `${path}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  const record = value as SchemaObject;
  const own: [string, SchemaObject][] = typeof record.type === 'string' ? [[path, record]] : [];
  return [...own, ...Object.entries(record).flatMap(([key, child]) => allSchemas(child, `${path}/${key}`))];
}

const component = (name: string) => document.components.schemas[name]!;
const parameter = (method: string, path: string, name: string) =>
  document.paths[path]![method]!.parameters!.find((candidate) => candidate.name === name)!;

describe('the API reference (issue #8)', () => {
  it('describes every parameter', () => {
    const parameters = allParameters();
    expect(parameters.length).toBeGreaterThan(40);
    const undescribed = parameters.filter(([, parameter]) => !parameter.description?.trim()).map(([label]) => label);
    expect(undescribed).toEqual([]);
  });

  it('shows ids, dates and instants by their format, never by a regular expression', () => {
    const schemas = allSchemas(document);
    const withPattern = schemas
      .filter(([, schema]) => ['uuid', 'date', 'date-time', 'email'].includes(schema.format ?? '') && schema.pattern !== undefined)
      .map(([path]) => path);
    expect(withPattern).toEqual([]);
    // No id or date left as a bare pattern without its format either.
    const bareIdOrDate = schemas
      .filter(([, schema]) => schema.pattern !== undefined && /\[0-9a-fA-F\]\{8\}|\\d\{4\}|\\d\\d/.test(schema.pattern))
      .map(([path]) => path);
    expect(bareIdOrDate).toEqual([]);

    expect(component('Task').properties!.id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(component('Task').properties!.dueDate).toMatchObject({ format: 'date' });
    expect(component('Task').properties!.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(component('TaskInput').properties!.dueDate).toMatchObject({ format: 'date' });
    expect(parameter('get', '/api/v1/workspaces/{id}/tasks/{taskId}', 'taskId').schema).toEqual({ type: 'string', format: 'uuid' });
    for (const name of ['dueBefore', 'dueAfter', 'today']) {
      expect(parameter('get', '/api/v1/workspaces/{id}/tasks', name).schema, name).toEqual({ type: 'string', format: 'date' });
    }
    expect(parameter('get', '/api/v1/workspaces/{id}/dashboard', 'today').schema).toEqual({ type: 'string', format: 'date' });
  });

  it('types query booleans as booleans', () => {
    for (const name of ['mine', 'delegatedByMe', 'overdue']) {
      expect(parameter('get', '/api/v1/workspaces/{id}/tasks', name).schema, name).toEqual({ type: 'boolean' });
    }
  });

  it('lists the values of every enumerated field', () => {
    const tasksPath = '/api/v1/workspaces/{id}/tasks';
    const status = parameter('get', tasksPath, 'status');
    expect(status.schema).toEqual({ type: 'array', items: { type: 'string', enum: [...taskStatuses] } });
    // status=TODO,IN_PROGRESS: one comma-separated value, not a repeated parameter.
    expect(status.explode).toBe(false);
    expect(parameter('get', tasksPath, 'sort').schema!.enum).toEqual([...taskSorts]);
    expect(parameter('get', tasksPath, 'order').schema!.enum).toEqual(['asc', 'desc']);
    const enums: [string, string, readonly string[]][] = [
      ['Task', 'status', taskStatuses],
      ['Task', 'priority', taskPriorities],
      ['Member', 'workspaceMemberType', workspaceMemberTypes],
      ['Member', 'status', memberStatuses],
      ['AuditEvent', 'action', auditActions],
      ['ActivityItem', 'kind', activityKinds],
      ['Subscription', 'subscriptionType', subscriptionTypes],
    ];
    for (const [schema, property, values] of enums) {
      expect(component(schema).properties![property], `${schema}.${property}`).toMatchObject({ type: 'string', enum: [...values] });
    }
  });
});
