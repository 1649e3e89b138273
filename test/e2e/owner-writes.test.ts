import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { apiGet, apiWrite, gotoArea, pageStorageText, screenshot, type Row } from './support';
import { formatMoney } from '../../shared';
import { addRow, check, choose, confirm, expectHash, fieldError, fill, newDocumentFrom, newTaskFrom, pick, submitToRecord } from './forms';

const LANG = 'en';
let h: Harness;
const api = (route: Parameters<typeof apiGet>[2], opts: Parameters<typeof apiGet>[3] = {}) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
const stamp = Date.now().toString(36);

const write = (route: Parameters<typeof apiWrite>[2], opts: Parameters<typeof apiWrite>[3] = {}) => apiWrite(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);

const tagName = `VIP ${stamp}`;
const customerName = `Café Noga ${stamp}`;
/**
 * What the steps below work from, written through the API before them: no step takes a record from an
 * earlier one, so one that fails (a busy machine, a notice in the way) fails alone.
 */
const mine = { tagName: `Regular ${stamp}`, tagId: '', name: `Bakery Hadar ${stamp}`, id: '' };

beforeAll(async () => {
  h = await launchHarness({ lang: LANG, sandbox: { rateLimit: 0 } });
  mine.tagId = String((await write('tags.create', { body: { name: mine.tagName } })).id);
  mine.id = String((await write('customers.create', { body: {
    name: mine.name, email: `hadar.${stamp}@example.com`, tag_ids: [mine.tagId],
    phones: [{ value: '03-7654321', primary: true }, { value: '050-1234567', primary: false }],
  } })).id);
}, 120_000);
afterAll(async () => h?.close());

/** A document of the customer, written through the API (for the steps that start from one). */
const documentOf = async (customerId: string, title: string) =>
  String((await write('documents.create', { body: { document_type: 'TAX_INVOICE', customer_id: customerId, title, lines: [{ name: 'Consulting', quantity: '1', unit_price: '120' }] } })).id);

/** Queues sandbox faults for the next writes (the sandbox's fault injection). */
async function faultNextWrites(writes: string[]): Promise<void> {
  const origin = new URL(h.sandbox.baseUrl).origin;
  const r = await fetch(`${origin}/_sandbox/faults`, { method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }) });
  expect(r.status).toBe(201);
}

