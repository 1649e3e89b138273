import { z } from 'zod';
import { LOCAL_AREAS, LOCAL_MARK, ROUTES, referencesIn, semanticsOf, unwrapField, type LocalMark, type RouteId } from '../../../../shared';
import type { Rec } from '../values';

/**
 * How a waiting change shows in the copy: the record as the user's write will leave it, as far as the
 * app can tell without the service. A field the body names and the record reads the same way takes the
 * body's value (an enumeration's write value becomes its read value: "ACTIVE" is "active"); what only
 * the service makes (numbers, totals, PDFs) is left empty for a new record. `_local` marks the row as
 * waiting; the service's answer replaces the whole row once sent.
 */
export { LOCAL_MARK };

const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> | null => {
  const { inner } = unwrapField(schema);
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>) : null;
};

/** A new record's fields as the list reads them: each empty (lists empty), its literals (object, type) set. */
function emptyRecord(area: string): Rec {
  const shape = shapeOf(ROUTES[LOCAL_AREAS[area]!.list].response.data as z.ZodType) ?? {};
  const out: Rec = {};
  for (const [key, field] of Object.entries(shape)) {
    const { inner } = unwrapField(field);
    out[key] = inner instanceof z.ZodLiteral ? inner.value : inner instanceof z.ZodArray ? [] : null;
  }
  return out;
}

/** A body value as the record reads it, or undefined when it does not read the same way. */
function readValue(bodyField: z.ZodType | undefined, recordField: z.ZodType | undefined, v: unknown): unknown {
  if (!recordField) return undefined;
  const meta = bodyField ? semanticsOf(bodyField) : undefined;
  if (meta?.kind === 'enum' && typeof v === 'string') {
    const i = meta.write.indexOf(v);
    return i >= 0 ? meta.read[i] : undefined;
  }
  const { inner } = unwrapField(recordField);
  if (v === null) return null;
  if (inner instanceof z.ZodObject && typeof v === 'object' && !Array.isArray(v)) return v;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return inner.safeParse(v).success ? v : undefined;
  return undefined;
}

/**
 * A record's snapshot of another (a document's `customer: { id, name }`) where the body names that
 * other record by id (`customer_id` or `supplier_id`): the copy knows its name, so it is shown, and
 * the record is found by it (a customer's page lists the document) before the service has it.
 */
function snapshotsFrom(recordShape: Record<string, z.ZodType>, bodySchema: z.ZodType, body: unknown, nameOf: NameOf): Rec {
  // The body's own references (a line's product is not the record's).
  const refs = referencesIn(bodySchema, body).filter((r) => !r.path.includes('.'));
  const out: Rec = {};
  for (const [key, field] of Object.entries(recordShape)) {
    const inner = shapeOf(field);
    const meta = inner?.name && inner.id ? semanticsOf(inner.id) : undefined;
    if (meta?.kind !== 'ref') continue;
    for (const r of refs) {
      const area = r.to.find((a) => meta.to.includes(a));
      const name = area ? nameOf(area, r.id) : null;
      if (name !== null) out[key] = { id: r.id, name };
    }
  }
  return out;
}

/** The name the copy holds for a record of an area, if it holds the record. */
export type NameOf = (area: string, id: string) => string | null;

/** The row the copy shows for a waiting write: `before` changed by the body (a new record for a create). */
export function shownRecord(route: RouteId, area: string, before: Rec | null, body: unknown, o: { id: string; entry: string; now: string; nameOf?: NameOf }): Rec {
  const def = ROUTES[route];
  const kind: LocalMark['kind'] = def.kind === 'create' ? 'create' : def.kind === 'delete' ? 'delete' : def.kind === 'update' ? 'update' : 'action';
  const base: Rec = before ? { ...before } : { ...emptyRecord(area), id: o.id, created_at: o.now };
  const recordShape = shapeOf(ROUTES[LOCAL_AREAS[area]!.list].response.data as z.ZodType) ?? {};
  const bodyShape = def.body ? shapeOf(def.body as z.ZodType) ?? {} : {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Rec)) {
      const value = readValue(bodyShape[k], recordShape[k], v);
      if (value !== undefined) base[k] = value;
    }
    if (o.nameOf && def.body) Object.assign(base, snapshotsFrom(recordShape, def.body as z.ZodType, body, o.nameOf));
  }
  // The row's mark moves on so a list sorted by the last change shows it on top.
  if ('updated_at' in recordShape) base.updated_at = o.now;
  base[LOCAL_MARK] = { entry: o.entry, state: 'waiting', kind, area } satisfies LocalMark;
  return base;
}
