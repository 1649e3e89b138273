import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VAT_RATE_PERCENT } from '../../../shared';
import { apiError, errorCode, openSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });
const c = () => sb.client('owner');

describe('customers, suppliers and tags', () => {
  it('create, update, soft delete, restore', async () => {
    const tag = (await c().call('tags.create', { body: { name: 'VIP', color_hex: '#112233' } })).data;
    expect(tag).toMatchObject({ name: 'VIP', color_hex: '#112233' });
    const created = await c().call('customers.create', {
      body: { name: 'קפה לוי', email: 'levi@example.com', additional_emails: ['levi@example.com', 'b@example.com'], phones: [{ value: '050-1', primary: false }, { value: '03-555', primary: true }], tag_ids: [tag.id], address: { city: 'חיפה', country_code: 'IL' } },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'customer', type: 'customer', status: 'active', phone: '03-555', additional_emails: ['b@example.com'], tags: ['VIP'] });
    expect(created.data.address).toEqual({ street: null, street_number: null, city: 'חיפה', postal_code: null, country_code: 'IL' });
    const id = created.data.id;
    const updated = await c().call('customers.update', { params: { id }, body: { contact_person: 'Dana', tag_ids: [] } });
    expect(updated.data).toMatchObject({ name: 'קפה לוי', contact_person: 'Dana', tags: [] });
    expect(updated.data.updated_at > created.data.updated_at).toBe(true);
    expect((await c().call('customers.delete', { params: { id } })).data).toEqual({ deleted: true });
    expect((await apiError(c().call('customers.get', { params: { id } }))).status).toBe(404);
    const restored = await c().call('customers.restore', { params: { id } });
    expect(restored.data.id).toBe(id);
    expect((await c().call('customers.get', { params: { id } })).data.name).toBe('קפה לוי');
    const again = await apiError(c().call('customers.restore', { params: { id } }));
    expect([again.status, again.code]).toEqual([409, 'invalid_state']);

    const s = await c().call('suppliers.create', { body: { name: 'Beans Ltd' } });
    expect(s.data.type).toBe('supplier');
    await c().call('suppliers.update', { params: { id: s.data.id }, body: { status: 'INACTIVE' } });
    await c().call('suppliers.delete', { params: { id: s.data.id } });
    expect((await c().call('suppliers.restore', { params: { id: s.data.id } })).data.status).toBe('inactive');

    expect((await c().call('tags.update', { params: { id: tag.id }, body: { name: 'VIP+' } })).data.name).toBe('VIP+');
    await c().call('tags.delete', { params: { id: tag.id } });
    expect((await apiError(c().call('tags.get', { params: { id: tag.id } }))).status).toBe(404);
  });

  it('write bodies: unknown fields and missing fields give clean 400 invalid_body', async () => {
    const unknown = await sb.raw('owner', 'POST', '/customers', { body: { name: 'x', business_id: randomUUID() } });
    expect([unknown.status, errorCode(unknown), (unknown.json.error as { message: string }).message]).toEqual([400, 'invalid_body', 'Unknown field: business_id']);
    const missing = await sb.raw('owner', 'POST', '/customers', { body: {} });
    expect((missing.json.error as { message: string }).message).toBe('name: is required');
    const notJson = await sb.raw('owner', 'POST', '/customers', { bodyText: '{nope' });
    expect(errorCode(notJson)).toBe('invalid_body');
    const foreignTag = (await sb.client('other_business').call('tags.list', { query: { limit: 1 } })).data[0]!;
    const rejected = await sb.raw('owner', 'POST', '/customers', { body: { name: 'x', tag_ids: [foreignTag.id] } });
    expect([rejected.status, errorCode(rejected)]).toEqual([400, 'invalid_body']);
  });
});

