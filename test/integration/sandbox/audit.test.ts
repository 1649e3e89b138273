import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, errorCode, idemKey, openSandbox, type TestSandbox } from './helpers';

/** Regressions for deviations found in the spec-compliance audit. */
let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });
const c = () => sb.client('owner');
const message = (r: { json: Record<string, unknown> }) => (r.json.error as { message: string }).message;

describe('authentication edge cases (spec 5.1)', () => {
  it('the bare scheme sends no key: 401 missing_api_key; a lower-case scheme is a bad format: invalid_api_key', async () => {
    for (const header of ['Bearer', 'Bearer ']) {
      const r = await fetch(`${sb.baseUrl}/business`, { headers: { Authorization: header } });
      const body = (await r.json()) as { error: { code: string } };
      expect([r.status, body.error.code], JSON.stringify(header)).toEqual([401, 'missing_api_key']);
    }
    const lower = await sb.raw(null, 'GET', '/business', { headers: { Authorization: `bearer ${sb.keys.owner}` } });
    expect([lower.status, errorCode(lower)]).toEqual([401, 'invalid_api_key']);
  });
});

describe('query parameters (spec 4.1)', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('%s is an unknown parameter, not a repeat', async (name) => {
    const r = await sb.raw('owner', 'GET', '/customers', { query: { [name]: '1' } });
    expect([r.status, errorCode(r)]).toEqual([400, 'invalid_filter']);
    expect(message(r)).toBe(`Unknown parameter: ${name}`);
  });

  it.each([['limit', '1e1'], ['limit', '0x10'], ['limit', '5.0'], ['created_after', '2024-02-30T00:00:00Z'], ['updated_after', '2026-01-01T24:00:00Z']])(
    '%s=%s is refused', async (name, value) => {
      const r = await sb.raw('owner', 'GET', '/customers', { query: { [name]: value } });
      expect([r.status, errorCode(r)]).toEqual([400, 'invalid_filter']);
      expect(message(r)).toContain(name);
    },
  );
});

describe('write bodies (spec 4.2)', () => {
  it('a body must be sent as application/json', async () => {
    const text = JSON.stringify({ name: 'Typed Co' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const r = await sb.raw('owner', 'POST', '/customers', { bodyText: text, headers: { 'Content-Type': type } });
      expect([r.status, errorCode(r)], type).toEqual([400, 'invalid_body']);
      expect(message(r)).toContain('application/json');
    }
    const bare = await fetch(`${sb.baseUrl}/customers`, { method: 'POST', headers: { Authorization: `Bearer ${sb.keys.owner}` }, body: new Blob([text]) });
    expect(bare.status).toBe(400);
    const ok = await sb.raw('owner', 'POST', '/customers', { bodyText: text, headers: { 'Content-Type': 'Application/JSON; charset=utf-8' } });
    expect(ok.status).toBe(201);
    // A body-less action needs no Content-Type.
    const id = (ok.json.data as { id: string }).id;
    expect((await fetch(`${sb.baseUrl}/customers/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${sb.keys.owner}` } })).status).toBe(200);
  });

  it('an empty required text says so plainly', async () => {
    const r = await sb.raw('owner', 'POST', '/customers', { body: { name: '   ' } });
    expect([r.status, errorCode(r), message(r)]).toEqual([400, 'invalid_body', 'name: must not be empty']);
  });

  it('PATCH keeps omitted fields, takes null where allowed, replaces arrays and clears them with []', async () => {
    const created = (await c().call('customers.create', { body: { name: 'Patch Co', notes: 'n', phones: [{ value: '050-1111111', primary: true }], additional_emails: ['x@y.co'] } })).data;
    const id = created.id;
    const kept = (await c().call('customers.update', { params: { id }, body: {} })).data;
    expect([kept.name, kept.phones, kept.additional_emails]).toEqual(['Patch Co', [{ value: '050-1111111', primary: true }], ['x@y.co']]);
    const replaced = (await c().call('customers.update', { params: { id }, body: { phones: [{ value: '03-2222222', primary: false }, { value: '054-3333333', primary: true }] } })).data;
    expect(replaced.phones.map((p) => p.value)).toEqual(['054-3333333', '03-2222222']);
    expect(replaced.phone).toBe('054-3333333');
    const cleared = (await c().call('customers.update', { params: { id }, body: { phones: [], additional_emails: [] } })).data;
    expect([cleared.phones, cleared.phone, cleared.additional_emails, cleared.name]).toEqual([[], null, [], 'Patch Co']);
    expect((await c().call('customers.details', { params: { id } })).data.notes).toBe('n');
    expect((await c().call('customers.update', { params: { id }, body: { notes: null } })).data.id).toBe(id);
    expect((await c().call('customers.details', { params: { id } })).data.notes).toBeNull();
    const nullName = await sb.raw('owner', 'PATCH', `/customers/${id}`, { body: { name: null } });
    expect(errorCode(nullName)).toBe('invalid_body');
  });
});

