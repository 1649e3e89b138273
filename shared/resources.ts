import { ROUTES, type RouteId } from './routes/table';
import type { Permission } from './permissions';

/**
 * Resource areas, derived from the route table: which routes read, detail and write each one.
 * The renderer's navigation and the sandbox's stores hang off these keys.
 */
export interface ResourceArea {
  key: string;
  list?: RouteId;
  get?: RouteId;
  details?: RouteId;
  create?: RouteId;
  update?: RouteId;
  delete?: RouteId;
  restore?: RouteId;
  actions: RouteId[];
  readPermission: Permission;
}

function buildAreas(): Record<string, ResourceArea> {
  const out: Record<string, ResourceArea> = {};
  for (const [id, r] of Object.entries(ROUTES) as [RouteId, (typeof ROUTES)[RouteId]][]) {
    const a = (out[r.resource] ??= { key: r.resource, actions: [], readPermission: r.permissions[0]! });
    if (r.kind === 'list') { a.list = id; a.readPermission = r.permissions[0]!; }
    else if (r.kind === 'get') a.get ??= id;
    else if (r.kind === 'details') a.details = id;
    else if (r.kind === 'create') a.create = id;
    else if (r.kind === 'update') a.update = id;
    else if (r.kind === 'delete') a.delete = id;
    else if (id.endsWith('.restore')) a.restore = id;
    else a.actions.push(id);
  }
  return out;
}
export const RESOURCE_AREAS = buildAreas();
export const RESOURCE_KEYS = Object.keys(RESOURCE_AREAS);