describe('references are checked from the body annotations (one rule for every route)', () => {
  it('refuses a missing or foreign record with the path of the field, and honours the areas a field may reference', async () => {
    const foreignCustomer = (await sb.client('other_business').call('customers.list', { query: { limit: 1 } })).data[0]!;
    const doc = await sb.raw('owner', 'POST', '/documents', {
      body: { client_request_id: randomUUID(), document_type: 'TAX_INVOICE', customer_id: foreignCustomer.id, lines: [{ name: 'x', quantity: '1', unit_price: '1' }] },
    });
    expect([doc.status, errorCode(doc), (doc.json.error as { message: string }).message]).toEqual([400, 'invalid_body', 'customer_id: no such record in this business']);

    const product = (await c().call('products.list', { query: { limit: 1 } })).data[0]!;
    const raw = (await c().call('rawMaterials.list', { query: { limit: 1 } })).data[0]!;
    // A recipe may use raw materials or products; products of interest must be products.
    const recipe = await c().call('products.update', { params: { id: product.id }, body: { recipe: [{ component_id: raw.id, quantity: '2' }] } });
    expect(recipe.status).toBe(200);
    const lead = await sb.raw('owner', 'POST', '/leads', { body: { name: 'x', products_of_interest: [{ product_id: product.id }, { product_id: raw.id }] } });
    expect((lead.json.error as { message: string }).message).toBe('products_of_interest.1.product_id: no such record in this business');
    const task = await sb.raw('owner', 'POST', '/tasks', { body: { title: 't', document_ids: [randomUUID(), randomUUID()], lead_id: randomUUID() } });
    expect((task.json.error as { message: string }).message).toBe('lead_id: no such record in this business; document_ids.0: no such record in this business; document_ids.1: no such record in this business');
  });
});

describe('leads', () => {
  it('intake drafts are absent from lists and unusable until completed through the control route', async () => {
    const draft = await c().call('leads.create', { body: { name: 'Café Draft', contact_name: 'Noa', status: 'PROPOSAL', activity: { type: 'CALL', note: 'first call' } } });
    expect(draft.status).toBe(201);
    expect(draft.data.status).toBe('DRAFT');
    expect(draft.data.object).toBe('lead_intake_draft');
    const all = [];
    for await (const l of c().iterate('leads.list', { query: { limit: 100 } })) all.push(l.id);
    expect(all).not.toContain(draft.data.id);
    const id = draft.data.id;
    for (const attempt of [() => c().call('leads.get', { params: { id } }), () => c().call('leads.update', { params: { id }, body: { note: 'x' } }),
      () => c().call('leads.convert', { params: { id }, body: { mode: 'DEFAULT' } }), () => c().call('leads.delete', { params: { id } }),
      () => c().call('leads.addActivity', { params: { id }, body: { type: 'CALL' } })]) {
      expect((await apiError(attempt())).status).toBe(404);
    }
    const limited = await sb.raw('readonly', 'POST', `/_sandbox/lead-drafts/${draft.data.id}/complete`);
    expect(limited.status).toBe(403);
    const done = await sb.raw('owner', 'POST', `/_sandbox/lead-drafts/${draft.data.id}/complete`);
    expect(done.status).toBe(201);
    const lead = done.json.data as { id: string; status: string; activities: unknown[] };
    expect(lead.id).not.toBe(draft.data.id);
    expect(lead.status).toBe('proposal');
    expect(lead.activities).toHaveLength(1);
    expect((await c().call('leads.get', { params: { id: lead.id } })).data.name).toBe('Café Draft');
    const discard = await c().call('leads.create', { body: { contact_name: 'Gone' } });
    expect((await sb.raw('owner', 'DELETE', `/_sandbox/lead-drafts/${discard.data.id}`)).status).toBe(200);
    expect((await sb.raw('owner', 'POST', `/_sandbox/lead-drafts/${discard.data.id}/complete`)).status).toBe(404);
  });

  it('status, activities, conversion, delete rules and task detachment', async () => {
    const draft = await c().call('leads.create', { body: { name: 'Lead Co', email: 'lead@example.com', phone: '050-1234567' } });
    const lead = (await sb.raw('owner', 'POST', `/_sandbox/lead-drafts/${draft.data.id}/complete`)).json.data as { id: string };
    const id = lead.id;
    expect((await c().call('leads.update', { params: { id }, body: { source: 'REFERRAL' } })).data.source).toBe('referral');
    expect((await c().call('leads.setStatus', { params: { id }, body: { status: 'LOST', loss_reason: 'price' } })).data.status).toBe('lost');
    const act = await c().call('leads.addActivity', { params: { id }, body: { type: 'MEETING', note: 'coffee' } });
    const act2 = await c().call('leads.updateActivity', { params: { id, activityId: act.data.id }, body: { note: 'tea' } });
    expect(act2.data).toMatchObject({ id: act.data.id, note: 'tea', type: 'meeting' });
    const task = await c().call('tasks.create', { body: { title: 'Follow up', lead_id: id, status: 'פתוח', starred: true } });
    expect(task.data).toMatchObject({ lead_id: id, status: 'open', priority: 'high' });
    expect((await c().call('leads.details', { params: { id } })).data.tasks.map((t) => t.id)).toEqual([task.data.id]);

    const conv = await c().call('leads.convert', { params: { id }, body: { mode: 'DEFAULT' } });
    expect(conv.data).toMatchObject({ created: true, already_converted: false, customer: { name: 'Lead Co' } });
    expect(conv.data.lead.converted_customer_id).toBe(conv.data.customer.id);
    const again = await c().call('leads.convert', { params: { id }, body: { mode: 'DEFAULT' } });
    expect(again.data).toMatchObject({ created: false, already_converted: true, customer: { id: conv.data.customer.id } });
    const del = await apiError(c().call('leads.delete', { params: { id } }));
    expect([del.status, del.code]).toEqual([409, 'lead_already_converted']);

    const d2 = await c().call('leads.create', { body: { name: 'Temp' } });
    const temp = (await sb.raw('owner', 'POST', `/_sandbox/lead-drafts/${d2.data.id}/complete`)).json.data as { id: string };
    const t2 = await c().call('tasks.create', { body: { title: 'Call Temp', lead_id: temp.id } });
    await c().call('leads.delete', { params: { id: temp.id } });
    expect((await c().call('tasks.get', { params: { id: t2.data.id } })).data.lead_id).toBeNull();
    const upd = await c().call('tasks.update', { params: { id: t2.data.id }, body: { status: 'בוצע' } });
    expect(upd.data.status).toBe('completed');
    await c().call('tasks.delete', { params: { id: t2.data.id } });
    expect((await apiError(c().call('tasks.get', { params: { id: t2.data.id } }))).status).toBe(404);
  });
});

