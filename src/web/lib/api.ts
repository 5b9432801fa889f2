import type { ApiErrorBody, ErrorCode } from '#shared/api.ts';
import { pageHeaders } from './page-choice.ts';

/**
 * A failed call: the server's stable code (decide on it, never on the text),
 * its message (spec 000 §7) and its field errors. A network failure has status 0.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | 'network_error' | 'unknown' = 'unknown',
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The ApiError a failed answer's body describes. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const payload = (typeof body === 'object' && body ? body : {}) as Partial<ApiErrorBody>;
  return new ApiError(status, payload.message || 'API request failed', payload.code ?? 'unknown', payload.fieldErrors ?? {});
}

/** The server's words for a refusal, or `fallback` when the server was not reached or said none. */
export function serverMessageOr(caught: unknown, fallback: string): string {
  return caught instanceof ApiError && caught.status > 0 ? caught.message : fallback;
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The page the call acts on, when not the dashboard's (page-choice.ts): an id, or null for the account's own first page. */
  page?: number | null;
}

/**
 * Call the API with the session cookie. A non-OK reply throws ApiError with the
 * response's code and message (or 'API request failed'); a network failure throws status 0.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        ...pageHeaders(options.page),
        // The language the page on screen speaks, for the server's words (issue 54): the site's pages are in their address's.
        'Accept-Language': document.documentElement.lang || 'en',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error');
  }
  const text = await response.text();
  let body: unknown = {};
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) throw apiErrorOf(response.status, body);
  return body as T;
}
