import type { z } from 'zod';
import { listQuerySchema } from '../query';
import { ROUTES, type RouteId } from './table';
import type { ListSpec } from './define';

const cache = new Map<RouteId, z.ZodType>();

/**
 * The strict query schema of a list route, built once from the route table; undefined for
 * routes that accept no query parameters. The client's pre-send check and the sandbox's
 * validation both use it, so they accept exactly the same queries.
 */
export function routeQuerySchema(id: RouteId): z.ZodType | undefined {
  const list: ListSpec | undefined = (ROUTES[id] as { list?: ListSpec }).list;
  if (!list) return undefined;
  let s = cache.get(id);
  if (!s) {
    s = listQuerySchema(list.params, list.statuses);
    cache.set(id, s);
  }
  return s;
}