describe('products, raw materials and inventory', () => {
  it('recipes block raw-material deletion; inventory PATCH sets an absolute quantity without a movement', async () => {
    const raw = await c().call('rawMaterials.create', { body: { description: 'Green beans', price: '40.00', currency: 'ILS', track_inventory: true, quantity: '10' } });
    expect(raw.data).toMatchObject({ type: 'raw_material', price_minor: 4000, inventory_tracked: true });
    const prod = await c().call('products.create', { body: { description: 'House blend', price: '59.90', currency: 'ILS', recipe: [{ component_id: raw.data.id, quantity: '0.25' }] } });
    expect(prod.data.price_minor).toBe(5990);
    const details = await c().call('products.details', { params: { id: prod.data.id } });
    expect(details.data.components).toEqual([{ component_id: raw.data.id, name: 'Green beans', type: 'raw_material', quantity: '0.250' }]);
    const inUse = await apiError(c().call('rawMaterials.delete', { params: { id: raw.data.id } }));
    expect([inUse.status, inUse.code]).toEqual([409, 'raw_material_in_use']);
    expect((await apiError(c().call('products.get', { params: { id: raw.data.id } }))).status).toBe(404);
    await c().call('products.update', { params: { id: prod.data.id }, body: { recipe: [] } });
    expect((await c().call('rawMaterials.delete', { params: { id: raw.data.id } })).data.deleted).toBe(true);
    expect((await c().call('rawMaterials.restore', { params: { id: raw.data.id } })).data.id).toBe(raw.data.id);
    expect((await c().call('rawMaterials.update', { params: { id: raw.data.id }, body: { sku: 'GB-1' } })).data.sku).toBe('GB-1');

    const movesBefore = (await c().call('inventory.movements', { query: { limit: 100 } })).data.length;
    const inv = await c().call('inventory.update', { params: { id: raw.data.id }, body: { quantity: '7.5', low_stock_threshold: '2' } });
    expect(inv.data).toMatchObject({ product_id: raw.data.id, track_inventory: true, quantity: '7.500', low_stock_threshold: '2.000' });
    expect((await c().call('inventory.get', { params: { id: raw.data.id } })).data.quantity).toBe('7.500');
    expect((await c().call('inventory.movements', { query: { limit: 100 } })).data.length).toBe(movesBefore);
    await c().call('products.delete', { params: { id: prod.data.id } });
    await c().call('products.restore', { params: { id: prod.data.id } });
  });
});

