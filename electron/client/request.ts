import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN, ROUTES, fillPath, routeParamsSchema, routeQuerySchema, type FieldError, type HttpMethod, type RouteId } from '../../shared';
import { ApiError } from './errors';

export { IDEMPOTENCY_KEY_PATTERN };

/** Everything one call sends, checked and built before the first attempt. */
export interface PreparedRequest {
  id: RouteId;
  method: HttpMethod | 'HEAD';
  /** Filled path below the base URL, without the query string. */
  path: string;
  /** Path plus query string. */
  target: string;
  /** JSON text of the validated body. */
  body?: string;
  /** Headers other than Authorization. */
  headers: Record<string, string>;
  idempotency_key?: string;
  client_request_id?: string;
  /** A repeat cannot apply twice: the route reads, or the server deduplicates by key. */
  safe: boolean;
}

export interface PrepareOptions {
  idempotencyKey?: string;
  head?: boolean;
}

const invalid = (message: string, field_errors: FieldError[]) => new ApiError({ kind: 'invalid_request', message, field_errors });

/** A key of the input as a field error names it: cut short (a hostile one may be megabytes long). */
const keyName = (key: string) => (key.length > 64 ? `${key.slice(0, 63)}…` : key);

/** zod issues as `{ path, message }`, paths prefixed by the input part (`query.limit`, `body.lines.0.name`). */
export function toFieldErrors(prefix: string, error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = [prefix, ...issue.path.map((p) => keyName(String(p)))].join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: `${base}.${keyName(key)}`, message: `unknown field "${keyName(key)}"` });
    } else {
      out.push({ path: base, message: issue.message });
    }
  }
  return out;
}

type Route = (typeof ROUTES)[RouteId];
const routeOf = (id: RouteId): Route => ROUTES[id];
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || (isPlainObject(v) && Object.keys(v).length === 0);

function parsePart(prefix: string, schema: z.ZodType, value: unknown, what: string): unknown {
  const r = schema.safeParse(value);
  if (!r.success) throw invalid(`The ${what} is not valid; nothing was sent.`, toFieldErrors(prefix, r.error));
  return r.data;
}

/** Fills `client_request_id` (spec 4.2 rule 1): the body's own, else the caller's key, else a new UUID. */
function withClientRequestId(body: unknown, key: string | undefined): { body: unknown; id?: string } {
  if (!isPlainObject(body)) return { body };
  const own = body.client_request_id;
  if (own !== undefined && key !== undefined && own !== key) {
    throw invalid('The body client_request_id and the idempotency key differ; nothing was sent.', [
      { path: 'body.client_request_id', message: 'differs from the idempotency key of this call' },
    ]);
  }
  if (own !== undefined) return { body, id: typeof own === 'string' ? own : undefined };
  const id = key ?? randomUUID();
  return { body: { ...body, client_request_id: id }, id };
}

function idempotencyKeyFor(key: string | undefined): string {
  if (key === undefined) return randomUUID();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw invalid('The Idempotency-Key is not valid; nothing was sent.', [
      { path: 'idempotencyKey', message: 'must be 16 to 100 letters, digits, - or _' },
    ]);
  }
  return key;
}

/**
 * Validates one call's input against the route (path parameters as UUIDs, exactly the list's
 * query parameters and bounds, the write body's schema) and builds what to send. Throws
 * ApiError kind `invalid_request` with field errors; nothing is sent then.
 */
export function prepareRequest(id: RouteId, input: unknown, opts: PrepareOptions = {}): PreparedRequest {
  if (!Object.hasOwn(ROUTES, id)) throw invalid(`Unknown route "${String(id)}".`, [{ path: 'route', message: 'unknown route' }]);
  const route = routeOf(id);
  if (opts.head && route.method !== 'GET') throw invalid(`HEAD is accepted only on read routes, not on ${id}.`, [{ path: 'route', message: 'not a read route' }]);
  const raw = input ?? {};
  if (!isPlainObject(raw)) throw invalid('The call input must be an object.', [{ path: '', message: 'must be an object' }]);
  const extra = Object.keys(raw).filter((k) => k !== 'params' && k !== 'query' && k !== 'body');
  if (extra.length) throw invalid('The call input has unknown parts.', extra.map((k) => ({ path: k, message: `unknown part "${k}"` })));

  const params = parsePart('params', routeParamsSchema(id), raw.params ?? {}, 'path') as Record<string, string>;
  const path = fillPath(route.path, params);

  let search = '';
  const qs = routeQuerySchema(id);
  if (qs) {
    const query = parsePart('query', qs, raw.query ?? {}, 'query') as Record<string, string | number | undefined>;
    const usp = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) usp.set(k, String(v));
    const text = usp.toString();
    search = text ? `?${text}` : '';
  } else if (!isEmpty(raw.query)) {
    throw invalid(`${id} accepts no query parameters.`, Object.keys(raw.query as object).map((k) => ({ path: `query.${k}`, message: 'not accepted by this route' })));
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  const out: PreparedRequest = { id, method: opts.head ? 'HEAD' : route.method, path, target: path + search, headers, safe: route.method === 'GET' };

  if (route.body) {
    let body = raw.body;
    if (route.idempotency === 'client_request_id') {
      const filled = withClientRequestId(body, opts.idempotencyKey);
      body = filled.body;
      if (filled.id !== undefined) out.client_request_id = filled.id;
    }
    out.body = JSON.stringify(parsePart('body', route.body, body, 'request body'));
    headers['Content-Type'] = 'application/json';
  } else if (!isEmpty(raw.body)) {
    throw invalid(`${id} takes no request body.`, [{ path: 'body', message: 'this route takes no body' }]);
  }

  if (route.idempotency === 'idempotency_key') {
    out.idempotency_key = idempotencyKeyFor(opts.idempotencyKey);
    headers['Idempotency-Key'] = out.idempotency_key;
  }
  if (route.idempotency) out.safe = true;
  return out;
}

/** A field no write body has: a body carrying it can never be applied (spec 4.2: 400 invalid_body). */
export const PROBE_FIELD = 'bizops_permission_probe';

/**
 * A write that cannot happen, to learn whether the key holds the route's permission: the API
 * checks the permission before the body (spec 5.11), so the answer is 403 without it and 400
 * invalid_body with it. Path ids are fresh UUIDs; an Idempotency-Key is sent where required.
 */
export function prepareProbe(id: RouteId): PreparedRequest {
  const route = routeOf(id);
  if (route.method === 'GET' || !route.body) throw invalid(`${id} takes no body to probe with.`, [{ path: 'route', message: 'not a write route with a body' }]);
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, randomUUID()]));
  const path = fillPath(route.path, params);
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (route.idempotency === 'idempotency_key') headers['Idempotency-Key'] = randomUUID();
  return { id, method: route.method, path, target: path, headers, body: JSON.stringify({ [PROBE_FIELD]: true }), safe: true };
}
