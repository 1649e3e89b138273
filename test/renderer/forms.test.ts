import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ATTACHMENT_LIMITS, TASK_WRITE_STATUS, bodyFromRecord, documentCreateBody, documentDraftCreateBody, expenseUpdateBody, leadStatusBody, partyCreateBody, partyUpdateBody,
  productCreateBody, requiredPermissions, taskCreateBody,
} from '../../shared';
import { fieldAt, modelOf, type FieldModel } from '../../renderer/forms/model';
import { JsonText, emptyValues, normaliseDecimal, toBody, toFormValues, type BodyOptions, type FormValues } from '../../renderer/forms/values';
import { checkForm, serverIssues, type FormIssue } from '../../renderer/forms/validate';
import { LANGUAGES } from '../../renderer/i18n/lang';
import { textsIn } from '../texts';
import { newRequestKey } from '../../shared';
import { ID, customerDetails, formBody } from './fixtures';

type Rec = Record<string, unknown>;

/** The field at a path; fails the test when the model has none there. */
function at(models: readonly FieldModel[], path: string): FieldModel {
  const f = fieldAt(models, path);
  if (!f) throw new Error(`no field ${path}`);
  return f;
}

/** What the submission fills in a route's body, as the form view passes it (a document's request key). */
const filledLater = (schema: z.ZodType): Rec => (schema === documentCreateBody ? { client_request_id: newRequestKey() } : {});

/** The issues of a form filled with body-shaped values. */
function issuesOf(schema: z.ZodType, typed: Rec, o: BodyOptions = { mode: 'create' }): FormIssue[] {
  const models = modelOf(schema);
  const { issues } = checkForm(schema, models, toFormValues(models, typed), o, filledLater(schema));
  // Every rule an issue can carry has words in both languages (the server's own words need none).
  for (const i of issues) if (i.rule !== 'server') for (const lang of LANGUAGES) expect(textsIn(lang).maybeKey(`validation.${i.rule}`, i.vars), i.rule).not.toBeNull();
  return issues;
}

/** A schema that is not an object (the task status enum on its own). */
const TASK_STATUS_SCHEMA = taskCreateBody.shape.status;
const line = (over: Rec = {}) => ({ name: 'Consulting', quantity: '1', unit_price: '100', ...over });

