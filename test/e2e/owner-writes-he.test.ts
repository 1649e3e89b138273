import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { he } from '../../renderer/i18n/he';
import { apiGet, apiWrite, gotoArea, screenshot, type Row } from './support';
import { addRow, choose, confirm, expectHash, fill, newDocumentFrom, newTaskFrom, pick, submitToRecord } from './forms';

/** The owner's write journeys in Hebrew: right to left, Hebrew labels and messages, Hebrew data. */
const LANG = 'he';
let h: Harness;
const api = (route: Parameters<typeof apiGet>[2], opts: Parameters<typeof apiGet>[3] = {}) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
const stamp = Date.now().toString(36);
const customerName = `מאפיית הגליל ${stamp}`;
/** The customer and the invoice the later steps work from, written through the API (not taken from an earlier step). */
const mine = { name: `קונדיטוריית הכרמל ${stamp}`, id: '', invoiceId: '' };

beforeAll(async () => {
  h = await launchHarness({ lang: LANG, sandbox: { rateLimit: 0 } });
  const write = (route: Parameters<typeof apiWrite>[2], opts: Parameters<typeof apiWrite>[3]) => apiWrite(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
  mine.id = String((await write('customers.create', { body: { name: mine.name } })).id);
  mine.invoiceId = String((await write('documents.create', { body: { document_type: 'TAX_INVOICE', customer_id: mine.id, title: `חשבונית ${stamp}`, lines: [{ name: 'לחם מחמצת', quantity: '2', unit_price: '24.50' }] } })).id);
}, 120_000);
afterAll(async () => h?.close());

describe('the owner writes in Hebrew', () => {
  it('a new customer: errors in Hebrew next to their fields, what was typed kept; then created', async () => {
    await gotoArea(h.page, 'customers');
    await h.page.getByRole('heading', { level: 1, name: he.areas.customers }).waitFor();
    await h.page.click('[data-testid="action-new"]');
    await h.page.getByRole('heading', { level: 1, name: he.newRecord.customers }).waitFor();
    expect(await h.page.getAttribute('html', 'dir')).toBe('rtl');
    await fill(h.page, 'email', 'לא-כתובת');
    await addRow(h.page, 'phones');
    await fill(h.page, 'phones.0.value', '04-6901234');
    await h.page.click('[data-testid="form-submit"]');
    const form = h.page.locator('[data-testid="write-form"]');
    await expect.poll(() => form.textContent()).toContain(he.validation.required);
    expect(await form.textContent()).toContain(he.validation.email);
    expect(await h.page.inputValue('input[data-field="phones.0.value"]')).toBe('04-6901234');
    await screenshot(h.page, LANG, 'customer-new-errors', true);
    await fill(h.page, 'name', customerName);
    await fill(h.page, 'email', `galil.${stamp}@example.co.il`);
    await fill(h.page, 'address.city', 'צפת');
    const id = await submitToRecord(h.page, 'customers');
    const c = (await api('customers.details', { params: { id } })).data as Row;
    expect(c).toMatchObject({ name: customerName, phone: '04-6901234', address: { city: 'צפת' } });
    await screenshot(h.page, LANG, 'customer-created', true);
  });

  it('a tax invoice with a line and a receipt payment; the server totals shown in Hebrew', async () => {
    await gotoArea(h.page, 'documents');
    await h.page.click('[data-testid="action-new"]');
    await pick(h.page, 'customer_id', mine.name);
    await fill(h.page, 'lines.0.name', 'לחם מחמצת');
    await fill(h.page, 'lines.0.quantity', '3');
    await fill(h.page, 'lines.0.unit_price', '24.50');
    await addRow(h.page, 'receipt_payments');
    await fill(h.page, 'receipt_payments.0.amount', '20');
    await h.page.waitForSelector('[data-testid="form-summary"]');
    await screenshot(h.page, LANG, 'document-new', true);
    const id = await submitToRecord(h.page, 'documents');
    const doc = (await api('documents.details', { params: { id } })).data as Row;
    expect(doc).toMatchObject({ customer: { name: mine.name }, subtotal_minor: 7350, status: 'partially_paid' });
    await screenshot(h.page, LANG, 'document-created', true);
  });

  it('work from where the user is: a document and a task from the customer\'s page and a task from the invoice, each filled in and back on its record', async () => {
    const { id: customerId, name, invoiceId } = mine;
    const quote = `הצעה ל${name}`;
    await gotoArea(h.page, 'customers', customerId);
    await newDocumentFrom(h.page, customerId, name, quote, { name: 'עוגות לאירוע', price: '120' });
    const docs = ((await api('documents.list', { query: { limit: 10, search: quote } })).data as Row[]).filter((d) => d.title === quote);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ title: quote, customer: { id: customerId, name } });
    const call = `להתקשר ל${name}`;
    await newTaskFrom(h.page, 'customers', customerId, 'customer_id', name, call);
    const deliver = `לשלוח את החשבונית ${stamp}`;
    await gotoArea(h.page, 'documents', invoiceId);
    await newTaskFrom(h.page, 'documents', invoiceId, 'customer_id', name, deliver);
    const made = async (title: string) => {
      const found = ((await api('tasks.list', { query: { search: title } })).data as Row[]).filter((t) => t.title === title);
      expect(found, title).toHaveLength(1);
      return (await api('tasks.details', { params: { id: String(found[0]!.id) } })).data as Row;
    };
    expect(await made(call)).toMatchObject({ customer_id: customerId, document_id: null });
    expect(await made(deliver)).toMatchObject({ customer_id: customerId, document_id: invoiceId, linked_document_ids: [invoiceId] });
  });

  it('a task marked done (בוצע) and a delete confirmed in Hebrew', async () => {
    await gotoArea(h.page, 'tasks');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'title', `להזמין קמח ${stamp}`);
    await choose(h.page, 'status', he.status.completed);
    const id = await submitToRecord(h.page, 'tasks');
    expect(((await api('tasks.get', { params: { id } })).data as Row).status).toBe('completed');
    await h.page.click('[data-testid="action-delete"]');
    const dialog = await h.page.waitForSelector('[data-testid="confirm-dialog"]');
    expect(await dialog.textContent()).toContain(he.delete.bodyFinal);
    await screenshot(h.page, LANG, 'task-delete-confirm');
    await confirm(h.page);
    await expectHash(h.page, /^#\/tasks$/);
    await expect(api('tasks.get', { params: { id } })).rejects.toThrow(/404/);
  });

  it('unsaved changes: the question is asked in Hebrew, and main is told the language for its own dialogs', async () => {
    expect(h.host.uiLanguage).toBe('he');
    await gotoArea(h.page, 'tags');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', 'חצי');
    await h.page.click('nav a[data-area="leads"]');
    const dialog = await h.page.waitForSelector('[data-testid="confirm-dialog"]');
    expect(await dialog.textContent()).toContain(he.unsaved.body);
    await screenshot(h.page, LANG, 'unsaved-confirm');
    await confirm(h.page, true);
    await expectHash(h.page, /^#\/leads$/);
  });
});
