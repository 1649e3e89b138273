import { z } from 'zod';
import { ROUTES, type RouteDef, type RouteId } from './routes';
import { enumWriteOf, fieldSemantics, unwrapField } from './semantics';
import { currencyDecimals, minorToDecimal } from './values';

/**
 * From a read record to the body that would write it back: the starting values of edit forms.
 * Fields with the same name are converted by their semantics (read enums to write values, nested
 * objects and lists field by field); fields the read side names differently are mapped here, once.
 */
type Rec = Record<string, unknown>;
type Rename = (record: Rec) => unknown;

const obj = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const arr = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(obj) : []);
const idOf = (v: unknown): string | null => (typeof obj(v).id === 'string' ? (obj(v).id as string) : null);
/** A value the write side cannot take as null is left out instead. */
const orSkip = (v: unknown) => (v === null ? undefined : v);

function convert(schema: z.ZodType, value: unknown): unknown {
  if (value === undefined) return undefined;
  const { inner, nullable } = unwrapField(schema);
  if (value === null) return nullable ? null : undefined;
  const meta = fieldSemantics.get(inner);
  if (meta?.kind === 'enum') return typeof value === 'string' ? enumWriteOf(meta, value) : undefined;
  if (inner instanceof z.ZodObject) return fromShape(inner, obj(value), {});
  if (inner instanceof z.ZodArray) {
    if (!Array.isArray(value)) return undefined;
    const element = inner.element as z.ZodType;
    return value.map((e) => convert(element, e)).filter((e) => e !== undefined);
  }
  return value;
}

function fromShape(schema: z.ZodObject, record: Rec, renames: Record<string, Rename>): Rec {
  const out: Rec = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const raw = key in renames ? renames[key]!(record) : record[key];
    const v = convert(field, raw);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

const party: Record<string, Rename> = {
  tag_ids: (r) => arr(r.tag_details).map((t) => t.id),
  agent_id: (r) => idOf(r.agent),
};
const product: Record<string, Rename> = {
  description: (r) => r.name,
  price: (r) => (typeof r.price === 'string' ? r.price : typeof r.price_minor === 'number' ? minorToDecimal(r.price_minor, currencyDecimals(String(r.currency))) : undefined),
  track_inventory: (r) => obj(r.inventory).tracked ?? r.inventory_tracked,
  quantity: (r) => orSkip(obj(r.inventory).quantity),
  low_stock_threshold: (r) => orSkip(obj(r.inventory).low_stock_threshold),
  recipe: (r) => {
    const active = arr(r.recipes).find((x) => x.active === true);
    return active ? arr(active.components).map((c) => ({ component_id: c.component_id, quantity: c.quantity })) : undefined;
  },
};
const revision: Record<string, Rename> = { expected_revision: (r) => r.revision };

/** Per write route: the read route whose record fills the form, and the fields named differently there. */
export const RECORD_TO_BODY = {
  'customers.update': { read: 'customers.details', renames: party },
  'suppliers.update': { read: 'suppliers.details', renames: party },
  'products.update': { read: 'products.details', renames: product },
  'rawMaterials.update': { read: 'rawMaterials.get', renames: product },
  'inventory.update': { read: 'inventory.get', renames: { track_inventory: (r) => r.track_inventory } },
  'tasks.update': {
    read: 'tasks.details',
    renames: { document_ids: (r) => r.linked_document_ids, assigned_agent_id: (r) => idOf(r.assigned_user) },
  },
  'tags.update': { read: 'tags.get', renames: {} },
  'documents.update': { read: 'documents.details', renames: {} },
  'documentDrafts.update': { read: 'documentDrafts.get', renames: {} },
  'leads.update': { read: 'leads.details', renames: { agent_id: (r) => idOf(r.owner), products_of_interest: (r) => arr(r.products_of_interest).map((p) => ({ product_id: p.product_id, quantity: p.quantity })) } },
  'leads.setStatus': { read: 'leads.details', renames: {} },
  'expenses.update': { read: 'expenses.get', renames: revision },
  'expenseCategories.update': { read: 'expenseCategories.get', renames: revision },
} as const satisfies Partial<Record<RouteId, { read: RouteId; renames: Record<string, Rename> }>>;
export type PrefilledRouteId = keyof typeof RECORD_TO_BODY;

function bodyOf(route: RouteId, record: unknown, renames: Record<string, Rename>): Rec {
  const { body }: RouteDef = ROUTES[route];
  if (!body) return {};
  const { inner } = unwrapField(body);
  if (!(inner instanceof z.ZodObject)) return {};
  return fromShape(inner, obj(record), renames);
}

/** The body a write route would send to leave this record as it is. */
export function bodyFromRecord(route: PrefilledRouteId, record: unknown): Rec {
  return bodyOf(route, record, RECORD_TO_BODY[route].renames);
}

/** The body a route would send to leave one row of a record as it is (a lead's activity): same names, write values. */
export function rowToBody(route: RouteId, row: unknown): Rec {
  return bodyOf(route, row, {});
}