describe('modelOf: form fields derived from a write body and its semantics', () => {
  it('a customer: text with lengths, refs, money with its currency, enums with read and write values, objects and lists', () => {
    const m = modelOf(partyCreateBody);
    expect(m.map((f) => f.key)).toEqual(Object.keys(partyCreateBody.shape));
    expect(at(m, 'name')).toMatchObject({ kind: 'text', required: true, nullable: false, maxLength: 200 });
    expect(at(m, 'business_number')).toMatchObject({ kind: 'text', required: false, nullable: true, maxLength: 20 });
    expect(at(m, 'email')).toMatchObject({ kind: 'email', required: false, nullable: true });
    expect(at(m, 'notes')).toMatchObject({ kind: 'longText', nullable: true, maxLength: 5000 });
    expect(at(m, 'currency')).toMatchObject({ kind: 'currency', required: false });
    expect(at(m, 'tag_ids')).toMatchObject({ kind: 'refList', refs: ['tags'], maxItems: 50, required: false });
    expect(at(m, 'agent_id')).toMatchObject({ kind: 'ref', refs: ['sales-agents'], nullable: true });
    expect(at(m, 'additional_emails')).toMatchObject({ kind: 'textList', maxItems: 10 });
    expect(at(m, 'status')).toMatchObject({ kind: 'enum', enum: { write: ['ACTIVE', 'INACTIVE'], read: ['active', 'inactive'], labels: 'status' } });
    expect(at(m, 'document_language').enum).toMatchObject({ write: ['HE', 'EN'], read: ['he', 'en'], labels: 'enums' });
    expect(at(m, 'opening_balance')).toMatchObject({ kind: 'money', currency: 'currency', signed: true });
    // An address is an object that can be cleared (null); its fields carry their own paths.
    expect(at(m, 'address')).toMatchObject({ kind: 'object', nullable: true, required: false });
    expect(at(m, 'address.country_code')).toMatchObject({ kind: 'countryCode', path: 'address.country_code', nullable: true });
    expect(at(m, 'address.city')).toMatchObject({ kind: 'text', maxLength: 100 });
    expect(at(m, 'payment_terms.type')).toMatchObject({ kind: 'enum', required: true, enum: { write: ['CASH', 'NET', 'NONE'] } });
    expect(at(m, 'payment_terms.net_days')).toMatchObject({ kind: 'number', required: false, nullable: true });
    // Lists of objects: each element has its own model, addressed as "phones.0.value".
    expect(at(m, 'phones')).toMatchObject({ kind: 'list', maxItems: 10 });
    expect(at(m, 'phones').fields!.map((f) => [f.key, f.kind, f.required])).toEqual([['value', 'phone', true], ['primary', 'boolean', true]]);
    expect(at(m, 'phones.0.value')).toMatchObject({ kind: 'phone', maxLength: 30 });
    expect(at(m, 'special_prices.3.price')).toMatchObject({ kind: 'money', currency: 'currency', signed: false, required: true });
    expect(at(m, 'special_prices.0.product_id')).toMatchObject({ kind: 'ref', refs: ['products'] });
  });

  it('a document: type, party refs, line items with money and quantities, payments, files, an object and a nullable note', () => {
    const m = modelOf(documentCreateBody);
    expect(at(m, 'document_type')).toMatchObject({ kind: 'enum', required: true });
    expect(at(m, 'document_type').enum!.write).toEqual(at(m, 'document_type').enum!.read);
    expect(at(m, 'document_type').enum!.write).toContain('TAX_INVOICE');
    expect(at(m, 'customer_id')).toMatchObject({ kind: 'ref', refs: ['customers'], required: false, nullable: false });
    expect(at(m, 'supplier_id')).toMatchObject({ kind: 'ref', refs: ['suppliers'], required: false });
    expect(at(m, 'issue_date')).toMatchObject({ kind: 'date', required: false });
    expect(at(m, 'title')).toMatchObject({ kind: 'text', maxLength: 300 });
    expect(at(m, 'note')).toMatchObject({ kind: 'longText', nullable: true, maxLength: 5000 });
    expect(at(m, 'discount')).toMatchObject({ kind: 'money', currency: 'currency' });
    expect(at(m, 'lines')).toMatchObject({ kind: 'list', required: true, minItems: 1, maxItems: 500 });
    expect(at(m, 'lines').fields!.map((f) => f.key)).toEqual(['product_id', 'name', 'sku', 'quantity', 'unit_price', 'vat_included', 'save_as_product']);
    expect(at(m, 'lines.0.product_id')).toMatchObject({ kind: 'ref', refs: ['products', 'raw-materials'], required: false });
    expect(at(m, 'lines.0.quantity')).toMatchObject({ kind: 'quantity', required: true });
    expect(at(m, 'lines.0.unit_price')).toMatchObject({ kind: 'money', currency: 'currency', required: true });
    expect(at(m, 'lines.0.vat_included')).toMatchObject({ kind: 'boolean', required: false });
    expect(at(m, 'receipt_payments')).toMatchObject({ kind: 'list', required: false, maxItems: 50 });
    expect(at(m, 'receipt_payments.0.method').enum).toMatchObject({ write: ['CARD', 'CASH', 'BANK_TRANSFER', 'CHECK', 'PAYPAL', 'OTHER'], read: ['card', 'cash', 'bank_transfer', 'check', 'paypal', 'other'] });
    expect(at(m, 'receipt_payments.0.payment_date')).toMatchObject({ kind: 'date', required: true });
    // Attachments are picked from disk, not typed.
    expect(at(m, 'attachments')).toMatchObject({ kind: 'files', maxItems: ATTACHMENT_LIMITS.files });
    expect(at(m, 'attachments').fields!.map((f) => [f.key, f.kind])).toEqual([['file_name', 'text'], ['content_base64', 'fileContent']]);
    expect(at(m, 'linked_document_ids')).toMatchObject({ kind: 'refList', refs: ['documents'], maxItems: 50 });
    expect(at(m, 'source_draft_id')).toMatchObject({ kind: 'ref', refs: ['document-drafts'] });
    expect(at(m, 'task')).toMatchObject({ kind: 'object', required: false });
    expect(at(m, 'task.title')).toMatchObject({ kind: 'text', required: true, path: 'task.title' });
    expect(at(m, 'task.due_date')).toMatchObject({ kind: 'date', nullable: true });
    expect(at(m, 'inventory_adjustment.apply')).toMatchObject({ kind: 'boolean', required: true });
    expect(at(m, 'save_customer_defaults')).toMatchObject({ kind: 'boolean', required: false });
  });

  it('a product: required name, price and currency; stock fields optional; a recipe of components', () => {
    const m = modelOf(productCreateBody);
    expect(m.filter((f) => f.required).map((f) => f.key).sort()).toEqual(['currency', 'description', 'price']);
    expect(at(m, 'description')).toMatchObject({ kind: 'text', maxLength: 300 });
    expect(at(m, 'price')).toMatchObject({ kind: 'money', currency: 'currency', signed: false, nullable: false });
    expect(at(m, 'cost')).toMatchObject({ kind: 'money', currency: 'currency', nullable: true, required: false });
    expect(at(m, 'sku')).toMatchObject({ kind: 'text', nullable: true, maxLength: 64 });
    expect(at(m, 'vat_behavior').enum).toMatchObject({ write: ['EXCLUDING_VAT', 'INCLUDING_VAT', 'EXEMPT'], read: ['excluding_vat', 'including_vat', 'exempt'] });
    expect(at(m, 'track_inventory')).toMatchObject({ kind: 'boolean', required: false });
    expect(at(m, 'quantity')).toMatchObject({ kind: 'quantity', required: false });
    expect(at(m, 'low_stock_threshold')).toMatchObject({ kind: 'quantity', required: false });
    expect(at(m, 'recipe')).toMatchObject({ kind: 'list', maxItems: 100 });
    expect(at(m, 'recipe.0.component_id')).toMatchObject({ kind: 'ref', refs: ['raw-materials', 'products'], required: true });
    expect(at(m, 'recipe.0.quantity')).toMatchObject({ kind: 'quantity', required: true });
  });

  it('a task: Hebrew write statuses for English read ones, date and date-time, links', () => {
    const m = modelOf(taskCreateBody);
    expect(m.filter((f) => f.required).map((f) => f.key)).toEqual(['title']);
    expect(at(m, 'status')).toMatchObject({ kind: 'enum', required: false, enum: { write: ['פתוח', 'בוצע', 'מבוטל'], read: ['open', 'completed', 'canceled'], labels: 'status' } });
    expect(at(m, 'due_date')).toMatchObject({ kind: 'date', nullable: true });
    expect(at(m, 'due_at')).toMatchObject({ kind: 'datetime', nullable: true });
    expect(at(m, 'starred')).toMatchObject({ kind: 'boolean', required: false });
    expect(at(m, 'description')).toMatchObject({ kind: 'longText', maxLength: 5000 });
    expect(at(m, 'document_ids')).toMatchObject({ kind: 'refList', refs: ['documents'], maxItems: 20 });
    expect(at(m, 'lead_id')).toMatchObject({ kind: 'ref', refs: ['leads'], nullable: true });
    expect(at(m, 'assigned_agent_id')).toMatchObject({ kind: 'ref', refs: ['sales-agents'] });
    expect(at(m, 'lead_action_type').enum).toMatchObject({ write: ['CALL', 'EMAIL', 'MEETING', 'FOLLOW_UP'], read: ['call', 'email', 'meeting', 'follow_up'] });
  });

  it('is derived once per schema, refuses a body that is not an object, and finds no field at unknown paths', () => {
    expect(modelOf(documentCreateBody)).toBe(modelOf(documentCreateBody));
    expect(() => modelOf(TASK_STATUS_SCHEMA)).toThrow(/object/);
    const m = modelOf(documentCreateBody);
    expect(fieldAt(m, 'lines')?.kind).toBe('list');
    expect(fieldAt(m, 'nope')).toBeUndefined();
    expect(fieldAt(m, 'lines.0.nope')).toBeUndefined();
    expect(fieldAt(m, 'note.x')).toBeUndefined();
  });
});

