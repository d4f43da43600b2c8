import {
  taskCommentCreateSchema,
  taskCommentSchema,
  taskCreateSchema,
  taskDetailSchema,
  taskIdParamsSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  taskSummaryQuerySchema,
  taskSummarySchema,
  taskUpdateSchema,
} from '@domain/tasks/task-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addComment,
  createTask,
  deleteTask,
  getTask,
  listTasks,
  taskSummary,
  updateTask,
} from './service.js';

const tags = ['tasks'];

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tasks',
    {
      schema: {
        tags,
        description:
          'Tasks, soonest due first and undated last: the caller’s (`owner=me`, the default), everyone’s ' +
          '(`owner=all`) or one member’s (their user id), open by default, optionally of one contact, company, ' +
          'deal or app, or whose title contains `q`.',
        querystring: taskListQuerySchema,
        response: { 200: taskListSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx, member) => listTasks(tx, member, request.query), {
        readOnly: true,
      }),
  );

  app.get(
    '/api/tasks/summary',
    {
      schema: {
        tags,
        description:
          'The shell’s count: the caller’s open tasks, and how many of them are due by `dayEnd` (the end of the ' +
          'caller’s day; default the end of the UTC day), overdue, or reminded already.',
        querystring: taskSummaryQuerySchema,
        response: { 200: taskSummarySchema },
      },
    },
    (request) =>
      app.inWorkspace(
        request,
        'viewer',
        (tx, member) => taskSummary(app.deps, tx, member, request.query.dayEnd),
        { readOnly: true },
      ),
  );

  app.get(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        description: 'A task and its comments, oldest first.',
        params: taskIdParamsSchema,
        response: { 200: taskDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => getTask(tx, request.params.id), { readOnly: true }),
  );

  app.post(
    '/api/tasks',
    {
      schema: {
        tags,
        description:
          'Creates a task: 201. The owner (a member of the workspace) defaults to the caller, the reminder to ' +
          'the due time. Each related contact, company, deal or app must be one of the workspace’s.',
        body: taskCreateSchema,
        response: { 201: taskSchema },
      },
    },
    async (request, reply) => {
      const task = await app.inWorkspace(request, 'member', (tx, member) =>
        createTask(tx, request.body, { actor: member }),
      );
      return reply.status(201).send(task);
    },
  );

  app.patch(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        description:
          'Changes the fields present; null clears an optional one. `status: done` closes the task, `open` ' +
          'reopens it. A new `remindAt` arms the reminder anew (the same time resumes a reminder held by a restore). ' +
          'Members change the tasks they ' +
          'created or own; admins and owners any.',
        params: taskIdParamsSchema,
        body: taskUpdateSchema,
        response: { 200: taskSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        updateTask(app.deps, tx, member, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        description: 'Deletes a task and its comments. Members delete the tasks they created or own.',
        params: taskIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'member', (tx, member) => deleteTask(tx, member, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/tasks/:id/comments',
    {
      schema: {
        tags,
        description: 'Adds a comment to a task: 201.',
        params: taskIdParamsSchema,
        body: taskCommentCreateSchema,
        response: { 201: taskCommentSchema },
      },
    },
    async (request, reply) => {
      const comment = await app.inWorkspace(request, 'member', (tx, member) =>
        addComment(tx, member.userId, request.params.id, request.body.body),
      );
      return reply.status(201).send(comment);
    },
  );
};
