import { AppError, type FieldIssue } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isPgError } from '../db/pg-errors.js';

function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
}

function describe(issues: FieldIssue[]): string {
  return issues.map((i) => `${i.path}: ${i.message}`).join('; ');
}

/** What an unexpected failure answers: nothing of the internal error reaches the caller. */
export const internalErrorBody = {
  message: 'Something went wrong on our side. Please try again.',
  code: 'internal',
} as const;

/**
 * Concurrent creators that each passed the plan-limit check are stopped at commit by a constraint trigger
 * (migration 1331): the one that would go over gets the limit's answer, not a failure of ours.
 */
function planLimitAtCommit(error: unknown): AppError | undefined {
  if (!isPgError(error, 'checkViolation', 'contacts_plan_limit')) return undefined;
  return new AppError('payment_required', serverMessage('contacts.planLimitAtCommit'));
}

/** One error handler: bad input is a 400 naming the field; a 5xx never echoes its internal message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | ZodError, request, reply) => {
    const error = planLimitAtCommit(thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service unavailable');
      return reply.status(error.status).send({
        message: error.userMessage,
        code: error.code,
        issues: error.issues,
        messageId: error.messageId,
        values: error.values,
      });
    }
    if (error instanceof ZodError) {
      const issues = zodIssues(error);
      return reply.status(400).send({ message: describe(issues), code: 'bad_request', issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || '(body)',
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({ message: describe(issues), code: 'bad_request', issues });
    }
    // A unique index caught a race the service's own check could not (two identical writes at once).
    if (isPgError(error, 'uniqueViolation')) {
      return reply.status(409).send({ message: 'That record already exists.', code: 'conflict' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? 0;
      const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${Math.round(limit / 1024)} KB`;
      return reply.status(413).send({
        message: `The request body is too large: this address accepts at most ${size}.`,
        code: 'too_large',
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(internalErrorBody);
  });
}
