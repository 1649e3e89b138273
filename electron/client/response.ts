import { z } from 'zod';
import { MAX_FIELD_ERRORS, REQUEST_ID_PATTERN, ROUTES, apiErrorBodySchema, collectionEnvelope, perRoute, singleEnvelope, type PageInfo, type RouteId } from '../../shared';
import { ApiError, strictToken } from './errors';
import { toFieldErrors } from './request';
import { defaultRetryAfter, parseRetryAfter } from './retry';

/** What arrived for one attempt: the body is read in full under the attempt's timeout. */
export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  readonly text: string;
  /** The body's bytes, as they arrived (an answer made up in a test may have only its text). */
  body?: ArrayBuffer;
  /** The body is kept on another thread under this id (the engine's, for a fill's page): `body` is empty. */
  kept?: number;
}

export interface ReadResult {
  data: unknown;
  page?: PageInfo;
  request_id: string;
  status: number;
  /** The server answered with the stored result of an earlier request with the same key (Idempotent-Replayed). */
  replayed?: true;
  /** Items of a page read with `itemsApart` that fail the contract: left out of `data`, each with why. */
  rejected?: RejectedItem[];
  /** The answer's Date header (the server's clock), as ISO 8601, when it had a readable one. */
  server_time?: string;
  /** With `readLater`: the 2xx answer as it came, not yet read (readKept reads it). */
  unread?: KeptAnswer;
}

/** A 2xx answer as it came, in a form a message to another thread can carry (its bytes moved, not copied). */
export interface KeptAnswer { status: number; body: ArrayBuffer; headers: [string, string][]; kept?: number }

export const keepAnswer = (a: RawAnswer): KeptAnswer => ({
  status: a.status, body: a.body ?? new TextEncoder().encode(a.text).buffer, headers: [...a.headers], ...(a.kept !== undefined ? { kept: a.kept } : {}),
});

const keptElsewhere = new WeakMap<Response, number>();
/** A transport's answer whose 2xx body another thread keeps (under `id` there): only a call read later takes one. */
export const markKept = (res: Response, id: number): Response => { keptElsewhere.set(res, id); return res; };
export const keptIdOf = (res: Response): number | undefined => keptElsewhere.get(res);

/** Reads a kept answer as readSuccess reads one that just arrived. */
export function readKept(id: RouteId, a: KeptAnswer, o: { itemsApart?: boolean } = {}): ReadResult {
  return readSuccess(id, { status: a.status, statusText: '', headers: new Headers(a.headers), text: textOf(a.body) }, o);
}

const utf8 = new TextDecoder();
/** A body's text, as Response.text() reads it. */
export const textOf = (body: ArrayBuffer): string => utf8.decode(body);

/** An item of a page that does not match the contract: its id when it has one, and the first problems. */
export interface RejectedItem { id: string | null; reason: string }

const MAX_MESSAGE = 500;

const envelopeOf = perRoute((id): z.ZodType => {
  const { envelope, data } = ROUTES[id].response;
  return envelope === 'collection' ? collectionEnvelope(data) : singleEnvelope(data);
});
/** A page's envelope whose items are checked one by one (itemsApart). */
const looseCollection = collectionEnvelope(z.unknown());

/** The items of a page that pass the route's item schema, and those that do not (with the reason). */
function splitItems(id: RouteId, items: unknown[]): { data: unknown[]; rejected: RejectedItem[] } {
  const schema = ROUTES[id].response.data as z.ZodType;
  const data: unknown[] = [];
  const rejected: RejectedItem[] = [];
  for (const item of items) {
    const r = schema.safeParse(item);
    if (r.success) { data.push(r.data); continue; }
    const rawId = typeof item === 'object' && item !== null && 'id' in item ? (item as { id: unknown }).id : undefined;
    const reason = toFieldErrors('item', r.error).slice(0, 3).map((f) => `${f.path}: ${f.message}`).join('; ');
    rejected.push({ id: typeof rawId === 'string' && UUID_LIKE.test(rawId) ? rawId.toLowerCase() : null, reason: clip(reason) });
  }
  return { data, rejected };
}
const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Date header as ISO 8601, or undefined. */
function serverTime(headers: Headers): string | undefined {
  const at = Date.parse(headers.get('date') ?? '');
  return Number.isFinite(at) ? new Date(at).toISOString() : undefined;
}

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

/**
 * Reads a 2xx answer against the route's envelope; extra fields are tolerated. `itemsApart` (a list
 * the local copy walks): an item that fails the contract is set apart with its reason instead of
 * failing the whole page.
 */
export function readSuccess(id: RouteId, answer: RawAnswer, o: { itemsApart?: boolean } = {}): ReadResult {
  const fromHeader = headerRequestId(answer.headers);
  const bad = (message: string) => new ApiError({ kind: 'invalid_response', status: answer.status, request_id: fromHeader, message });
  const json = parseJson(answer.text);
  if (!json.ok) throw bad(`The API answered ${answer.status} with a body that is not JSON.`);
  let value = json.value;
  // The header carries the same id; fill it in when a body forgot it rather than failing the call.
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !('request_id' in value) && fromHeader) {
    value = { ...value, request_id: fromHeader };
  }
  const apart = o.itemsApart === true && ROUTES[id].response.envelope === 'collection';
  const parsed = (apart ? looseCollection : envelopeOf(id)).safeParse(value);
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
  const split = apart ? splitItems(id, env.data as unknown[]) : null;
  const at = serverTime(answer.headers);
  return {
    data: split ? split.data : env.data, request_id, status: answer.status, ...(env.page ? { page: env.page } : {}), ...(replayed ? { replayed: true as const } : {}),
    ...(split?.rejected.length ? { rejected: split.rejected } : {}), ...(at ? { server_time: at } : {}),
  };
}
