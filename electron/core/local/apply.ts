import { z } from 'zod';
import { LOCAL_AREAS, ROUTES, type RouteId } from '../../../shared';
import type { LocalStore } from './store';
import { isRec, type Rec } from './values';

/**
 * Own writes reach the copy from the write's answer, so every table shows them at once: the
 * records an answer holds (the record written, a conversion's customer and lead, the expenses a
 * payment changed) are written to their areas; a delete drops its record; what an answer only
 * names (an expense payment's id) is read again by the caller.
 */
const objectName = (schema: z.ZodType): string | null => {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  const lit = shape?.object;
  return lit instanceof z.ZodLiteral ? String(lit.value) : null;
};

/** Which area holds a record with this `object` (products and raw materials share one, told apart by `type`). */
const AREA_OF_OBJECT = new Map<string, string>();
for (const a of Object.values(LOCAL_AREAS)) {
  const name = objectName(ROUTES[a.list].response.data as z.ZodType);
  if (name && !AREA_OF_OBJECT.has(name)) AREA_OF_OBJECT.set(name, a.area);
}

function areaOf(rec: Rec): string | null {
  if (rec.object === 'product') return rec.type === 'raw_material' ? 'raw-materials' : 'products';
  return typeof rec.object === 'string' ? (AREA_OF_OBJECT.get(rec.object) ?? null) : null;
}

/** The records an answer carries: itself, its object fields and the objects of its list fields. */
function recordsIn(data: unknown): Rec[] {
  if (!isRec(data)) return [];
  const out: Rec[] = [data];
  for (const v of Object.values(data)) {
    if (isRec(v)) out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter(isRec));
  }
  return out.filter((r) => typeof r.id === 'string' && typeof r.object === 'string');
}

export interface Applied { areas: string[]; reread: { area: string; id: string }[] }

/** `readable`: the areas the key may read now; an answer's records of any other area are not kept (a conversion's customer, say). */
export function applyWrite(store: LocalStore, routeId: RouteId, params: Record<string, string> | undefined, data: unknown, readable: (area: string) => boolean): Applied {
  const route = ROUTES[routeId];
  const areas = new Set<string>();
  const reread: Applied['reread'] = [];
  if (route.kind === 'delete' && params?.id && LOCAL_AREAS[route.resource]) {
    if (store.remove(route.resource, [params.id])) areas.add(route.resource);
    return { areas: [...areas], reread };
  }
  for (const rec of recordsIn(data)) {
    const area = areaOf(rec);
    if (!area || !readable(area)) continue;
    const schema = ROUTES[LOCAL_AREAS[area]!.list].response.data as z.ZodType;
    if (!schema.safeParse(rec).success) continue;
    if (store.upsert(area, [rec]).length) areas.add(area);
  }
  if (isRec(data) && typeof data.payment_id === 'string') reread.push({ area: 'expense-payments', id: data.payment_id });
  return { areas: [...areas], reread };
}

/** A record the API answered 404 for is gone: drop it (true when the copy held it). */
export function dropMissing(store: LocalStore, routeId: RouteId, params: Record<string, string> | undefined): string | null {
  const route = ROUTES[routeId];
  if ((route.kind !== 'get' && route.kind !== 'details') || !params?.id || !LOCAL_AREAS[route.resource]) return null;
  return store.remove(route.resource, [params.id]) ? route.resource : null;
}