describe('documents', () => {
  it('numbers, totals, VAT, due date, payments, related documents, inventory movement, client_request_id', async () => {
    const customer = (await c().call('customers.create', { body: { name: 'Doc Customer', payment_terms: { type: 'NET', net_days: 30 } } })).data;
    const product = (await c().call('products.create', { body: { description: 'Mug', price: '25.00', currency: 'ILS', track_inventory: true, quantity: '100' } })).data;
    const first = (await c().call('documents.create', { body: { document_type: 'PRICE_QUOTE', customer_id: customer.id, lines: [{ name: 'Mug', quantity: '1', unit_price: '25.00', product_id: product.id }] } })).data;
    const crid = randomUUID();
    const body = {
      client_request_id: crid, document_type: 'TAX_INVOICE_RECEIPT' as const, customer_id: customer.id, issue_date: '2026-11-02',
      lines: [{ name: 'Mug', quantity: '3', unit_price: '25.00', product_id: product.id }, { name: 'Service', quantity: '1.5', unit_price: '10.01' }],
      receipt_payments: [{ method: 'CASH' as const, amount: '50.00', payment_date: '2026-11-02' }],
      linked_document_ids: [first.id], inventory_adjustment: { apply: true },
    };
    const created = await c().call('documents.create', { body });
    const doc = created.data;
    expect(created.status).toBe(201);
    const subtotal = 7500 + 1502;
    expect(doc).toMatchObject({ subtotal_minor: subtotal, vat_minor: Math.round(subtotal * VAT_RATE_PERCENT / 100), status: 'partially_paid', payment_status: 'partially_paid', due_date: '2026-12-02', related_document_ids: [first.id] });
    expect(doc.total_minor - doc.subtotal_minor).toBe(doc.vat_minor);
    expect(doc.line_items.map((l) => [l.line_number, l.quantity, l.total_minor])).toEqual([[1, '3.000', 7500], [2, '1.500', 1502]]);
    const same = await c().call('documents.create', { body });
    expect([same.status, same.data.id, same.data.document_number]).toEqual([201, doc.id, doc.document_number]);
    const next = (await c().call('documents.create', { body: { ...body, client_request_id: randomUUID(), linked_document_ids: [] } })).data;
    expect(next.document_number).toBe(doc.document_number + 1);

    const details = (await c().call('documents.details', { params: { id: doc.id } })).data;
    expect(details.payments.map((p) => p.amount_minor)).toEqual([5000]);
    expect((await c().call('payments.get', { params: { id: details.payments[0]!.id } })).data.document_id).toBe(doc.id);
    expect(details.inventory_movement_ids).toHaveLength(1);
    const moves = (await c().call('inventory.movements', { query: { limit: 5 } })).data;
    expect(moves.find((m) => m.id === details.inventory_movement_ids[0])).toMatchObject({ direction: 'decrease', quantity: '3.000', document_id: doc.id });
    expect((await c().call('inventory.get', { params: { id: product.id } })).data.quantity).toBe('94.000');
    expect((await c().call('documents.get', { params: { id: first.id } })).data.related_document_ids).toContain(doc.id);

    const noted = (await c().call('documents.update', { params: { id: doc.id }, body: { note: 'thanks' } })).data;
    expect([noted.total_minor, noted.document_number]).toEqual([doc.total_minor, doc.document_number]);
    const onlyNote = await sb.raw('owner', 'PATCH', `/documents/${doc.id}`, { body: { note: 'x', total_minor: 1 } });
    expect(errorCode(onlyNote)).toBe('invalid_body');
    expect((await c().call('documents.close', { params: { id: doc.id } })).data.status).toBe('closed');
    expect((await apiError(c().call('documents.close', { params: { id: doc.id } }))).status).toBe(409);
    expect((await c().call('documents.reopen', { params: { id: doc.id } })).data.status).toBe('open');

    const purchase = (await c().call('documents.create', { body: { document_type: 'PURCHASE_ORDER', supplier_id: (await c().call('suppliers.list', { query: { limit: 1 } })).data[0]!.id, lines: [{ name: 'Mug', quantity: '10', unit_price: '5', product_id: product.id }], inventory_adjustment: { apply: true }, terms: { type: 'CASH' }, issue_date: '2026-11-03' } })).data;
    expect(purchase.due_date).toBe('2026-11-03');
    expect((await c().call('inventory.get', { params: { id: product.id } })).data.quantity).toBe('104.000');
    const link = (await c().call('documents.pdf', { params: { id: doc.id } })).data;
    expect(link.url.startsWith(`${sb.origin}/files/pdf/${doc.id}?`)).toBe(true);
  });

  it('document drafts CRUD', async () => {
    const d = (await c().call('documentDrafts.create', { body: { document_type: 'ORDER', draft_data: { Customer_Note: 'keep case' } } })).data;
    expect(d.draft_data).toEqual({ Customer_Note: 'keep case' });
    const u = (await c().call('documentDrafts.update', { params: { id: d.id }, body: { document_type: 'TAX_INVOICE' } })).data;
    expect(u).toMatchObject({ document_type: 'TAX_INVOICE', draft_data: { Customer_Note: 'keep case' } });
    expect((await c().call('documentDrafts.get', { params: { id: d.id } })).data.id).toBe(d.id);
    await c().call('documentDrafts.delete', { params: { id: d.id } });
    expect((await apiError(c().call('documentDrafts.get', { params: { id: d.id } }))).status).toBe(404);
  });
});