describe('the owner keeps customers and tags', () => {

  it('creates a tag with a colour', async () => {
    await gotoArea(h.page, 'tags');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', tagName);
    await fill(h.page, 'color_hex', '#0ca678');
    const id = await submitToRecord(h.page, 'tags');
    const tag = (await api('tags.get', { params: { id } })).data as Row;
    expect(tag).toMatchObject({ name: tagName, color_hex: '#0CA678' });
  });

  it('creates a customer with two phones (the second primary) and the tag', async () => {
    await gotoArea(h.page, 'customers');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', customerName);
    await fill(h.page, 'email', `noga.${stamp}@example.com`);
    await addRow(h.page, 'phones');
    await fill(h.page, 'phones.0.value', '050-1234567');
    await addRow(h.page, 'phones');
    await fill(h.page, 'phones.1.value', '03-7654321');
    await check(h.page, 'phones.0.primary');
    await check(h.page, 'phones.1.primary');
    // One primary phone: ticking the second unticks the first.
    expect(await h.page.isChecked('input[data-field="phones.0.primary"]')).toBe(false);
    await pick(h.page, 'tag_ids', mine.tagName);
    await fill(h.page, 'address.city', 'חיפה');
    await pick(h.page, 'address.country_code', 'isr', 'Israel');
    await screenshot(h.page, LANG, 'customer-new', true);
    const customerId = await submitToRecord(h.page, 'customers');
    const c = (await api('customers.details', { params: { id: customerId } })).data as Row;
    expect(c).toMatchObject({ name: customerName, phone: '03-7654321', tags: [mine.tagName], currency: 'ILS', status: 'active' });
    expect(c.phones).toEqual([{ value: '03-7654321', primary: true }, { value: '050-1234567', primary: false }]);
    expect(c.address).toMatchObject({ city: 'חיפה', country_code: 'IL' });
    await h.page.waitForSelector('[data-testid="notice-success"]');
  });

  it('edits a customer: only what changed is sent, the rest stays', async () => {
    await gotoArea(h.page, 'customers', mine.id);
    await h.page.click('[data-testid="action-edit"]');
    await expectHash(h.page, new RegExp(`#/customers/${mine.id}/edit$`));
    expect(await h.page.inputValue('input[data-field="name"]')).toBe(mine.name);
    await fill(h.page, 'contact_person', 'Hadar Levi');
    await submitToRecord(h.page, 'customers');
    const c = (await api('customers.details', { params: { id: mine.id } })).data as Row;
    expect(c).toMatchObject({ name: mine.name, contact_person: 'Hadar Levi', tags: [mine.tagName], phone: '03-7654321' });
    expect(await h.page.textContent('[data-testid="detail-view"]')).toContain('Hadar Levi');
  });

  it('deletes a customer (soft) and restores it from the list of deleted records', async () => {
    const customerName = `To restore ${stamp}`;
    const customerId = String((await write('customers.create', { body: { name: customerName } })).id);
    await gotoArea(h.page, 'customers', customerId);
    await h.page.waitForSelector('[data-testid="detail-view"]');
    await h.page.click('[data-testid="action-delete"]');
    await confirm(h.page);
    await expectHash(h.page, /^#\/customers$/);
    await expect(api('customers.get', { params: { id: customerId } })).rejects.toThrow(/404/);
    await h.page.waitForSelector(`[data-testid="deleted-records"] [data-deleted-id="${customerId}"]`);
    // Main keeps the deleted record's name, not the page's own storage.
    expect(await pageStorageText(h.page)).not.toContain(customerName);
    await screenshot(h.page, LANG, 'customers-deleted');
    await h.page.click(`[data-deleted-id="${customerId}"] [data-testid="restore"]`);
    await expectHash(h.page, new RegExp(`#/customers/${customerId}$`));
    expect(((await api('customers.get', { params: { id: customerId } })).data as Row).name).toBe(customerName);
    await h.page.waitForSelector('[data-testid="detail-view"]');
  });
});

describe('work from the customer\'s page', () => {
  it('a new task for the customer starts filled with them and comes back to them once saved', async () => {
    await gotoArea(h.page, 'customers', mine.id);
    // The picker shows the customer by name.
    await newTaskFrom(h.page, 'customers', mine.id, 'customer_id', mine.name, `Call ${mine.name}`);
    const task = ((await api('tasks.list', { query: { search: `Call ${mine.name}` } })).data as Row[])[0];
    expect(task).toMatchObject({ title: `Call ${mine.name}`, customer_id: mine.id });
    // The notice offers the task itself.
    await h.page.waitForSelector(`[data-testid="notice-success"] a[href*="tasks/${String(task!.id)}"]`);
  });

  it('a new document for the customer has them as its customer and comes back to them once saved', async () => {
    const title = `For the customer ${stamp}`;
    await gotoArea(h.page, 'customers', mine.id);
    await newDocumentFrom(h.page, mine.id, mine.name, title, { name: 'Consulting', price: '80' });
    const made = ((await api('documents.list', { query: { limit: 10, search: title } })).data as Row[]).filter((d) => d.title === title);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ title, customer: { id: mine.id, name: mine.name } });
    // The notice offers the document itself.
    await h.page.waitForSelector(`[data-testid="notice-success"] a[href*="documents/${String(made[0]!.id)}"]`);
  });
});