describe('toFormValues and toBody: what a form sends', () => {
  it('empty inputs hold empty values of their kind', () => {
    const m = modelOf(partyCreateBody);
    const v = emptyValues(m);
    expect(v).toMatchObject({ name: '', email: '', tag_ids: [], phones: [], status: null, agent_id: null, payment_terms: { type: null, net_days: '' } });
    expect(v.address).toEqual({ street: '', street_number: '', city: '', postal_code: '', country_code: '' });
    expect(toFormValues(m, undefined)).toEqual(v);
    // Numbers and JSON are edited as text.
    expect(toFormValues(m, { payment_terms: { type: 'NET', net_days: 30 } }).payment_terms).toEqual({ type: 'NET', net_days: '30' });
    expect(toFormValues(modelOf(documentDraftCreateBody), { draft_data: { title: 'Q1' } }).draft_data).toBe('{\n  "title": "Q1"\n}');
  });

  it('a create leaves out empty optional fields, empty lists and empty objects', () => {
    expect(formBody(partyCreateBody, { name: '  Café Noga ' })).toEqual({ name: 'Café Noga' });
    const m = modelOf(partyCreateBody);
    const v = { ...toFormValues(m, { name: 'Café Noga', email: 'noga@example.com' }), address: { street: '', street_number: '', city: '  ', postal_code: '', country_code: '' } };
    expect(toBody(m, v, { mode: 'create' })).toEqual({ name: 'Café Noga', email: 'noga@example.com' });
  });

  it('a new product whose stock fields were left alone needs only products:write', () => {
    const body = formBody(productCreateBody, { description: 'Espresso cup', price: '12.50', currency: 'ILS', track_inventory: false, recipe: [] });
    expect(body).toEqual({ description: 'Espresso cup', price: '12.50', currency: 'ILS' });
    expect(requiredPermissions('products.create', body)).toEqual(['products:write']);
    // Ticking tracking (or typing a quantity) is an inventory operation too.
    expect(requiredPermissions('products.create', formBody(productCreateBody, { description: 'Cup', price: '1', currency: 'ILS', track_inventory: true }))).toEqual(['products:write', 'inventory:write']);
    expect(requiredPermissions('products.create', formBody(productCreateBody, { description: 'Cup', price: '1', currency: 'ILS', quantity: '3' }))).toEqual(['products:write', 'inventory:write']);
  });

  it('an unticked optional box is not sent on a create; a ticked one is', () => {
    expect(formBody(taskCreateBody, { title: 'Call', starred: false })).toEqual({ title: 'Call' });
    expect(formBody(taskCreateBody, { title: 'Call', starred: true, status: TASK_WRITE_STATUS.completed })).toEqual({ title: 'Call', starred: true, status: 'בוצע' });
    // Inside a list element the element's own boxes follow the same rule.
    expect(formBody(documentCreateBody, { lines: [line({ vat_included: false, save_as_product: true })] }).lines).toEqual([{ ...line(), save_as_product: true }]);
  });

  it('required fields left empty are still sent, so validation names them', () => {
    expect(formBody(productCreateBody, {})).toEqual({ description: '', price: '', currency: '' });
    expect(issuesOf(productCreateBody, {}).map((i) => i.path)).toEqual(['description', 'price', 'currency']);
    expect(formBody(documentCreateBody, { lines: [{ quantity: '1' }] }).lines).toEqual([{ name: '', quantity: '1', unit_price: '' }]);
    expect(formBody(partyCreateBody, { name: '', phones: [{ value: '', primary: false }] })).toEqual({ name: '', phones: [{ value: '', primary: false }] });
  });

  it('an update sends only the changed top-level fields, plus the ones always sent', () => {
    const m = modelOf(partyUpdateBody);
    const start = toFormValues(m, bodyFromRecord('customers.update', customerDetails()));
    expect(toBody(m, { ...start, contact_person: 'Noga L.' }, { mode: 'update', dirty: { contact_person: true } })).toEqual({ contact_person: 'Noga L.' });
    expect(toBody(m, start, { mode: 'update', dirty: {} })).toEqual({});
    // A revision goes with every update whether it changed or not (as a number).
    const e = modelOf(expenseUpdateBody);
    const values = toFormValues(e, { expected_revision: 3, description: 'Paper', supplier_name: 'Office Ltd' });
    expect(values.expected_revision).toBe('3');
    expect(toBody(e, { ...values, description: 'Paper and ink' }, { mode: 'update', dirty: { description: true }, always: ['expected_revision'] })).toEqual({ expected_revision: 3, description: 'Paper and ink' });
  });

  it('a cleared nullable field is sent as null, a cleared field that cannot be null as "" (which validation then names)', () => {
    const m = modelOf(partyUpdateBody);
    const start = toFormValues(m, bodyFromRecord('customers.update', customerDetails()));
    const dirty = { business_number: true, email: true, name: true, agent_id: true };
    const body = toBody(m, { ...start, business_number: ' ', email: '', name: '', agent_id: null }, { mode: 'update', dirty });
    expect(body).toEqual({ business_number: null, email: null, name: '', agent_id: null });
    expect(partyUpdateBody.safeParse({ business_number: null, email: null, agent_id: null }).success).toBe(true);
    expect(checkForm(partyUpdateBody, m, { ...start, name: '' }, { mode: 'update', dirty: { name: true } }).issues).toEqual([{ path: 'name', rule: 'required' }]);
  });

  it('a changed list or object is sent whole (a sent list replaces the collection); an emptied list clears it', () => {
    const m = modelOf(partyUpdateBody);
    const start = toFormValues(m, bodyFromRecord('customers.update', customerDetails()));
    expect(start.phones).toEqual([{ value: '050-1234567', primary: true }]);
    const phones = [{ value: '050-1234567', primary: false }, { value: ' 052-7654321 ', primary: true }];
    const address = { ...(start.address as FormValues), city: 'Tel Aviv', postal_code: '' };
    const dirty = { phones: [{ primary: true }, { value: true, primary: true }], address: { city: true, postal_code: true } };
    expect(toBody(m, { ...start, phones, address }, { mode: 'update', dirty })).toEqual({
      phones: [{ value: '050-1234567', primary: false }, { value: '052-7654321', primary: true }],
      address: { street: 'Herzl', street_number: '12', city: 'Tel Aviv', postal_code: null, country_code: 'IL' },
    });
    expect(toBody(m, { ...start, tag_ids: [] }, { mode: 'update', dirty: { tag_ids: [true] } })).toEqual({ tag_ids: [] });
    // Every field of the address cleared: the address itself is cleared.
    const cleared = { street: '', street_number: '', city: '', postal_code: '', country_code: '' };
    expect(toBody(m, { ...start, address: cleared }, { mode: 'update', dirty: { address: { city: true } } })).toEqual({ address: null });
  });

  it('normalises decimals as people type them', () => {
    expect(normaliseDecimal('1,250.50 ')).toBe('1250.50');
    expect(normaliseDecimal('.5')).toBe('0.5');
    expect(normaliseDecimal(' 1 000 ')).toBe('1000');
    const body = formBody(productCreateBody, { description: 'Cup', price: '1,250.50 ', cost: '.5', currency: 'ils', recipe: [{ component_id: ID.raw, quantity: ' .25' }] });
    expect(body).toMatchObject({ price: '1250.50', cost: '0.5', currency: 'ILS', recipe: [{ component_id: ID.raw, quantity: '0.25' }] });
    expect(productCreateBody.safeParse(body).success).toBe(true);
  });

  it('upper-cases currency and country codes', () => {
    const body = formBody(partyCreateBody, { name: 'Café', currency: ' usd', address: { city: 'Haifa', country_code: 'il ' } });
    expect(body).toEqual({ name: 'Café', currency: 'USD', address: { city: 'Haifa', country_code: 'IL' } });
    expect(partyCreateBody.safeParse(body).success).toBe(true);
  });

  it('JSON text becomes an object, and text that does not parse stays text so validation fails on that field', () => {
    const m = modelOf(documentDraftCreateBody);
    const ok = toBody(m, { document_type: 'PRICE_QUOTE', draft_data: '{ "title": "Q1", "lines": [] }' }, { mode: 'create' });
    expect(ok).toEqual({ document_type: 'PRICE_QUOTE', draft_data: { title: 'Q1', lines: [] } });
    const bad = checkForm(documentDraftCreateBody, m, { document_type: 'PRICE_QUOTE', draft_data: '{ "title": ' }, { mode: 'create' });
    expect(bad.body.draft_data).toBeInstanceOf(JsonText);
    expect((bad.body.draft_data as JsonText).text).toBe('{ "title": ');
    expect(bad.issues.map((i) => i.path)).toEqual(['draft_data']);
  });
});