describe('scripted faults (POST /_sandbox/faults)', () => {
  it('the next writes meet the queued faults in order; reads are untouched; a reset write is committed', async () => {
    const queued = await sb.raw('owner', 'POST', '/_sandbox/faults', { body: { writes: ['unavailable', 'reset_after_commit'] } });
    expect([queued.status, (queued.json.data as { queued: number }).queued]).toEqual([201, 2]);
    expect((await sb.raw('owner', 'GET', '/customers', { query: { limit: '1' } })).status).toBe(200);
    const first = await sb.raw('owner', 'POST', '/tags', { body: { name: 'fault one' } });
    expect([first.status, errorCode(first), first.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '5']);
    await expect(sb.raw('owner', 'POST', '/tags', { body: { name: 'fault two' } })).rejects.toThrow();
    const names = ((await sb.client('owner').call('tags.list', { query: { limit: 100 } })).data).map((t) => t.name);
    expect(names).toContain('fault two');
    expect(names).not.toContain('fault one');
    expect((await sb.raw('owner', 'POST', '/tags', { body: { name: 'fault three' } })).status).toBe(201);
    const bad = await sb.raw('owner', 'POST', '/_sandbox/faults', { body: { writes: ['explode'] } });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_body']);
  });
});

describe('write probes: the permission of a write learned without writing', () => {
  const WRITES = ['customers.create', 'suppliers.create', 'leads.create', 'products.create', 'documentDrafts.create', 'inventory.update', 'tasks.create', 'tags.create', 'expenses.create'] as const;
  const counts = async () => Promise.all((['customers.list', 'suppliers.list', 'products.list', 'documentDrafts.list', 'tasks.list', 'tags.list', 'expenses.list'] as const).map(async (r) => {
    let n = 0;
    for await (const _ of sb.client('owner').iterate(r, { query: { limit: 100 } })) n++;
    return n;
  }));

  it('owner: granted everywhere; readonly: denied everywhere; nothing is created', async () => {
    const drafts = async () => ((await sb.raw('owner', 'GET', '/_sandbox/lead-drafts')).json.data as unknown[]).length;
    const before = [...(await counts()), await drafts()];
    for (const route of WRITES) {
      expect(await sb.client('owner').probeWrite(route), route).toBe('granted');
      expect(await sb.client('readonly').probeWrite(route), route).toBe('denied');
    }
    expect(await sb.client('limited').probeWrite('customers.create')).toBe('denied');
    expect([...(await counts()), await drafts()]).toEqual(before);
  });
});
