import { z } from 'zod';
import { uuid } from '../primitives';
import { listQuerySchema } from '../query';
import { ROUTES, type RouteId, type Routes } from './table';
import type { ListSpec, RouteDef } from './define';
import type { Permission } from '../permissions';

/** Memoises something derived from one route (schemas, matchers), built on first use. */
export function perRoute<T>(build: (id: RouteId) => T): (id: RouteId) => T {
  const cache = new Map<RouteId, T>();
  return (id) => {
    if (!cache.has(id)) cache.set(id, build(id));
    return cache.get(id)!;
  };
}

/** The `{name}` segments of a route path, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * The strict query schema of a list route; undefined for routes that accept no query
 * parameters. The client's pre-send check and the sandbox's validation both use it, so they
 * accept exactly the same queries.
 */
export const routeQuerySchema = perRoute((id): z.ZodType | undefined => {
  const list: ListSpec | undefined = (ROUTES[id] as { list?: ListSpec }).list;
  return list ? listQuerySchema(list.params, list.statuses) : undefined;
});

/** The path parameters of a route: exactly its `{name}` segments, each a UUID (spec 4: else 400 invalid_filter). */
export const routeParamsSchema = perRoute((id): z.ZodType<Record<string, string>> =>
  z.strictObject(Object.fromEntries(pathParamNames(ROUTES[id].path).map((n) => [n, uuid]))));

const asRecord = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** The permissions a call needs: the route's own plus the combined-operation ones its body triggers (spec 4.2 rule 5). */
export function requiredPermissions(routeId: RouteId, body: unknown): Permission[] {
  const route: RouteDef = ROUTES[routeId];
  const b = asRecord(body);
  const extra = (route.conditionalPermissions ?? []).filter((c) => c.when(b)).map((c) => c.permission);
  return [...new Set([...route.permissions, ...extra])];
}

/** Ids of collection routes (they carry a `list` spec). */
export type ListRouteId = { [K in RouteId]: Routes[K] extends { list: ListSpec } ? K : never }[RouteId];
/** Ids of single-record GET routes usable for a detail view. */
export type ReadRouteId = { [K in RouteId]: Routes[K] extends { method: 'GET'; response: { envelope: 'single' } } ? K : never }[RouteId];
/** Routes that change something (every method but GET). */
export type WriteRouteId = { [K in RouteId]: Routes[K] extends { method: 'GET' } ? never : K }[RouteId];
