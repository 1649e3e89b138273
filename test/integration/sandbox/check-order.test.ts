import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_AREAS, ROUTES, ROUTE_IDS, fillPath, pathParamNames, referencesIn, type RouteDef, type RouteId } from '../../../shared';
import { errorCode, idemKey, openSandbox, type TestSandbox } from './helpers';

/**
 * Spec 1: an id of another business answers like a missing one (404 resource_not_found). The
 * sandbox looks path ids up in the key's business before it reads the body, so a body naming that
 * other business's records cannot turn the answer into a 400 about the body.
 */
let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });

type Row = Record<string, unknown> & { id: string };
/** One business's records, as its own key reads them. */
interface Records {
  /** The first listed row of a resource area. */
  first(area: string): Row;
  /** The record a write route's path names (`{id}`), and the lead activity for `{activityId}`. */
  params(id: RouteId): Record<string, string>;
  target(id: RouteId): Row;
  /** An expense payment with an allocation, and the expense it pays. */
  payment: Row & { allocations: { expense_id: string }[] };
  paidExpense: Row;
}

async function rows(key: string, path: string, query: Record<string, string> = { limit: '100' }): Promise<Row[]> {
  const r = await sb.raw(key, 'GET', path, { query });
  if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
  return r.json.data as Row[];
}

/** Reads what the walk needs from one business: the first row of each area, a lead with activities, a paid expense. */
async function recordsOf(key: string): Promise<Records> {
  const firsts = new Map<string, Row>();
  for (const area of Object.values(RESOURCE_AREAS)) {
    if (!area.list) continue;
    const [row] = await rows(key, ROUTES[area.list].path, { limit: '1' });
    if (row) firsts.set(area.key, row);
  }
  const first = (area: string): Row => {
    const row = firsts.get(area);
    if (!row) throw new Error(`${key} has no ${area}`);
    return row;
  };
  let lead: (Row & { activities: Row[] }) | undefined;
  for (const l of await rows(key, '/leads')) {
    const details = (await sb.raw(key, 'GET', `/leads/${l.id}/details`)).json.data as Row & { activities: Row[] };
    if (details.activities.length > 0) { lead = details; break; }
  }
  const payment = (await rows(key, '/expense-payments')).find((p) => (p.allocations as unknown[]).length > 0) as Records['payment'] | undefined;
  if (!lead || !payment) throw new Error(`${key} has no lead with activities or no allocated expense payment`);
  const paidExpense = (await sb.raw(key, 'GET', `/expenses/${payment.allocations[0]!.expense_id}`)).json.data as Row;
  const target = (id: RouteId): Row => {
    const resource = ROUTES[id].resource;
    if (resource === 'leads') return lead;
    if (resource === 'expense-payments') return payment;
    // Inventory settings are addressed by the product's id (spec 2.8).
    if (resource === 'inventory') return { id: first('inventory').product_id as string };
    return first(resource);
  };
  const params = (id: RouteId): Record<string, string> => ({ id: target(id).id, activityId: lead.activities[0]!.id });
  return { first, params, target, payment, paidExpense };
}

const revision = (row: Row): number => row.revision as number;

/**
 * A body each write route with path ids would accept, naming as many of `r`'s records as its
 * contract lets it (`t` is the record the path names, whose revision a body repeats).
 */
const BODIES: Partial<Record<RouteId, (r: Records, t: Row) => Record<string, unknown>>> = {
  'customers.update': (r) => ({ name: 'Not yours', tag_ids: [r.first('tags').id], special_prices: [{ product_id: r.first('products').id, price: '9.90' }], agent_id: r.first('sales-agents').id }),
  'suppliers.update': (r) => ({ notes: 'Not yours', tag_ids: [r.first('tags').id], agent_id: r.first('sales-agents').id }),
  'leads.update': (r) => ({ note: 'Not yours', agent_id: r.first('sales-agents').id, products_of_interest: [{ product_id: r.first('products').id }] }),
  'leads.setStatus': () => ({ status: 'LOST', loss_reason: 'price' }),
  'leads.addActivity': () => ({ type: 'CALL', note: 'Not yours' }),
  'leads.updateActivity': () => ({ note: 'Not yours' }),
  'leads.convert': () => ({ mode: 'DEFAULT' }),
  'products.update': (r) => ({ description: 'Not yours', recipe: [{ component_id: r.first('raw-materials').id, quantity: '1' }] }),
  'rawMaterials.update': (r) => ({ default_supplier_id: r.first('suppliers').id, recipe: [{ component_id: r.first('products').id, quantity: '2' }] }),
  'documents.update': () => ({ note: 'Not yours' }),
  'documentDrafts.update': (r) => ({ draft_data: { customer_id: r.first('customers').id } }),
  'inventory.update': () => ({ quantity: '1' }),
  'tasks.update': (r) => ({ customer_id: r.first('customers').id, lead_id: r.first('leads').id, document_ids: [r.first('documents').id], assigned_agent_id: r.first('sales-agents').id }),
  'tags.update': () => ({ name: 'Not yours' }),
  'expenses.update': (r, t) => ({ expected_revision: revision(t), supplier_id: r.first('suppliers').id, category_id: r.first('expense-categories').id }),
  'expenses.delete': (_r, t) => ({ expected_revision: revision(t), reason: 'Not yours', confirmed: true }),
  'expenses.approve': (_r, t) => ({ expected_revision: revision(t), confirmed: true }),
  'expenses.void': (_r, t) => ({ expected_revision: revision(t), reason: 'Not yours', confirmed: true }),
  'expenses.allocateCredit': (r, t) => ({ expected_revision: revision(t), credit_expense_id: r.paidExpense.id, credit_expected_revision: revision(r.paidExpense), amount: '1.00', reason: 'Not yours' }),
  'expenseCategories.update': (_r, t) => ({ expected_revision: revision(t), name: 'Not yours' }),
  'expenseCategories.delete': (_r, t) => ({ expected_revision: revision(t) }),
  // The case of issue 19: a reversal of B's payment whose allocation names B's expense.
  'expensePayments.reverse': (r) => ({ reason: 'Not yours', allocations: [{ expense_id: r.paidExpense.id, expected_revision: revision(r.paidExpense), amount: '1.00' }] }),
};