describe('documents', () => {
  const lines = [{ name: 'Beans', quantity: '1', unit_price: '10.00' }];
  async function customerId() { return (await c().call('customers.list', { query: { limit: 1 } })).data[0]!.id; }

  it('PATCH with the note omitted changes nothing (200); only note may be sent', async () => {
    const doc = (await c().call('documents.create', { body: { document_type: 'ORDER', customer_id: await customerId(), lines, note: 'keep' } })).data;
    const r = await sb.raw('owner', 'PATCH', `/documents/${doc.id}`, { body: {} });
    expect(r.status).toBe(200);
    expect((r.json.data as { updated_at: string }).updated_at).toBe(doc.updated_at);
    expect((await c().call('documents.details', { params: { id: doc.id } })).data.note).toBe('keep');
  });

  it('client_request_id: the same body replays the same document; another body is 409, nothing created', async () => {
    const customer = await customerId();
    const crid = randomUUID();
    const body = { client_request_id: crid, document_type: 'DELIVERY_NOTE' as const, customer_id: customer, lines };
    const first = await sb.raw('owner', 'POST', '/documents', { body });
    const again = await sb.raw('owner', 'POST', '/documents', { body: { lines, customer_id: customer, document_type: 'DELIVERY_NOTE', client_request_id: crid } });
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect((again.json.data as { id: string }).id).toBe((first.json.data as { id: string }).id);
    const before = (await c().call('documents.list', { query: { limit: 1 } })).data[0]!.id;
    const other = await sb.raw('owner', 'POST', '/documents', { body: { ...body, lines: [{ ...lines[0]!, quantity: '2' }] } });
    expect([other.status, errorCode(other)]).toEqual([409, 'idempotency_key_reused']);
    expect((await c().call('documents.list', { query: { limit: 1 } })).data[0]!.id).toBe(before);
  });

  it('inventory moves only when inventory_adjustment.apply is true', async () => {
    const product = (await c().call('products.create', { body: { description: 'Tracked', price: '5.00', currency: 'ILS', track_inventory: true, quantity: '10' } })).data;
    const customer = await customerId();
    const movementsOf = async () => (await c().call('inventory.movements', { query: { limit: 100 } })).data.filter((m) => m.product_id === product.id);
    for (const adj of [undefined, { apply: false }]) {
      await c().call('documents.create', { body: { document_type: 'TAX_INVOICE', customer_id: customer, lines: [{ name: 'Tracked', quantity: '2', unit_price: '5.00', product_id: product.id }], ...(adj ? { inventory_adjustment: adj } : {}) } });
    }
    expect(await movementsOf()).toEqual([]);
    expect((await c().call('inventory.get', { params: { id: product.id } })).data.quantity).toBe('10.000');
    await c().call('documents.create', { body: { document_type: 'TAX_INVOICE', customer_id: customer, lines: [{ name: 'Tracked', quantity: '2', unit_price: '5.00', product_id: product.id }], inventory_adjustment: { apply: true } } });
    expect((await movementsOf()).map((m) => [m.direction, m.quantity])).toEqual([['decrease', '2.000']]);
    expect((await c().call('inventory.get', { params: { id: product.id } })).data.quantity).toBe('8.000');
  });
});

describe('leads', () => {
  it('deleting a lead detaches its tasks and removes its activities', async () => {
    const draft = (await c().call('leads.create', { body: { name: 'Detach Ltd' } })).data;
    const done = await sb.raw('owner', 'POST', `/_sandbox/lead-drafts/${draft.id}/complete`);
    const leadId = (done.json.data as { id: string }).id;
    await c().call('leads.addActivity', { params: { id: leadId }, body: { type: 'CALL', note: 'hello' } });
    const task = (await c().call('tasks.create', { body: { title: 'Live task', lead_id: leadId } })).data;
    expect((await c().call('leads.details', { params: { id: leadId } })).data.activities).toHaveLength(1);
    await c().call('leads.delete', { params: { id: leadId } });
    expect((await c().call('tasks.get', { params: { id: task.id } })).data.lead_id).toBeNull();
    expect((await apiError(c().call('leads.details', { params: { id: leadId } }))).status).toBe(404);
    const activity = await sb.raw('owner', 'POST', `/leads/${leadId}/activities`, { body: { type: 'CALL' } });
    expect(errorCode(activity)).toBe('resource_not_found');
  });
});

describe('Idempotency-Key scope (spec 4.2 rule 2)', () => {
  it('the same key on another operation is a new request, not a conflict', async () => {
    const key = idemKey('scope');
    const cat = await sb.raw('owner', 'POST', '/expense-categories', { body: { name: 'Scoped' }, headers: { 'Idempotency-Key': key } });
    const exp = await sb.raw('owner', 'POST', '/expenses', { body: { supplier_name: 'S', currency: 'ILS', issue_date: '2026-11-01' }, headers: { 'Idempotency-Key': key } });
    expect([cat.status, exp.status]).toEqual([201, 201]);
    const again = await sb.raw('owner', 'POST', '/expense-categories', { body: { name: 'Scoped' }, headers: { 'Idempotency-Key': key } });
    expect((again.json.data as { id: string }).id).toBe((cat.json.data as { id: string }).id);
  });
});

describe('lead updates keep a name', () => {
  it('an empty name falls back to the contact name; with neither, 400 invalid_body', async () => {
    const draft = (await c().call('leads.create', { body: { name: 'Named Ltd', contact_name: 'Noa' } })).data;
    const lead = (await sb.raw('owner', 'POST', `/_sandbox/lead-drafts/${draft.id}/complete`)).json.data as { id: string };
    expect((await c().call('leads.update', { params: { id: lead.id }, body: { name: '' } })).data.name).toBe('Noa');
    const none = await sb.raw('owner', 'PATCH', `/leads/${lead.id}`, { body: { name: ' ', contact_name: '' } });
    expect([none.status, errorCode(none)]).toEqual([400, 'invalid_body']);
    expect((await c().call('leads.get', { params: { id: lead.id } })).data).toMatchObject({ name: 'Noa', contact_name: 'Noa' });
  });
});
