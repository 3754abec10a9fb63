import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateTaskBodySchema,
  DeleteTaskQuerySchema,
  ListTasksQuerySchema,
  ListTasksResponseSchema,
  OkResponseSchema,
  TaskConflictSchema,
  TaskParamsSchema,
  TaskResponseSchema,
  UpdateTaskBodySchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { onRequestConnection } from '../../plugins/deferred-checks.js';
import { taskEvents } from './task-events.js';
import { createTask, deleteTask, listTasks, readTask, updateTask } from './tasks-service.js';

const tags = ['tasks'];

/** The 409 of a stale `version` carries the task as it is now (TaskConflict). */
const conflictResponses = { 409: TaskConflictSchema, ...errorResponses } as const;

/**
 * Task calls (PRODUCT §4 `tasks`; prefix /api/v1/workspaces, protected). Who sees and changes what
 * is PRODUCT §6: OWNER, EXECUTIVE, EXECUTIVEASSISTANT all; USER own & assigned, create; GUEST
 * assigned to them, status only. A task the caller may not see answers 404. Registers the `task`
 * event type on the workspace bus.
 */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.events.register(taskEvents);

  app.get('/:id/tasks', {
    schema: {
      tags,
      summary: 'The tasks the caller may see, filtered and sorted (cursor pagination)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListTasksQuerySchema,
      response: { 200: ListTasksResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({
      payload: await onRequestConnection(request, app.db, (db) =>
        listTasks(db, requireAuth(request).personId, request.params.id, request.query),
      ),
    }),
  });

  app.post('/:id/tasks', {
    schema: {
      tags,
      summary: 'Create a task (everyone but a GUEST); the assignee must be an ACTIVE member',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: CreateTaskBodySchema,
      response: { 201: TaskResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const task = await createTask(app.db, requireAuth(request).personId, request.params.id, request.body);
      return reply.status(201).send({ payload: task });
    },
  });

  app.get('/:id/tasks/:taskId', {
    schema: {
      tags,
      summary: 'One task the caller may see',
      security: bearerSecurity,
      params: TaskParamsSchema,
      response: { 200: TaskResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await readTask(app.db, requireAuth(request).personId, request.params.id, request.params.taskId),
    }),
  });

  app.patch('/:id/tasks/:taskId', {
    schema: {
      tags,
      summary: 'Change a task at the version the caller last saw (a GUEST: status only); 409 VERSION_CONFLICT with `current`',
      security: bearerSecurity,
      params: TaskParamsSchema,
      body: UpdateTaskBodySchema,
      response: { 200: TaskResponseSchema, ...conflictResponses },
    },
    handler: async (request) => ({
      payload: await updateTask(app.db, requireAuth(request).personId, request.params.id, request.params.taskId, request.body),
    }),
  });

  app.delete('/:id/tasks/:taskId', {
    schema: {
      tags,
      summary: 'Delete a task at ?version= (OWNER, EXECUTIVE, EXECUTIVEASSISTANT; a USER their own); 409 VERSION_CONFLICT with `current`',
      security: bearerSecurity,
      params: TaskParamsSchema,
      querystring: DeleteTaskQuerySchema,
      response: { 200: OkResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      await deleteTask(app.db, requireAuth(request).personId, request.params.id, request.params.taskId, request.query.version);
      return { payload: true as const };
    },
  });
};