const WRITES = ROUTE_IDS.filter((id) => ROUTES[id].method !== 'GET');
const hasPathIds = (id: RouteId) => pathParamNames(ROUTES[id].path).length > 0;

describe('path ids of another business come before the body (spec 1: 404 resource_not_found)', () => {
  let foreign: Records;
  let own: Records;
  beforeAll(async () => {
    foreign = await recordsOf('other_business');
    own = await recordsOf('owner');
  });

  /** Business B's record as its own key reads it (details where the area has them). */
  async function snapshot(id: RouteId, target: Row): Promise<unknown> {
    const area = RESOURCE_AREAS[ROUTES[id].resource]!;
    const read = area.details ?? area.get!;
    const r = await sb.raw('other_business', 'GET', fillPath(ROUTES[read].path, { id: target.id }));
    expect(r.status, read).toBe(200);
    return r.json.data;
  }

  async function send(id: RouteId, params: Record<string, string>, body: Record<string, unknown> | undefined) {
    const route: RouteDef = ROUTES[id];
    const headers: Record<string, string> = route.idempotency === 'idempotency_key' ? { 'Idempotency-Key': idemKey(id.replace('.', '-')) } : {};
    return sb.raw('owner', route.method, fillPath(route.path, params), { ...(body ? { body } : {}), headers });
  }

  it('the walk covers every write route; every route with a body has one here', () => {
    expect(WRITES.length).toBeGreaterThan(40);
    const withBody = WRITES.filter((id) => hasPathIds(id) && ROUTES[id].body);
    expect(withBody.filter((id) => !BODIES[id])).toEqual([]);
  });

  for (const id of WRITES) {
    if (!hasPathIds(id)) {
      it.skip(`${id}: no path id, so nothing is looked up before its body`, () => {});
      continue;
    }
    it(`${ROUTES[id].method} ${ROUTES[id].path} (${id}) with business B's ids answers 404 resource_not_found`, async () => {
      const schema = (ROUTES[id] as RouteDef).body;
      const target = foreign.target(id);
      const body = schema ? BODIES[id]!(foreign, target) : undefined;
      // The body is one the contract accepts: only the ids it names are another business's.
      if (schema) expect(schema.safeParse(body).success, id).toBe(true);
      const before = await snapshot(id, target);

      const r = await send(id, foreign.params(id), body);
      expect([r.status, errorCode(r)], id).toEqual([404, 'resource_not_found']);
      // A body the contract refuses is not read either.
      if (schema) {
        const refused = await send(id, foreign.params(id), { ...body, not_in_any_contract: true });
        expect([refused.status, errorCode(refused)], id).toEqual([404, 'resource_not_found']);
      }

      // The same body on the owner's own record still meets the reference check: its ids are B's.
      if (schema && referencesIn(schema, body).length > 0) {
        const ownRecord = own.target(id);
        const mine = await send(id, own.params(id), BODIES[id]!(foreign, ownRecord));
        expect([mine.status, errorCode(mine)], id).toEqual([400, 'invalid_body']);
      }
      // Nothing of business B changed.
      expect(await snapshot(id, target), id).toEqual(before);
    });
  }
});

describe('the path lookup and soft-deleted records', () => {
  it("a keyed delete's replay still answers once its record is hidden; another write on it is 404", async () => {
    const created = await sb.client('owner').call('expenses.create', { body: { supplier_name: 'Replay Ltd', currency: 'ILS', issue_date: '2026-11-01' } });
    const path = `/expenses/${created.data.id}`;
    const body = { expected_revision: created.data.revision, reason: 'duplicate', confirmed: true };
    const headers = { 'Idempotency-Key': idemKey('replay-delete') };
    const first = await sb.raw('owner', 'DELETE', path, { body, headers });
    const replay = await sb.raw('owner', 'DELETE', path, { body, headers });
    expect([first.status, replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    expect(replay.json.data).toEqual({ deleted: true });
    const edit = await sb.raw('owner', 'PATCH', path, { body: { expected_revision: 2, description: 'x' }, headers: { 'Idempotency-Key': idemKey('after-delete') } });
    expect([edit.status, errorCode(edit)]).toEqual([404, 'resource_not_found']);
  });
});