describe('the owner issues a document', () => {
  it('creates a tax invoice for the customer with two lines and a receipt payment, and shows the server totals', async () => {
    const product = ((await api('products.list', { query: { limit: 1, status: 'active' } })).data as Row[])[0]!;
    await gotoArea(h.page, 'documents');
    await h.page.click('[data-testid="action-new"]');
    await pick(h.page, 'customer_id', mine.name);
    await fill(h.page, 'title', `Invoice ${stamp}`);
    await pick(h.page, 'lines.0.product_id', String(product.name));
    // The picked product filled its line.
    await expect.poll(() => h.page.inputValue('input[data-field="lines.0.name"]')).toBe(String(product.name));
    expect(await h.page.inputValue('input[data-field="lines.0.sku"]')).toBe(String(product.sku ?? ''));
    await fill(h.page, 'lines.0.quantity', '2');
    await addRow(h.page, 'lines');
    await fill(h.page, 'lines.1.name', 'Delivery');
    // A line's SKU is the user's to set, also without a product.
    await fill(h.page, 'lines.1.sku', `DLV-${stamp}`);
    await fill(h.page, 'lines.1.unit_price', '35');
    await addRow(h.page, 'receipt_payments');
    await fill(h.page, 'receipt_payments.0.amount', '50');
    await h.page.waitForSelector('[data-testid="form-summary"]');
    await screenshot(h.page, LANG, 'document-new', true);
    const docId = await submitToRecord(h.page, 'documents');
    const doc = (await api('documents.details', { params: { id: docId } })).data as Row;
    expect(doc).toMatchObject({ document_type: 'TAX_INVOICE', title: `Invoice ${stamp}`, status: 'partially_paid', customer: { id: mine.id, name: mine.name } });
    expect((doc.line_items as Row[]).map((l) => [l.name, l.sku, l.quantity])).toEqual([[product.name, product.sku, '2.000'], ['Delivery', `DLV-${stamp}`, '1.000']]);
    expect((doc.payments as Row[]).map((p) => [p.payment_method, p.amount_minor])).toEqual([['cash', 5000]]);
    // The detail shows the server's totals and VAT.
    const shown = await h.page.textContent('[data-testid="detail-view"]');
    for (const k of ['subtotal_minor', 'vat_minor', 'total_minor'] as const) expect(shown).toContain(formatMoney(doc[k] as number, 'ILS', 'en-US'));
    await screenshot(h.page, LANG, 'document-created', true);
  });

  it('opens a document\'s PDF, closes and reopens it, and edits its note', async () => {
    const docId = await documentOf(mine.id, `To close ${stamp}`);
    await gotoArea(h.page, 'documents', docId);
    await h.page.waitForSelector('[data-testid="detail-view"]');
    const opened = h.host.opened.length;
    await h.page.click('[data-testid="pdf-open"]');
    // The first PDF loads the PDF engine and its fonts: give it the time a loaded machine needs.
    await expect.poll(() => h.host.opened.length, { timeout: 15_000 }).toBe(opened + 1);
    await h.page.click('[data-testid="action-close"]');
    await confirm(h.page);
    await expect.poll(async () => ((await api('documents.get', { params: { id: docId } })).data as Row).status).toBe('closed');
    await h.page.click('[data-testid="action-reopen"]');
    await confirm(h.page);
    await expect.poll(async () => ((await api('documents.get', { params: { id: docId } })).data as Row).status).toBe('open');
    await h.page.click('[data-testid="action-edit"]');
    await fill(h.page, 'note', 'Delivered to the back door');
    await submitToRecord(h.page, 'documents');
    expect(((await api('documents.details', { params: { id: docId } })).data as Row).note).toBe('Delivered to the back door');
  });

  it('a new task for the document starts filled with it and its customer, and comes back to it once saved', async () => {
    const title = `Deliver ${stamp}`;
    const docId = await documentOf(mine.id, `To deliver ${stamp}`);
    await gotoArea(h.page, 'documents', docId);
    // A document's task is its customer's too.
    await newTaskFrom(h.page, 'documents', docId, 'customer_id', mine.name, title);
    const found = ((await api('tasks.list', { query: { search: title } })).data as Row[]).filter((t) => t.title === title);
    expect(found).toHaveLength(1);
    const task = (await api('tasks.details', { params: { id: String(found[0]!.id) } })).data as Row;
    expect(task).toMatchObject({ title, document_id: docId, linked_document_ids: [docId], customer_id: mine.id });
  });

  it('a connection lost after the document was saved, then the retry by the user: exactly one document', async () => {
    const title = `Fault ${stamp}`;
    await gotoArea(h.page, 'documents');
    await h.page.click('[data-testid="action-new"]');
    await pick(h.page, 'customer_id', mine.name);
    await fill(h.page, 'title', title);
    await fill(h.page, 'lines.0.name', 'Consulting');
    await fill(h.page, 'lines.0.unit_price', '100');
    // The first answer is lost after the write committed, and the client's own retries all fail too.
    await faultNextWrites(['reset_after_commit', 'internal', 'internal', 'internal', 'internal']);
    await h.page.click('[data-testid="form-submit"]');
    const alert = await h.page.waitForSelector('[data-testid="write-uncertain"]', { timeout: 30_000 });
    expect(await alert.getAttribute('data-status')).toBe('retry_safe');
    // What the user typed is still there; the same submission goes again with the same key.
    expect(await h.page.inputValue('input[data-field="title"]')).toBe(title);
    await submitToRecord(h.page, 'documents');
    const found = (await api('documents.list', { query: { limit: 100, search: title } })).data as Row[];
    expect(found.filter((d) => d.title === title)).toHaveLength(1);
  });

  it('a refusal only the server can make (a discount over the lines total) shows next to its field, and goes once corrected', async () => {
    await gotoArea(h.page, 'documents');
    await h.page.click('[data-testid="action-new"]');
    await pick(h.page, 'customer_id', mine.name);
    await fill(h.page, 'title', `Discounted ${stamp}`);
    await fill(h.page, 'lines.0.name', 'Consulting');
    await fill(h.page, 'lines.0.unit_price', '100');
    await fill(h.page, 'discount', '500');
    const made = async () => ((await api('documents.list', { query: { limit: 10, search: `Discounted ${stamp}` } })).data as Row[]).length;
    await h.page.click('[data-testid="form-submit"]');
    await expect.poll(() => fieldError(h.page, 'discount'), { timeout: 15_000 }).toMatch(/exceed/i);
    // Nothing was made, and what was typed is still there.
    expect(await made()).toBe(0);
    expect(await h.page.inputValue('input[data-field="lines.0.name"]')).toBe('Consulting');
    // Correcting the value takes the server's message away as the user types (the form re-checks it).
    await fill(h.page, 'discount', '10');
    await expect.poll(() => fieldError(h.page, 'discount')).toBeNull();
    const id = await submitToRecord(h.page, 'documents');
    expect(((await api('documents.details', { params: { id } })).data as Row).discount_minor).toBe(1000);
  });

  it('issues a document from a draft: the form starts filled from it, and the document uses it up', async () => {
    const drafts = (await api('documentDrafts.list', { query: { limit: 100 } })).data as Row[];
    const draft = drafts.find((d) => ((d.draft_data as Row).lines as Row[] | undefined)?.length)!;
    const data = draft.draft_data as Row;
    const lines = data.lines as Row[];
    await gotoArea(h.page, 'document-drafts', String(draft.id));
    await h.page.click('[data-testid="start-documents"]');
    await expectHash(h.page, new RegExp(`^#/documents/new\\?from=document-drafts&fromId=${String(draft.id)}`));
    await expect.poll(() => h.page.inputValue('input[data-field="title"]')).toBe(String(data.title));
    expect(await h.page.inputValue('input[data-field="lines.0.name"]')).toBe(String(lines[0]!.name));
    await screenshot(h.page, LANG, 'document-from-draft', true);
    const id = await submitToRecord(h.page, 'documents');
    const doc = (await api('documents.details', { params: { id } })).data as Row;
    expect(doc).toMatchObject({ title: data.title, document_type: draft.document_type, customer: { id: data.customer_id } });
    expect((doc.line_items as Row[]).map((l) => [l.product_id, l.name])).toEqual(lines.map((l) => [l.product_id, l.name]));
    // The sandbox removes a draft a document was issued from.
    await expect(api('documentDrafts.get', { params: { id: String(draft.id) } })).rejects.toThrow(/404/);
  });
});

