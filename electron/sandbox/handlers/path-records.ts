import { ROUTES, pathParamNames, perRoute, type RouteId } from '../../../shared';
import { notFound } from '../errors';
import type { BusinessState } from '../store/state';
import { SOURCES } from './reads';

/** Whether the key's business holds the record a path parameter names (params are the route's, checked as UUIDs). */
type Holds = (b: BusinessState, params: Readonly<Record<string, string>>) => boolean;

/** `{id}` of an area's own rows; soft-deleted rows count, since restore acts on them. */
function ownRow(resource: string): Holds | undefined {
  // Inventory settings are addressed by the product's or raw material's id (spec 2.8).
  if (resource === 'inventory') return (b, p) => b.tables.products.getAny(p.id!) !== undefined;
  const s = SOURCES[resource];
  if (!s) return undefined;
  return (b, p) => {
    const row = s.table(b).getAny(p.id!);
    return row !== undefined && (!s.include || s.include(row, b));
  };
}

/** Parameters below `{id}`, by `resource.name`. */
const NESTED: Record<string, Holds> = {
  'leads.activityId': (b, p) => b.tables.leads.getAny(p.id!)?.activities.some((a) => a.id === p.activityId) === true,
};

/** One check per path parameter of a route, in path order; a route table entry without one fails loudly. */
const holdersOf = perRoute((id): Holds[] => {
  const { path, resource } = ROUTES[id];
  return pathParamNames(path).map((name) => {
    const holds = name === 'id' ? ownRow(resource) : NESTED[`${resource}.${name}`];
    if (!holds) throw new Error(`no path lookup for {${name}} of ${id}`);
    return holds;
  });
});

/**
 * Spec 1: a path id of another business is 404 resource_not_found, like a missing one. Checked
 * before the body, so a body that names that business's records cannot make it a 400 instead.
 * Visibility (soft-deleted rows) stays with the handlers: a keyed delete's replay still answers.
 */
export function checkPathRecords(b: BusinessState, routeId: RouteId, params: Readonly<Record<string, string>>): void {
  if (!holdersOf(routeId).every((holds) => holds(b, params))) throw notFound();
}
