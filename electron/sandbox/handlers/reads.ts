import { ARCHIVE_SOURCE_A, ARCHIVE_SOURCE_B, ROUTES, taskSchema, type RouteId } from '../../../shared';
import { notFound } from '../errors';
import { runList, listSpecOf } from '../http/listing';
import type { BusinessState, RowOf, TableKey } from '../store/state';
import type { Table } from '../store/table';
import type { Ctx, HandlerMap, Reply } from './context';
import { pickShape } from './project';

type Row = { id: string; created_at: string; updated_at?: string };

/** Where a resource area's rows live, which rows belong to it, and what single reads add. */
interface Source {
  table: (b: BusinessState) => Table<Row>;
  include?: (row: Row, b: BusinessState) => boolean;
  /** Adds related data for single reads (not lists). */
  enrich?: (row: Row, b: BusinessState) => Row;
}

function source<K extends TableKey>(key: K, o: {
  include?: (row: RowOf<K>, b: BusinessState) => boolean;
  enrich?: (row: RowOf<K>, b: BusinessState) => RowOf<K>;
} = {}): Source {
  return {
    table: (b) => b.tables[key] as unknown as Table<Row>,
    ...(o.include ? { include: o.include as (row: Row, b: BusinessState) => boolean } : {}),
    ...(o.enrich ? { enrich: o.enrich as unknown as (row: Row, b: BusinessState) => Row } : {}),
  };
}

const asTask = pickShape(taskSchema);
/** Lead details list the tasks linked by lead_id. */
export const leadWithTasks = (lead: RowOf<'leads'>, b: BusinessState): RowOf<'leads'> => ({
  ...lead,
  tasks: b.tables.tasks.sorted('updated_at').filter((t) => t.lead_id === lead.id).map((t) => asTask(t) as RowOf<'tasks'>),
});
/** Product details show the inventory level, which is the source of truth for quantities. */
export const productWithInventory = (p: RowOf<'products'>, b: BusinessState): RowOf<'products'> => {
  const level = b.tables.inventoryLevels.values().find((l) => l.product_id === p.id);
  return { ...p, inventory: { tracked: p.inventory_tracked, quantity: level?.quantity ?? null, low_stock_threshold: level?.low_stock_threshold ?? null } };
};

/** Keyed by the route table's `resource`. */
export const SOURCES: Record<string, Source> = {
  'bank-accounts': source('bankAccounts'),
  'sales-agents': source('salesAgents'),
  customers: source('customers'),
  suppliers: source('suppliers'),
  leads: source('leads', { enrich: leadWithTasks }),
  products: source('products', { include: (p) => p.type === 'product', enrich: productWithInventory }),
  'raw-materials': source('products', { include: (p) => p.type === 'raw_material', enrich: productWithInventory }),
  documents: source('documents'),
  'document-drafts': source('documentDrafts'),
  payments: source('payments'),
  inventory: source('inventoryLevels', { include: (l, b) => b.tables.products.get(l.product_id)?.inventory_tracked === true }),
  'inventory-movements': source('movements'),
  tasks: source('tasks'),
  tags: source('tags'),
  expenses: source('expenses'),
  'expense-categories': source('expenseCategories'),
  'expense-payments': source('expensePayments'),
  'imported-documents-a': source('importedDocuments', { include: (d) => d.source === ARCHIVE_SOURCE_A }),
  'imported-documents-b': source('importedDocuments', { include: (d) => d.source === ARCHIVE_SOURCE_B }),
  'imported-expenses': source('importedExpenses', { include: (d) => d.source === ARCHIVE_SOURCE_A }),
};

export function sourceOf(routeId: RouteId): Source {
  const s = SOURCES[ROUTES[routeId].resource];
  if (!s) throw new Error(`no source for ${routeId}`);
  return s;
}

/** A visible row of the route's resource in this business, or 404 (missing and foreign look alike). */
export function findRow(routeId: RouteId, b: BusinessState, id: string): Row {
  const s = sourceOf(routeId);
  const row = s.table(b).get(id);
  if (!row || (s.include && !s.include(row, b))) throw notFound();
  return row;
}

export function listHandler(ctx: Ctx): Reply {
  const s = sourceOf(ctx.routeId);
  const field = listSpecOf(ctx.routeId)!.sort.field;
  const include = s.include ? (row: Row) => s.include!(row, ctx.biz) : undefined;
  const out = runList({
    routeId: ctx.routeId, businessId: ctx.biz.business.id, query: ctx.query,
    rows: s.table(ctx.biz).sorted(field), codec: ctx.codec, ...(include ? { include } : {}),
  });
  return { data: out.rows, page: out.page };
}

export function getHandler(ctx: Ctx): Reply {
  const params = ctx.params as { id: string };
  const row = findRow(ctx.routeId, ctx.biz, params.id);
  const s = sourceOf(ctx.routeId);
  return { data: s.enrich ? s.enrich(row, ctx.biz) : row };
}

/** Reads that are not plain list/get/details. */
export const READ_HANDLERS: HandlerMap = {
  'business.get': (ctx) => ({ data: ctx.biz.business }),
  'documents.pdf': (ctx) => {
    const doc = ctx.biz.tables.documents.get(ctx.params.id);
    if (!doc) throw notFound();
    if (!doc.pdf_available) throw notFound('PDF of this document');
    return { data: ctx.pdfLinks.create(doc.id, ctx.now.getTime()) };
  },
  'inventory.get': (ctx) => ({ data: inventorySettings(ctx.biz, ctx.params.id) }),
};

/** GET/PATCH /inventory/{id}: {id} is the product or raw material id. */
export function inventorySettings(b: BusinessState, productId: string) {
  const p = b.tables.products.get(productId);
  if (!p) throw notFound();
  const level = b.tables.inventoryLevels.values().find((l) => l.product_id === p.id);
  return {
    id: p.id, object: 'inventory_settings' as const, product_id: p.id, product_name: p.name,
    track_inventory: p.inventory_tracked,
    quantity: level?.quantity ?? null, low_stock_threshold: level?.low_stock_threshold ?? null,
    updated_at: level && level.updated_at > p.updated_at ? level.updated_at : p.updated_at,
  };
}
