import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_IMPORT_BYTES_MAX,
  ChatMessageResponseSchema,
  ContactParamsSchema,
  ContactResponseSchema,
  CreateContactBodySchema,
  ImportContactsBodySchema,
  ImportContactsResponseSchema,
  ListContactsQuerySchema,
  ListContactsResponseSchema,
  ListTimelineQuerySchema,
  ListTimelineResponseSchema,
  OkResponseSchema,
  PostChatMessageBodySchema,
  UpdateContactBodySchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { contactEvents } from './contact-events.js';
import { importContacts } from './contacts-import.js';
import { createContact, deleteContact, exportContacts, listContacts, readContact, updateContact } from './contacts-service.js';
import { listTimeline, postChatMessage } from './thread-service.js';

const tags = ['contacts'];

/**
 * People the workspace asks questions of, their CSV import and export, their thread and timeline
 * (issue #10; prefix /api/v1/workspaces, protected). PRODUCT §6: OWNER, EXECUTIVE and
 * EXECUTIVEASSISTANT read and write (`editQuestions`), USERs read (`viewQuestions`), GUESTs get 403
 * on every route; another workspace's contact is 404. Registers the `contact` event type.
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.events.register(contactEvents);

  app.get('/:id/contacts', {
    schema: {
      tags,
      summary: 'Current people of the workspace: `q` word prefixes of name, email, company, tags; `tag` exact (cursor pagination)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListContactsQuerySchema,
      response: { 200: ListContactsResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await listContacts(app.db, requireAuth(request).personId, request.params.id, request.query),
    }),
  });

  app.post('/:id/contacts', {
    schema: {
      tags,
      summary: 'Add a person (OWNER, EXECUTIVE, EXECUTIVEASSISTANT); 409 EMAIL_TAKEN when another person has the email',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: CreateContactBodySchema,
      response: { 201: ContactResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const contact = await createContact(app.db, requireAuth(request).personId, request.params.id, request.body);
      return reply.status(201).send({ payload: contact });
    },
  });

  app.post('/:id/contacts/import', {
    // A file of CONTACT_IMPORT_BYTES_MAX bytes grows when escaped into JSON.
    bodyLimit: 4 * CONTACT_IMPORT_BYTES_MAX,
    schema: {
      tags,
      summary: 'Import people from CSV: a preview (dryRun, the default) or the import; any bad row → 400 and nothing written',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: ImportContactsBodySchema,
      response: { 200: ImportContactsResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await importContacts(app.db, requireAuth(request).personId, request.params.id, request.body),
    }),
  });

  app.get('/:id/contacts/export.csv', {
    schema: {
      tags,
      summary: 'Every current person as CSV (text/csv; RFC 4180, a header row of contactCsvColumns); audited',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      produces: ['text/csv'],
      response: { 200: z.string().meta({ description: 'The CSV file.' }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const stream = await exportContacts(
        app.db,
        { personId: auth.personId, impersonatorId: auth.impersonatorId, ip: request.ip },
        request.params.id,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="contacts.csv"')
          .header('cache-control', 'no-store')
          // A stream is sent as is (never serialized); the 200 schema documents it as the file's text.
          .send(stream as unknown as string)
      );
    },
  });

  app.get('/:id/contacts/:contactId', {
    schema: {
      tags,
      summary: 'One person, a former one included (deletedAt set)',
      security: bearerSecurity,
      params: ContactParamsSchema,
      response: { 200: ContactResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await readContact(app.db, requireAuth(request).personId, request.params.id, request.params.contactId),
    }),
  });

  app.patch('/:id/contacts/:contactId', {
    schema: {
      tags,
      summary: 'Change a person (OWNER, EXECUTIVE, EXECUTIVEASSISTANT); a former person is 404',
      security: bearerSecurity,
      params: ContactParamsSchema,
      body: UpdateContactBodySchema,
      response: { 200: ContactResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await updateContact(app.db, requireAuth(request).personId, request.params.id, request.params.contactId, request.body),
    }),
  });

  app.delete('/:id/contacts/:contactId', {
    schema: {
      tags,
      summary: 'Delete a person softly: answers and thread kept, their answer links revoked (OWNER, EXECUTIVE, EXECUTIVEASSISTANT)',
      security: bearerSecurity,
      params: ContactParamsSchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await deleteContact(app.db, requireAuth(request).personId, request.params.id, request.params.contactId);
      return { payload: true as const };
    },
  });

  app.post('/:id/contacts/:contactId/messages', {
    schema: {
      tags,
      summary: 'A follow-up to a person: kept in their thread and mailed with their answer link; 409 without an active link',
      security: bearerSecurity,
      params: ContactParamsSchema,
      body: PostChatMessageBodySchema,
      response: { 201: ChatMessageResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const message = await postChatMessage(
        { db: app.db, mailOutbox: app.mailOutbox, publicUrl: app.config.publicUrl, messenger: app.recipientMessenger },
        requireAuth(request).personId,
        request.params.id,
        request.params.contactId,
        request.body,
      );
      return reply.status(201).send({ payload: message });
    },
  });

  app.get('/:id/contacts/:contactId/timeline', {
    schema: {
      tags,
      summary: "A person's timeline: requests sent, answers and messages, newest first (cursor pagination)",
      security: bearerSecurity,
      params: ContactParamsSchema,
      querystring: ListTimelineQuerySchema,
      response: { 200: ListTimelineResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await listTimeline(app.db, requireAuth(request).personId, request.params.id, request.params.contactId, request.query),
    }),
  });
};