describe('checkForm and issueOf: problems named by what the user can do', () => {
  it('required and too long, with the length', () => {
    expect(issuesOf(partyCreateBody, { name: '   ' })).toEqual([{ path: 'name', rule: 'required' }]);
    expect(issuesOf(partyCreateBody, { name: 'x'.repeat(201) })).toEqual([{ path: 'name', rule: 'tooLong', vars: { count: 200 } }]);
    expect(issuesOf(partyCreateBody, { name: 'ok', address: { city: 'x'.repeat(101) } })).toEqual([{ path: 'address.city', rule: 'tooLong', vars: { count: 100 } }]);
  });

  it('format rules follow the kind of field: money, quantity, email, ref, currency, country, date', () => {
    const rules = (schema: z.ZodType, typed: Rec) => issuesOf(schema, typed).map((i) => [i.path, i.rule]);
    expect(rules(partyCreateBody, {
      name: 'Café', email: 'noga@', currency: 'shekel', address: { country_code: 'ISR' },
      special_prices: [{ product_id: ID.product, price: '12.345' }, { product_id: 'nope', price: '-1' }],
    })).toEqual([
      ['email', 'email'], ['currency', 'currency'], ['address.country_code', 'countryCode'],
      ['special_prices.0.price', 'money'], ['special_prices.1.product_id', 'ref'], ['special_prices.1.price', 'money'],
    ]);
    expect(rules(documentCreateBody, { customer_id: ID.customer, document_type: 'TAX_INVOICE', issue_date: '2023-02-31', lines: [line({ quantity: '1.2345' })] }))
      .toEqual([['issue_date', 'date'], ['lines.0.quantity', 'quantity']]);
  });

  it('a document for neither a customer nor a supplier (or both) is named on customer_id', () => {
    const neither = issuesOf(documentCreateBody, { document_type: 'TAX_INVOICE', lines: [line()] });
    expect(neither).toEqual([{ path: 'customer_id', rule: 'customer_or_supplier', text: 'exactly one of customer_id or supplier_id is required' }]);
    const both = issuesOf(documentCreateBody, { document_type: 'TAX_INVOICE', customer_id: ID.customer, supplier_id: ID.customer, lines: [line()] });
    expect(both.find((i) => i.path === 'customer_id')?.rule).toBe('customer_or_supplier');
  });

  it('a document without lines: at least one', () => {
    const issues = issuesOf(documentCreateBody, { document_type: 'TAX_INVOICE', customer_id: ID.customer, lines: [] });
    expect(issues.find((i) => i.path === 'lines')).toEqual({ path: 'lines', rule: 'tooFew', vars: { n: 1 } });
  });

  it('a lead set to LOST needs a loss reason', () => {
    expect(issuesOf(leadStatusBody, { status: 'LOST' })).toEqual([{ path: 'loss_reason', rule: 'loss_reason_required', text: 'a loss reason is required when the status is LOST' }]);
    expect(issuesOf(leadStatusBody, { status: 'LOST', loss_reason: 'Went elsewhere' })).toEqual([]);
    expect(issuesOf(leadStatusBody, { status: 'WON' })).toEqual([]);
  });

  it('a valid form passes and returns the parsed body', () => {
    const m = modelOf(taskCreateBody);
    const r = checkForm(taskCreateBody, m, toFormValues(m, { title: ' Call Noga ', status: TASK_WRITE_STATUS.open, due_date: '2026-02-01', customer_id: ID.customer }), { mode: 'create' });
    expect(r).toEqual({ body: { title: 'Call Noga', status: 'פתוח', due_date: '2026-02-01', customer_id: ID.customer }, issues: [] });
  });

  it('a complete new document passes: its client_request_id is checked with a stand-in and left for the submission to fill', () => {
    const m = modelOf(documentCreateBody);
    const values = toFormValues(m, { document_type: 'TAX_INVOICE', customer_id: ID.customer, lines: [line()] });
    // Without the stand-in the key the user never types is what fails.
    expect(checkForm(documentCreateBody, m, values, { mode: 'create' }).issues.map((i) => i.path)).toEqual(['client_request_id']);
    const r = checkForm(documentCreateBody, m, values, { mode: 'create' }, filledLater(documentCreateBody));
    expect(r.issues).toEqual([]);
    expect(r.body).toMatchObject({ document_type: 'TAX_INVOICE', customer_id: ID.customer, lines: [line()] });
    expect(r.body).not.toHaveProperty('client_request_id');
  });

  it('a wrong type names the format, not "required" (JSON that does not parse, a word for a number)', () => {
    const m = modelOf(documentDraftCreateBody);
    expect(checkForm(documentDraftCreateBody, m, { document_type: 'PRICE_QUOTE', draft_data: '{' }, { mode: 'create' }).issues).toEqual([{ path: 'draft_data', rule: 'json' }]);
    const p = modelOf(partyCreateBody);
    const v = { ...toFormValues(p, { name: 'Café' }), payment_terms: { type: 'NET', net_days: 'thirty' } };
    expect(checkForm(partyCreateBody, p, v, { mode: 'create' }).issues).toEqual([{ path: 'payment_terms.net_days', rule: 'wholeNumber' }]);
  });
});

