import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TO_BODY, ROUTES, bodyFromRecord, type PrefilledRouteId, type RouteId } from '../../../shared';
import { openSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });

type Rec = Record<string, unknown>;
/** The record minus what a write always changes. */
const stable = (r: Rec) => {
  const { updated_at: _u, revision: _r, ...rest } = r;
  return rest;
};

/** A record of the route's area to edit: one with the richest data (a tag, a recipe, a draft expense). */
async function pick(route: PrefilledRouteId): Promise<string> {
  const c = sb.client('owner');
  const list = { 'customers.update': 'customers.list', 'suppliers.update': 'suppliers.list', 'products.update': 'products.list', 'rawMaterials.update': 'rawMaterials.list', 'inventory.update': 'inventory.list', 'tasks.update': 'tasks.list', 'tags.update': 'tags.list', 'documents.update': 'documents.list', 'documentDrafts.update': 'documentDrafts.list', 'leads.update': 'leads.list', 'leads.setStatus': 'leads.list', 'expenses.update': 'expenses.list', 'expenseCategories.update': 'expenseCategories.list' } as const satisfies Record<PrefilledRouteId, RouteId>;
  const rows = (await c.callUnknown(list[route], { query: { limit: 100 } })).data as Rec[];
  const read = RECORD_TO_BODY[route].read;
  for (const row of rows) {
    const id = String(route === 'inventory.update' ? row.product_id : row.id);
    const r = (await c.callUnknown(read, { params: { id } })).data as Rec;
    const rich = route === 'customers.update' ? (r.tag_details as unknown[]).length > 0 && r.agent !== null
      : route === 'suppliers.update' ? (r.tag_details as unknown[]).length > 0 || r.agent !== null
      : route === 'products.update' ? (r.recipes as unknown[]).length > 0 && (r.inventory as Rec).tracked === true
        : route === 'expenses.update' ? r.review_status === 'draft' && (r.lines as unknown[]).length > 0
          : route === 'tasks.update' ? (r.linked_document_ids as unknown[]).length > 0 || r.assigned_user !== null
            : route === 'leads.update' ? (r.products_of_interest as unknown[]).length > 0
              : true;
    if (rich) return id;
  }
  throw new Error(`no rich record for ${route}`);
}

describe('read record -> write body -> same record (edit forms start from what is stored)', () => {
  for (const route of Object.keys(RECORD_TO_BODY) as PrefilledRouteId[]) {
    it(route, async () => {
      const c = sb.client('owner');
      const id = await pick(route);
      const read = RECORD_TO_BODY[route].read;
      const before = (await c.callUnknown(read, { params: { id } })).data as Rec;
      const body = bodyFromRecord(route, before);
      // The body is what the write route accepts, and it carries the record's own values.
      expect(ROUTES[route].body!.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
      await c.callUnknown(route, { params: { id }, body });
      const after = (await c.callUnknown(read, { params: { id } })).data as Rec;
      expect(stable(after)).toEqual(stable(before));
      expect(bodyFromRecord(route, after)).toEqual(route.startsWith('expense') ? { ...body, expected_revision: (after.revision as number) } : body);
    });
  }

  it('maps names that differ between read and write (tags -> tag_ids, agent -> agent_id, name -> description, price_minor -> price)', async () => {
    const c = sb.client('owner');
    const customer = (await c.callUnknown('customers.details', { params: { id: await pick('customers.update') } })).data as Rec;
    const body = bodyFromRecord('customers.update', customer);
    expect(body.tag_ids).toEqual((customer.tag_details as Rec[]).map((t) => t.id));
    expect(body.agent_id).toBe((customer.agent as Rec).id);
    expect(body.status).toBe(String(customer.status).toUpperCase());
    expect(body.payment_terms).toEqual({ type: String((customer.payment_terms as Rec).type).toUpperCase(), net_days: (customer.payment_terms as Rec).net_days });
    expect('tags' in body).toBe(false);
    const listed = ((await c.call('products.list', { query: { limit: 1 } })).data[0]!) as unknown as Rec;
    const fromList = bodyFromRecord('products.update', listed);
    expect(fromList.description).toBe(listed.name);
    expect(fromList.price).toBe((Number(listed.price_minor) / 100).toFixed(2));
    const task = (await c.callUnknown('tasks.details', { params: { id: await pick('tasks.update') } })).data as Rec;
    const tb = bodyFromRecord('tasks.update', task);
    expect(tb.status).toBe({ open: 'פתוח', completed: 'בוצע', canceled: 'מבוטל' }[String(task.status)]);
  });
});
