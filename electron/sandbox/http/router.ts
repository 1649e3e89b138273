import { ROUTES, ROUTE_IDS, routeParamsSchema, type RouteId } from '../../../shared';
import { SandboxError, invalidFilter, issuesText } from '../errors';

interface Compiled { id: RouteId; method: string; regex: RegExp; names: string[]; paramCount: number }

/** Matchers derived from the route table; fewer parameters = more specific, tried first. */
const COMPILED: Compiled[] = ROUTE_IDS.map((id) => {
  const path: string = ROUTES[id].path;
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { id, method: ROUTES[id].method, regex: new RegExp(`^${pattern}$`), names, paramCount: names.length };
}).sort((a, b) => a.paramCount - b.paramCount);

export interface RouteMatch { id: RouteId; params: Record<string, string> }

/** Methods a path supports, for 405 and the Allow header. */
function allowFor(found: Compiled[]): string {
  const methods = new Set(found.map((c) => c.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].join(', ');
}

/**
 * Finds the route for a method and a path relative to /v1. Unknown path: 404; known path,
 * other method: 405; HEAD is served by GET routes.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const candidates = COMPILED.filter((c) => c.regex.test(path));
  if (candidates.length === 0) throw new SandboxError('resource_not_found', 'No route matches this path.');
  const best = candidates[0]!.paramCount;
  const specific = candidates.filter((c) => c.paramCount === best);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const hit = specific.find((c) => c.method === wanted);
  if (!hit) throw new SandboxError('method_not_allowed', undefined, { Allow: allowFor(specific) });
  const m = hit.regex.exec(path)!;
  const params: Record<string, string> = {};
  hit.names.forEach((name, i) => { params[name] = m[i + 1]!; });
  return { id: hit.id, params };
}

/**
 * Path ids must be UUIDs (400 invalid_filter), by the same schema the client checks before
 * sending; checked after the permission, like other input. Stored ids are lower case.
 */
export function checkPathIds(id: RouteId, raw: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, text] of Object.entries(raw)) {
    try { decoded[name] = decodeURIComponent(text); } catch { throw invalidFilter(`${name}: must be a UUID`); }
  }
  const r = routeParamsSchema(id).safeParse(decoded);
  if (!r.success) throw invalidFilter(issuesText(r.error, 'parameter'));
  return Object.fromEntries(Object.entries(r.data).map(([k, v]) => [k, v.toLowerCase()]));
}