it('an element of a list of plain values is named by its kind (a typed additional email)', () => {
  const m = modelOf(partyCreateBody);
  expect(fieldAt(m, 'additional_emails.1')?.kind).toBe('email');
  expect(issuesOf(partyCreateBody, { name: 'Café', additional_emails: ['a@example.com', 'noga@'] })).toEqual([{ path: 'additional_emails.1', rule: 'email', text: 'must be an email address' }]);
});

describe('serverIssues: the answer\'s problems on their fields', () => {
  const models = modelOf(documentCreateBody);

  it('splits a sandbox-style invalid_body message: known paths to their field, the rest to the form', () => {
    const issues = serverIssues(models, { code: 'invalid_body', message: 'lines.0.quantity: must be a number with at most three decimals; foo: bar' });
    expect(issues).toEqual([
      { path: 'lines.0.quantity', rule: 'server', text: 'must be a number with at most three decimals' },
      { path: '', rule: 'server', text: 'foo: bar' },
    ]);
    expect(serverIssues(models, { code: 'invalid_body', message: 'customer_id: no such record in this business; lines.1.product_id: no such record in this business (and 2 more)' }))
      .toEqual([
        { path: 'customer_id', rule: 'server', text: 'no such record in this business' },
        { path: 'lines.1.product_id', rule: 'server', text: 'no such record in this business (and 2 more)' },
      ]);
  });

  it('reads field paths only from invalid_body messages, and a message without paths gives nothing to place', () => {
    expect(serverIssues(models, { code: 'invalid_state', message: 'lines.0.quantity: must be more' })).toEqual([]);
    expect(serverIssues(models, { code: 'invalid_body', message: 'The body is not valid JSON.' })).toEqual([]);
  });

  it('places the client\'s field errors by their body. paths; other locations are not the form\'s', () => {
    const issues = serverIssues(models, {
      code: 'invalid_request', message: 'The request is not valid.',
      field_errors: [
        { path: 'body.lines.0.unit_price', message: 'must be a positive amount like 120.50' },
        { path: 'body.task.title', message: 'is required' },
        { path: 'body.nope', message: 'Unknown field' },
        { path: 'query.limit', message: 'too big' },
      ],
    });
    expect(issues).toEqual([
      { path: 'lines.0.unit_price', rule: 'server', text: 'must be a positive amount like 120.50' },
      { path: 'task.title', rule: 'server', text: 'is required' },
      { path: '', rule: 'server', text: 'nope: Unknown field' },
    ]);
  });
});
