import type { z } from 'zod';
import { MAX_FIELD_ERRORS, REQUEST_ID_PATTERN, ROUTES, apiErrorBodySchema, collectionEnvelope, perRoute, singleEnvelope, type PageInfo, type RouteId } from '../../shared';
import { ApiError, strictToken } from './errors';
import { toFieldErrors } from './request';
import { defaultRetryAfter, parseRetryAfter } from './retry';

/** What arrived for one attempt: the body is read in full under the attempt's timeout. */
export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

export interface ReadResult {
  data: unknown;
  page?: PageInfo;
  request_id: string;
  status: number;
  /** The server answered with the stored result of an earlier request with the same key (Idempotent-Replayed). */
  replayed?: true;
}

const MAX_MESSAGE = 500;

const envelopeOf = perRoute((id): z.ZodType => {
  const { envelope, data } = ROUTES[id].response;
  return envelope === 'collection' ? collectionEnvelope(data) : singleEnvelope(data);
});

/** X-Request-ID when it has the expected shape (REQUEST_ID_PATTERN), else absent. */
export const headerRequestId = (headers: Headers): string | undefined => strictToken(headers.get('x-request-id'), REQUEST_ID_PATTERN);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const clip = (s: string) => (s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE)}…` : s);

/** The seconds to wait that the answer asks for (header, else the spec's fixed value for 429/503). */
export function retryAfterOf(answer: Pick<RawAnswer, 'status' | 'headers'>): number | undefined {
  return parseRetryAfter(answer.headers.get('retry-after')) ?? defaultRetryAfter(answer.status);
}

/**
 * Reads an error answer: the contract's error body gives kind `api` with status, type, code,
 * message, request_id (body, else X-Request-ID) and retry_after; anything else (an HTML page from
 * a proxy, bad JSON, a wrong shape) gives kind `invalid_response` with what is known.
 * The server is not trusted with what reaches the screen or a log: the message is redacted
 * (the key in any case, base64, base64url) and clipped; type, code and request_id are kept only
 * when they match strict patterns (ApiError drops any other).
 */
export function readError(answer: RawAnswer, redact: (s: string) => string, head = false): ApiError {
  const fromHeader = headerRequestId(answer.headers);
  const retry_after = retryAfterOf(answer);
  const base = { status: answer.status, retry_after, request_id: fromHeader };
  if (head) {
    return new ApiError({ ...base, kind: 'api', message: `The API answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}.` });
  }
  const json = parseJson(answer.text);
  const parsed = json.ok ? apiErrorBodySchema.safeParse(json.value) : undefined;
  if (!parsed?.success) {
    return new ApiError({ ...base, kind: 'invalid_response', message: `The API answered ${answer.status} without a readable error body.` });
  }
  const { error, request_id } = parsed.data;
  return new ApiError({
    ...base,
    kind: 'api',
    type: error.type,
    code: error.code,
    message: clip(redact(error.message)),
    request_id: strictToken(request_id, REQUEST_ID_PATTERN) ?? fromHeader,
  });
}

/** Reads a 2xx answer against the route's envelope; extra fields are tolerated. */
export function readSuccess(id: RouteId, answer: RawAnswer): ReadResult {
  const fromHeader = headerRequestId(answer.headers);
  const bad = (message: string) => new ApiError({ kind: 'invalid_response', status: answer.status, request_id: fromHeader, message });
  const json = parseJson(answer.text);
  if (!json.ok) throw bad(`The API answered ${answer.status} with a body that is not JSON.`);
  let value = json.value;
  // The header carries the same id; fill it in when a body forgot it rather than failing the call.
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !('request_id' in value) && fromHeader) {
    value = { ...value, request_id: fromHeader };
  }
  const parsed = envelopeOf(id).safeParse(value);
  if (!parsed.success) {
    const fromBody = typeof value === 'object' && value !== null && 'request_id' in value && typeof value.request_id === 'string' ? value.request_id : undefined;
    const request_id = strictToken(fromBody, REQUEST_ID_PATTERN) ?? fromHeader;
    throw new ApiError({
      kind: 'invalid_response',
      status: answer.status,
      request_id,
      message: `The API answer to ${id} does not match the contract.`,
      field_errors: toFieldErrors('response', parsed.error).slice(0, MAX_FIELD_ERRORS),
    });
  }
  const env = parsed.data as { data: unknown; page?: PageInfo; request_id: string };
  // A malformed id is not passed on; '' says the answer had no usable one.
  const request_id = strictToken(env.request_id, REQUEST_ID_PATTERN) ?? fromHeader ?? '';
  const replayed = answer.headers.get('idempotent-replayed')?.trim().toLowerCase() === 'true';
  return { data: env.data, request_id, status: answer.status, ...(env.page ? { page: env.page } : {}), ...(replayed ? { replayed: true as const } : {}) };
}
