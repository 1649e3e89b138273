import { createHash } from 'node:crypto';
import { FEATURE_DISABLED_CODE, IDEMPOTENCY_KEY_PATTERN, INVALID_IDEMPOTENCY_KEY_CODE, CONFLICT_CODES, ROUTES, type ListQuery, type Permission, type RouteDef, type RouteId } from '../../../shared';
import { checkAddress, verifyKey } from '../auth';
import { SandboxError, invalidBody, invalidFilter, issuesText } from '../errors';
import type { Ctx, Reply } from '../handlers/context';
import { handlerFor } from '../handlers';
import { projectForRoute } from '../handlers/project';
import { checkPathRecords } from '../handlers/path-records';
import { checkReferences } from '../handlers/references';
import type { KeyRecord, KeyRing } from '../keys';
import type { BusinessState, SandboxState } from '../store/state';
import type { CursorCodec } from './cursor';
import type { PdfLinks } from '../pdf-links';
import { listSpecOf, parseListQuery, queryObject } from './listing';
import type { ScriptedFaults } from './limits';
import { canonicalJson, parseJsonObject } from './respond';
import { checkPathIds, matchRoute } from './router';

export interface Services {
  state: () => SandboxState;
  faults: ScriptedFaults;
  ring: KeyRing;
  codec: CursorCodec;
  pdfLinks: PdfLinks;
  clock: () => Date;
}

export interface Incoming {
  method: string;
  /** Path below /v1. */
  path: string;
  search: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  address: string;
  bodyText: string;
  /** The Content-Type header; a write body must be application/json (spec 4.2). */
  contentType: string | undefined;
}

export interface Outcome { status: number; body: Record<string, unknown>; headers: Record<string, string>; wrote: boolean }

/** Key validity, subscription, IP restriction: spec 5.11 up to (not including) the permission. */
export function authenticate(s: Services, authorization: string | undefined, address: string): { key: KeyRecord; biz: BusinessState } {
  const key = verifyKey(authorization, s.ring, s.clock().getTime());
  const biz = s.state().businesses[key.business];
  if (!biz.subscriptionActive) throw new SandboxError('api_access_inactive');
  checkAddress(key, address);
  return { key, biz };
}

function requirePermission(key: KeyRecord, permission: Permission, resource: string, why?: string): void {
  if (key.permissions.has(permission)) return;
  const reason = why ? ` (${why})` : '';
  throw new SandboxError('insufficient_permission', `The API key lacks the ${permission} permission needed for ${resource}${reason}.`);
}

function parseBody(id: RouteId, raw: Record<string, unknown> | undefined): unknown {
  const { body: schema }: RouteDef = ROUTES[id];
  if (!schema) {
    if (raw && Object.keys(raw).length > 0) throw invalidBody('This route takes no body.');
    return undefined;
  }
  const r = schema.safeParse(raw ?? {}, { reportInput: true });
  if (!r.success) throw invalidBody(issuesText(r.error, 'field'));
  return r.data;
}

/** The /v1 pipeline: auth, route, permission, path ids, input, feature, idempotency, handler, projection. */
export async function dispatch(s: Services, inc: Incoming): Promise<Outcome> {
  const { key, biz } = authenticate(s, inc.authorization, inc.address);
  const match = matchRoute(inc.method, inc.path);
  const route: RouteDef = ROUTES[match.id];
  for (const p of route.permissions) requirePermission(key, p, route.resource);
  const params = checkPathIds(match.id, match.params);
  // Spec 1: another business's path id is 404 whatever a write's body says; reads have no body and look up in the handler.
  if (route.method !== 'GET') checkPathRecords(biz, match.id, params);

  let query: ListQuery = {};
  const rawQuery = queryObject(inc.search);
  if (listSpecOf(match.id)) query = parseListQuery(match.id, rawQuery);
  else if (Object.keys(rawQuery).length > 0) throw invalidFilter('This endpoint accepts no query parameters.');

  const rawBody = route.method === 'GET' ? undefined : parseJsonObject(inc.bodyText, inc.contentType);
  if (route.method === 'GET' && inc.bodyText.trim() !== '') throw invalidFilter('A read request takes no body.');
  for (const c of route.conditionalPermissions ?? []) {
    if (c.when(rawBody ?? {})) requirePermission(key, c.permission, route.resource, c.why);
  }
  if (route.permissions.includes('expenses:write') && !biz.expensesEnabled) throw new SandboxError(FEATURE_DISABLED_CODE);

  let scope: string | undefined;
  let fingerprint = '';
  if (route.idempotency === 'idempotency_key') {
    if (!inc.idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(inc.idempotencyKey)) throw new SandboxError(INVALID_IDEMPOTENCY_KEY_CODE);
    scope = `${biz.key}|${key.publicId}|${match.id}|${inc.idempotencyKey}`;
    fingerprint = createHash('sha256').update(`${inc.method} ${inc.path} ${canonicalJson(rawBody ?? {})}`).digest('hex');
    const stored = s.state().idempotency.get(scope);
    if (stored) {
      if (stored.fingerprint !== fingerprint) throw new SandboxError(CONFLICT_CODES.idempotencyKeyReused);
      return { status: stored.status, body: { data: stored.data }, headers: { 'Idempotent-Replayed': 'true' }, wrote: false };
    }
  }
  const body = parseBody(match.id, rawBody);
  checkReferences(biz, match.id, body);

  const now = s.clock();
  const ctx: Ctx = {
    routeId: match.id, params: params as Ctx['params'], query, body: body as Ctx['body'], biz, state: s.state(), key,
    now, nowIso: now.toISOString(), codec: s.codec, pdfLinks: s.pdfLinks,
  };
  const reply: Reply = await handlerFor(match.id)(ctx);
  const status = reply.status ?? route.successStatus;
  const data = projectForRoute(match.id, reply.data);
  if (scope) s.state().idempotency.set(scope, { fingerprint, status, data });
  const out: Record<string, unknown> = reply.page ? { data, page: reply.page } : { data };
  return { status, body: out, headers: reply.headers ?? {}, wrote: route.method !== 'GET' };
}
