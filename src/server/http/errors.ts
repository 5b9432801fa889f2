import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { describeZodError } from '#shared/validation.ts';

/** A failure the client caused or may see; anything else is a 500 with no details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Parse input with a shared schema; the first failing rule becomes the message (400). */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const { message, fieldErrors } = describeZodError(result.error);
    throw new AppError(400, message, fieldErrors);
  }
  return result.data;
}

/** One error handler: `{ message, fieldErrors? }`; 5xx details are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.fieldErrors ? { message: error.message, fieldErrors: error.fieldErrors } : { message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported type).
    const message =
      status === 413
        ? 'Request is too large'
        : status === 415
          ? 'Unsupported content type'
          : status === 429
            ? error.message
            : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is not valid JSON'
              : error.message;
    return reply.status(status).send({ message });
  });
}
