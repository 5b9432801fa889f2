import http, { type OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { ZodError, type z } from 'zod';
import { type ApiErrorBody, type ErrorCode, commonMessages } from '#shared/api.ts';
import { describeZodError } from '#shared/validation.ts';
import { PLAN_UPGRADE_HINT } from '#shared/plans.ts';
import { securityHeaderEntries } from './security-headers.ts';
import { unknownFields } from './unknown-fields.ts';
import { DEFAULT_LANGUAGE, acceptedLanguages, languageAmong, spokenLanguageOf } from '#shared/i18n/languages.ts';

/** The product's messages in a language, from their English (server/i18n/translators.ts). */
type MessagesIn = (language: string) => (message: string) => string;

/** What a plan does not include (`saying` names the plans that do), refused with the way to upgrade; on `field` when a form sent it. */
export function planFeatureRefused(saying: string, field?: string): AppError {
  const message = `${saying} ${PLAN_UPGRADE_HINT}`;
  return new AppError(403, 'plan_feature', message, field === undefined ? {} : { fieldErrors: { [field]: message } });
}

/** A failure the client caused or may see; anything else is a 500 with no details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly options: { fieldErrors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Input that failed its route's declared schema; `part` is where it was. */
export class InputValidationError extends Error {
  constructor(
    readonly zodError: z.ZodError,
    readonly part: string,
  ) {
    super(zodError.issues[0]?.message ?? commonMessages.invalidInput);
    this.name = 'InputValidationError';
  }
}

/**
 * Every route's declared params, querystring and body are checked here, with
 * the shared zod schema, before any hook or handler reads them (Fastify runs
 * validation before preHandler). A missing body counts as `{}`, so that missing
 * fields get the spec's own messages. A body's field that its schema does not
 * know is refused by name, not dropped.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = data === undefined && (httpPart === 'body' || httpPart === 'querystring') ? {} : data;
    const result = safeParse(schema, input);
    if (!result.success) return { error: new InputValidationError(result.error as z.ZodError, httpPart ?? 'body') };
    const unknown = httpPart === 'body' ? unknownFields(schema, input).slice(0, 10) : [];
    if (unknown.length > 0) {
      const message = commonMessages.unknownFields(unknown);
      const issues = unknown.map((field) => ({ code: 'custom' as const, path: field.split('.'), message, input: undefined }));
      return { error: new InputValidationError(new ZodError(issues), 'body') };
    }
    const nulAt = pathToNul(result.data);
    if (nulAt) {
      const issue = { code: 'custom' as const, path: nulAt, message: commonMessages.nulCharacter, input: undefined };
      return { error: new InputValidationError(new ZodError([issue]), httpPart ?? 'body') };
    }
    return { value: result.data };
  };

/**
 * Where a string of the parsed input holds a NUL character, if one does. No
 * text needs one, PostgreSQL refuses it in text, and C libraries cut strings
 * at it: it is refused here, for every route, before anything stores it.
 */
function pathToNul(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, entry] of Object.entries(value)) {
    const found = pathToNul(entry, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/** The HTTP contract's error body: every error answer is built here. */
export function errorBody(code: ErrorCode, message: string, fieldErrors?: Record<string, string>): ApiErrorBody {
  return fieldErrors ? { code, message, fieldErrors } : { code, message };
}

/** What a route says of a body over its limit (`config.tooLargeMessage`), when it says more than the common words. */
export interface TooLargeMessageConfig {
  tooLargeMessage?: string;
}

/** Fastify's own client errors (bad JSON, body too large, unsupported type), with our codes. */
function describeFrameworkError(error: FastifyError, status: number, request: FastifyRequest): ApiErrorBody {
  if (status === 413) {
    const { tooLargeMessage } = (request.routeOptions.config ?? {}) as TooLargeMessageConfig;
    return errorBody('request_too_large', tooLargeMessage ?? commonMessages.requestTooLarge);
  }
  if (status === 415) return errorBody('unsupported_media_type', commonMessages.unsupportedMediaType);
  if (status === 429) return errorBody('rate_limited', error.message);
  if (status === 404) return errorBody('not_found', commonMessages.notFound);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return errorBody('invalid_json', commonMessages.invalidJson);
  }
  return errorBody('validation_failed', commonMessages.invalidInput);
}

/**
 * One error handler: `{ code, message, fieldErrors? }`. A path parameter that
 * fails its schema names nothing the caller may see: 404 with the route's
 * not-found message, the same on every route. 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance, messagesIn: MessagesIn): void {
  const inLanguageOf = (request: FastifyRequest, body: ApiErrorBody) => answerInLanguage(request, body, messagesIn);
  app.setErrorHandler((error: FastifyError | AppError | InputValidationError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return reply.status(error.statusCode).send(inLanguageOf(request, errorBody(error.code, error.message, error.options.fieldErrors)));
    }
    if (error instanceof InputValidationError) {
      if (error.part === 'params') return reply.status(404).send(inLanguageOf(request, errorBody('not_found', error.message)));
      const { message, fieldErrors } = describeZodError(error.zodError);
      return reply.status(400).send(inLanguageOf(request, errorBody('validation_failed', message, fieldErrors)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, reqId: request.id }, 'the database did not answer');
      return reply.status(503).header('Retry-After', '5').send(errorBody('database_unavailable', commonMessages.databaseUnavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.status(500).send(inLanguageOf(request, errorBody('internal_error', commonMessages.serverError)));
    }
    return reply.status(status).send(inLanguageOf(request, describeFrameworkError(error, status, request)));
  });
}

/**
 * An error's words in the language of whoever asked (issue 54), its code unchanged: someone signed in is answered in
 * their account's language, as the dashboard speaks; someone not signed in in their Accept-Language (the site's pages
 * send theirs), where the product speaks it.
 */
function answerInLanguage(request: FastifyRequest, body: ApiErrorBody, messagesIn: MessagesIn): ApiErrorBody {
  const language = request.account
    ? spokenLanguageOf(request.account.language)
    : languageAmong(acceptedLanguages(request.headers['accept-language']));
  if (!language || language === DEFAULT_LANGUAGE) return body;
  const say = messagesIn(language);
  const fieldErrors =
    body.fieldErrors && Object.fromEntries(Object.entries(body.fieldErrors).map(([field, message]) => [field, say(message)]));
  return errorBody(body.code, say(body.message), fieldErrors);
}

/**
 * The database refused the connection or did not answer in time (the pool's
 * connect and statement timeouts, config DATABASE_*_TIMEOUT_MS): the site is
 * unavailable for a moment, not broken.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  // 57014: query_canceled (statement_timeout); 57P01–57P03: the server is shutting down or starting.
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57014' || (typeof code === 'string' && /^57P0[1-3]$/.test(code)))
    return true;
  return /Query read timeout|timeout exceeded when trying to connect|Connection terminated/.test(String(message));
}

/**
 * What Fastify answers on its own, before any route or hook runs, brought under
 * the HTTP contract: the error body with our codes and every security header,
 * and never the URL echoed back.
 * - `frameworkErrors`: a path that does not percent-decode (400), a path
 *   parameter longer than the router allows (404: it names nothing).
 * - `clientErrorHandler`: what Node's HTTP parser refuses (a malformed request
 *   line, headers over the size limit, a request that never finished arriving).
 */
export function frameworkErrorHandlers(securityHeaders: OutgoingHttpHeaders) {
  const headers = securityHeaderEntries(securityHeaders);
  const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of headers) reply.header(name, value);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send(errorBody('not_found', commonMessages.notFound));
    if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send(errorBody('invalid_url', commonMessages.invalidUrl));
    return reply.status(400).send(errorBody('validation_failed', commonMessages.badRequest));
  };

  const rawHeaders = headers.map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}\r\n`).join('');
  const rawAnswer = (status: number, body: ApiErrorBody) => {
    const json = JSON.stringify(body);
    return (
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${rawHeaders}Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`
    );
  };
  const answers = {
    timeout: rawAnswer(408, errorBody('request_timeout', commonMessages.requestTimeout)),
    headersTooLarge: rawAnswer(431, errorBody('header_too_large', commonMessages.headersTooLarge)),
    malformed: rawAnswer(400, errorBody('validation_failed', commonMessages.badRequest)),
  };
  const clientErrorHandler = (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.write(answers.timeout);
      else if (error.code === 'HPE_HEADER_OVERFLOW') socket.write(answers.headersTooLarge);
      else socket.write(answers.malformed);
    }
    socket.destroy();
  };
  return { frameworkErrors, clientErrorHandler };
}