describe('the owner keeps tasks, products and stock', () => {
  it('creates a task marked done and reads back completed (written as the Hebrew status)', async () => {
    await gotoArea(h.page, 'tasks');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'title', `Call back ${stamp}`);
    await choose(h.page, 'status', 'Completed');
    await check(h.page, 'starred');
    await pick(h.page, 'customer_id', mine.name);
    const id = await submitToRecord(h.page, 'tasks');
    const task = (await api('tasks.details', { params: { id } })).data as Row;
    expect(task).toMatchObject({ title: `Call back ${stamp}`, status: 'completed', starred: true, priority: 'high', customer_id: mine.id });
  });

  it('deletes a product and restores it', async () => {
    const product = ((await api('products.list', { query: { limit: 5, status: 'active' } })).data as Row[])[4]!;
    await gotoArea(h.page, 'products', String(product.id));
    await h.page.click('[data-testid="action-delete"]');
    await confirm(h.page);
    await expectHash(h.page, /^#\/products$/);
    await expect(api('products.get', { params: { id: String(product.id) } })).rejects.toThrow(/404/);
    await h.page.click(`[data-deleted-id="${String(product.id)}"] [data-testid="restore"]`);
    await expectHash(h.page, new RegExp(`#/products/${String(product.id)}$`));
    expect(((await api('products.get', { params: { id: String(product.id) } })).data as Row).name).toBe(product.name);
  });

  it('sets an absolute stock quantity, which adds no movement', async () => {
    const level = ((await api('inventory.list', { query: { limit: 1 } })).data as Row[])[0]!;
    const movements = async () => ((await api('inventory.movements', { query: { limit: 100 } })).data as Row[]).map((m) => m.id);
    const before = await movements();
    await gotoArea(h.page, 'inventory', String(level.product_id));
    await h.page.click('[data-testid="action-edit"]');
    expect(await h.page.textContent('[data-testid="write-form"]')).toContain('It adds no entry to the stock movements');
    await fill(h.page, 'quantity', '42');
    await submitToRecord(h.page, 'inventory');
    expect(((await api('inventory.get', { params: { id: String(level.product_id) } })).data as Row).quantity).toBe('42.000');
    expect(await movements()).toEqual(before);
  });

  it('refuses to delete a raw material used in an active recipe, and says why', async () => {
    let rawId = '';
    for (const p of (await api('products.list', { query: { limit: 100 } })).data as Row[]) {
      const d = (await api('products.details', { params: { id: String(p.id) } })).data as Row;
      const used = (d.recipes as Row[]).find((r) => r.active)?.components as Row[] | undefined;
      const raw = used?.find((c) => c.type === 'raw_material');
      if (raw) { rawId = String(raw.component_id); break; }
    }
    expect(rawId).not.toBe('');
    await gotoArea(h.page, 'raw-materials', rawId);
    await h.page.click('[data-testid="action-delete"]');
    await confirm(h.page);
    const problem = await h.page.waitForSelector('[data-testid="record-actions"] [data-testid="error-state"]');
    expect(await problem.textContent()).toContain('used in an active recipe. Remove it from the recipe first');
    expect(await h.page.textContent('[data-testid="error-code"]')).toBe('raw_material_in_use');
    expect(((await api('rawMaterials.get', { params: { id: rawId } })).data as Row).id).toBe(rawId);
    await screenshot(h.page, LANG, 'raw-material-in-use');
  });
});

