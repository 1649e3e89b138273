import { ROUTES, referencesIn, type RefArea, type RouteDef, type RouteId } from '../../../shared';
import { invalidBody } from '../errors';
import type { BusinessState } from '../store/state';

type Exists = (b: BusinessState, id: string) => boolean;
const productOfType = (type: 'product' | 'raw_material'): Exists => (b, id) => b.tables.products.get(id)?.type === type;

/** Where each referenced area lives in a business's tables (hidden rows count as missing). */
const EXISTS: Record<RefArea, Exists> = {
  customers: (b, id) => b.tables.customers.get(id) !== undefined,
  suppliers: (b, id) => b.tables.suppliers.get(id) !== undefined,
  tags: (b, id) => b.tables.tags.get(id) !== undefined,
  products: productOfType('product'),
  'raw-materials': productOfType('raw_material'),
  documents: (b, id) => b.tables.documents.get(id) !== undefined,
  'document-drafts': (b, id) => b.tables.documentDrafts.get(id) !== undefined,
  leads: (b, id) => b.tables.leads.get(id) !== undefined,
  'sales-agents': (b, id) => b.tables.salesAgents.get(id) !== undefined,
  expenses: (b, id) => b.tables.expenses.get(id) !== undefined,
  'expense-categories': (b, id) => b.tables.expenseCategories.get(id) !== undefined,
};

/**
 * Spec 2.11 and 4.2 rule 7: every record a body references belongs to the key's business. The
 * referencing fields come from the body schema's annotations (shared/semantics.ts), so handlers
 * can read the rows they reference without checking them again.
 */
export function checkReferences(b: BusinessState, routeId: RouteId, body: unknown): void {
  const { body: schema }: RouteDef = ROUTES[routeId];
  if (!schema) return;
  const missing = referencesIn(schema, body).filter((r) => !r.to.some((area) => EXISTS[area](b, r.id)));
  if (missing.length === 0) return;
  const more = missing.length > 3 ? ` (and ${missing.length - 3} more)` : '';
  throw invalidBody(missing.slice(0, 3).map((r) => `${r.path}: no such record in this business`).join('; ') + more);
}
