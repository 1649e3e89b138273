import type { z } from 'zod';
import { ROUTES, perRoute, type RouteId } from '../../../shared';

/** Keeps only the fields a response schema declares (derived from the schema, not restated). */
export function pickShape(schema: z.ZodType): (row: object) => Record<string, unknown> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) return (row) => ({ ...row });
  const keys = Object.keys(shape);
  return (row) => {
    const src = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of keys) if (k in src) out[k] = src[k];
    return out;
  };
}

const pickerOf = perRoute((id) => pickShape(ROUTES[id].response.data));
/** Projects a handler's data onto the route's response schema (items for collections). */
export function projectForRoute(id: RouteId, data: unknown): unknown {
  const pick = pickerOf(id);
  if (Array.isArray(data)) return data.map((r) => pick(r as object));
  return typeof data === 'object' && data !== null ? pick(data) : data;
}