describe('unsaved changes', () => {
  it('block in-app navigation until the user confirms; staying keeps what was typed', async () => {
    await gotoArea(h.page, 'tags');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', 'Half typed');
    await h.page.click('nav a[data-area="customers"]');
    await h.page.waitForSelector('[data-testid="confirm-dialog"]');
    expect(await h.page.textContent('[data-testid="confirm-dialog"]')).toContain('has not been saved yet');
    await confirm(h.page, false);
    await expectHash(h.page, /^#\/tags\/new$/);
    expect(await h.page.inputValue('input[data-field="name"]')).toBe('Half typed');
    await h.page.click('nav a[data-area="customers"]');
    await confirm(h.page, true);
    await expectHash(h.page, /^#\/customers$/);
    await h.page.waitForSelector('[data-testid="list-table"]');
  });

  it('switching profile asks first too; staying keeps the profile and the form', async () => {
    const sender = `${h.origin}/`;
    const added = await h.core.router.handle(sender, 'second-profile', 'profiles.add', {
      name: 'Second', environment: 'test', base_url: h.sandbox.baseUrl, key: { source: 'typed', key: h.sandbox.keys.other_business }, session_only: true,
    });
    if (!added.ok) throw new Error(added.error.message);
    await h.page.reload();
    await gotoArea(h.page, 'tags');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', 'Not yet saved');
    await h.page.click('[data-testid="profile-switcher"]');
    await h.page.getByRole('menuitem', { name: /Second/ }).click();
    await h.page.waitForSelector('[data-testid="confirm-dialog"]');
    await confirm(h.page, false);
    expect(h.core.profiles.active()?.id).toBe(h.profile!.id);
    expect(await h.page.inputValue('input[data-field="name"]')).toBe('Not yet saved');
  });
});
