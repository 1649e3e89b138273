import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as S from '../../../shared';
import { ROUTES, ROUTE_IDS, type RouteId } from '../../../shared';
import { SAMPLES, MIN_BODIES, sampleFor, ID, DATE, TS, customer, document, lineItem, inventoryLevel, inventoryMovement, lead, payment, task, product } from './samples';

const parses = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe('response schemas against the field tables of section 2', () => {
  it.each(SAMPLES.map((s) => [s.name, s] as const))('a valid %s parses', (_n, s) => {
    expect(s.schema.safeParse(s.sample).error?.issues ?? []).toEqual([]);
  });

  it('every route has a sample for its response data, and its envelope parses', () => {
    for (const id of ROUTE_IDS) {
      const { envelope, data } = ROUTES[id].response;
      const sample = sampleFor(data);
      expect(sample, `no sample for ${id}`).toBeDefined();
      const env = envelope === 'collection'
        ? S.collectionEnvelope(data).safeParse({ data: [sample], page: { has_more: false, next_cursor: null }, request_id: 'r' })
        : S.singleEnvelope(data).safeParse({ data: sample, request_id: 'r' });
      expect(env.success, id).toBe(true);
    }
  });

  it.each(SAMPLES.map((s) => [s.name, s] as const))('every field of a %s is required (present, possibly null)', (_n, s) => {
    for (const key of Object.keys(s.sample)) expect(parses(s.schema, without(s.sample, key)), key).toBe(false);
  });

  it('rejects enum values outside the spec', () => {
    expect(parses(S.customerSchema, { ...customer, status: 'deleted' })).toBe(false);
    expect(parses(S.customerSchema, { ...customer, type: 'supplier' })).toBe(false);
    expect(parses(S.leadSchema, { ...lead, status: 'archived' })).toBe(false);
    expect(parses(S.paymentSchema, { ...payment, payment_method: 'bitcoin' })).toBe(false);
    expect(parses(S.paymentSchema, { ...payment, status: 'pending' })).toBe(false);
    expect(parses(S.inventoryMovementSchema, { ...inventoryMovement, direction: 'sideways' })).toBe(false);
    expect(parses(S.documentSchema, { ...document, status: 'paid' })).toBe(false);
    expect(parses(S.productSchema, { ...product, type: 'service' })).toBe(false);
    expect(parses(S.taskSchema, { ...task, status: 'done' })).toBe(false);
  });

  it('accepts the response-only task status unknown, but not as a filter', () => {
    expect(parses(S.taskSchema, { ...task, status: 'unknown' })).toBe(true);
    const q = S.listQuerySchema(ROUTES['tasks.list'].list.params, ROUTES['tasks.list'].list.statuses);
    expect(q.safeParse({ status: 'unknown' }).success).toBe(false);
    expect(q.safeParse({ status: 'Completed' }).data).toEqual({ status: 'completed' });
  });

  it('rejects timestamps without milliseconds or not in UTC', () => {
    for (const bad of ['2026-01-31T09:15:00Z', '2026-01-31T09:15:00.000+02:00', '2026-01-31 09:15:00.000Z', '2026-01-31']) {
      expect(parses(S.customerSchema, { ...customer, created_at: bad }), bad).toBe(false);
      expect(parses(S.inventoryMovementSchema, { ...inventoryMovement, created_at: bad }), bad).toBe(false);
    }
    expect(parses(S.customerSchema, { ...customer, updated_at: TS })).toBe(true);
  });

  it('rejects dates that are not YYYY-MM-DD', () => {
    for (const bad of ['2026-1-31', '31/01/2026', '2026-01-31T00:00:00.000Z', '2026-13-01', '2026-01-32']) {
      expect(parses(S.documentSchema, { ...document, issue_date: bad }), bad).toBe(false);
      expect(parses(S.paymentSchema, { ...payment, payment_date: bad }), bad).toBe(false);
    }
    expect(parses(S.documentSchema, { ...document, due_date: null })).toBe(true);
    expect(parses(S.documentSchema, { ...document, due_date: DATE })).toBe(true);
  });

  it('rejects quantities without exactly three decimals', () => {
    for (const bad of ['2', '2.5', '2.50', '2.5000', '2,500', '']) {
      expect(parses(S.lineItemSchema, { ...lineItem, quantity: bad }), bad).toBe(false);
      expect(parses(S.inventoryLevelSchema, { ...inventoryLevel, quantity: bad }), bad).toBe(false);
      expect(parses(S.inventoryLevelSchema, { ...inventoryLevel, low_stock_threshold: bad }), bad).toBe(false);
      expect(parses(S.inventoryMovementSchema, { ...inventoryMovement, quantity: bad }), bad).toBe(false);
    }
    expect(parses(S.lineItemSchema, { ...lineItem, quantity: '0.125' })).toBe(true);
  });

  it('rejects ids that are not UUIDs and minor amounts that are not integers', () => {
    expect(parses(S.customerSchema, { ...customer, id: '42' })).toBe(false);
    expect(parses(S.documentSchema, { ...document, total_minor: 23.6 })).toBe(false);
    expect(parses(S.documentSchema, { ...document, total_minor: '2360' })).toBe(false);
  });

  it('tolerates fields the spec does not list', () => {
    expect(parses(S.customerSchema, { ...customer, new_field: 1 })).toBe(true);
  });
});

const bodyRoutes = ROUTE_IDS.filter((id) => ROUTES[id].body !== undefined);
const bodyOf = (id: RouteId) => ROUTES[id].body as z.ZodType;

describe('write bodies (spec 4.2, 2.13)', () => {
  it('every route with a body has a minimal example here', () => {
    expect(bodyRoutes.filter((id) => !MIN_BODIES[id])).toEqual([]);
    expect(bodyRoutes.length).toBe(Object.keys(MIN_BODIES).length);
  });

  it.each(bodyRoutes)('%s: the minimal body parses; unknown, business and system fields are rejected', (id) => {
    const body = MIN_BODIES[id]!;
    expect(bodyOf(id).safeParse(body).error?.issues ?? []).toEqual([]);
    for (const extra of ['business_id', 'unexpected_field', 'id', 'created_at', 'updated_at']) {
      const r = bodyOf(id).safeParse({ ...body, [extra]: extra === 'business_id' ? ID.a : 'x' });
      expect(r.success, `${id} accepted ${extra}`).toBe(false);
      expect(r.error?.issues.some((i) => i.code === 'unrecognized_keys' && i.keys.includes(extra))).toBe(true);
    }
  });

  it('task write statuses are the Hebrew values; reads keep the English ones', () => {
    expect(S.TASK_WRITE_STATUSES).toEqual(['פתוח', 'בוצע', 'מבוטל']);
    for (const s of S.TASK_WRITE_STATUSES) expect(parses(S.taskCreateBody, { title: 't', status: s })).toBe(true);
    for (const s of ['open', 'OPEN', 'completed', 'unknown']) expect(parses(S.taskCreateBody, { title: 't', status: s })).toBe(false);
    expect(parses(S.taskSchema, { ...task, status: 'פתוח' })).toBe(false);
    expect(S.taskReadStatusFromWrite('מבוטל')).toBe('canceled');
  });

  it('write amounts are decimal strings, never minor integers', () => {
    expect(parses(S.productCreateBody, { description: 'w', price: 1250, currency: 'ILS' })).toBe(false);
    expect(parses(S.productCreateBody, { description: 'w', price: '12.505', currency: 'ILS' })).toBe(false);
    expect(parses(S.productCreateBody, { description: 'w', price_minor: 1250, price: '12.50', currency: 'ILS' })).toBe(false);
  });

  it('documents.create requires client_request_id as a UUID and exactly one party', () => {
    const body = MIN_BODIES['documents.create']!;
    expect(parses(S.documentCreateBody, without(body, 'client_request_id'))).toBe(false);
    expect(parses(S.documentCreateBody, { ...body, client_request_id: 'retry-1' })).toBe(false);
    expect(parses(S.documentCreateBody, { ...body, customer_id: ID.a })).toBe(false);
  });

  it('expense writes carry the revision fields (rule 4) and confirmed: true', () => {
    expect(parses(S.expenseApproveBody, { confirmed: true })).toBe(false);
    expect(parses(S.expenseApproveBody, { expected_revision: 1, confirmed: false })).toBe(false);
    expect(parses(S.expenseVoidBody, { expected_revision: 1, confirmed: true })).toBe(false);
  });

  it('a lead intake needs a business or contact name', () => {
    expect(parses(S.leadCreateBody, { phone: '050' })).toBe(false);
    expect(parses(S.leadCreateBody, { name: '  ' })).toBe(false);
  });
});

/** Spec table 4.1: the query parameters and status values of each collection. */
const ALL_SIX = ['limit', 'cursor', 'created_after', 'updated_after', 'status', 'search'];
const PAGING_TIME = ['limit', 'cursor', 'created_after', 'updated_after'];
const ACTIVE = ['active', 'inactive'];
const SPEC_LISTS: Partial<Record<RouteId, { params: string[]; statuses?: string[]; search?: string[]; sort?: 'created_at' }>> = {
  'bankAccounts.list': { params: PAGING_TIME },
  'salesAgents.list': { params: ALL_SIX, statuses: ACTIVE },
  'customers.list': { params: ALL_SIX, statuses: ACTIVE, search: ['name', 'business_number', 'email', 'contact_person'] },
  'suppliers.list': { params: ALL_SIX, statuses: ACTIVE, search: ['name', 'business_number', 'email', 'contact_person'] },
  'leads.list': { params: ALL_SIX, statuses: [...S.LEAD_STATUSES], search: ['name', 'contact_name', 'email', 'phone'] },
  'products.list': { params: ALL_SIX, statuses: ACTIVE, search: ['name', 'sku', 'barcode'] },
  'rawMaterials.list': { params: ALL_SIX, statuses: ACTIVE, search: ['name', 'sku', 'barcode'] },
  'documents.list': { params: ALL_SIX, statuses: ['open', 'converted', 'pending_payment', 'closed', 'credited', 'returned', 'partially_paid', 'partially_credited', 'partially_returned'], search: ['title', 'customer.name'] },
  'payments.list': { params: ['limit', 'cursor', 'created_after', 'updated_after', 'status'], statuses: ['recorded'] },
  'inventory.list': { params: ALL_SIX, statuses: ACTIVE, search: ['product_name'] },
  'inventory.movements': { params: ['limit', 'cursor', 'created_after', 'status'], statuses: ['increase', 'decrease'], sort: 'created_at' },
  'tasks.list': { params: ALL_SIX, statuses: ['open', 'completed', 'canceled'], search: ['title'] },
  'tags.list': { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'] },
  'expenses.list': { params: ALL_SIX, statuses: ['draft', 'needs_review', 'approved', 'voided'], search: ['supplier_name', 'description', 'supplier_document_number'] },
  'expenseCategories.list': { params: PAGING_TIME },
  'expensePayments.list': { params: ['limit', 'cursor', 'created_after'], sort: 'created_at' },
  'importedDocumentsA.list': { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'], search: ['document_number', 'customer_name'] },
  'importedDocumentsB.list': { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'], search: ['document_number', 'customer_name'] },
  'importedExpenses.list': { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'], search: ['supplier_name', 'document_number'] },
};

describe('route table against spec table 4.1', () => {
  it.each(Object.entries(SPEC_LISTS))('%s accepts exactly the spec parameters and statuses', (id, spec) => {
    const list = ROUTES[id as RouteId].list!;
    expect([...list.params].sort()).toEqual([...spec.params].sort());
    expect([...list.statuses].sort()).toEqual([...(spec.statuses ?? [])].sort());
    if (spec.search) expect([...list.searchFields].sort()).toEqual([...spec.search].sort());
    expect(list.sort.field).toBe(spec.sort ?? 'updated_at');
    const q = S.listQuerySchema(list.params, list.statuses);
    for (const p of ALL_SIX.filter((x) => !spec.params.includes(x))) {
      expect(q.safeParse({ [p]: p === 'limit' ? 10 : 'x' }).success, `${id} accepted ${p}`).toBe(false);
    }
  });

  it('the other list routes are only those the spec leaves open (drafts)', () => {
    const lists = ROUTE_IDS.filter((id) => ROUTES[id].list);
    expect(lists.filter((id) => !SPEC_LISTS[id])).toEqual(['documentDrafts.list']);
  });

  it('single-resource routes accept no query parameters', () => {
    for (const id of ROUTE_IDS.filter((i) => ROUTES[i].response.envelope === 'single')) expect(ROUTES[id].list, id).toBeUndefined();
  });

  it('permissions follow the spec, including combined operations (rule 5)', () => {
    expect(ROUTES['leads.convert'].permissions).toEqual(['leads:write', 'customers:write']);
    expect(ROUTES['business.get'].permissions).toEqual(['business:read']);
    expect(ROUTES['importedExpenses.list'].permissions).toEqual(['expenses:read']);
    const docPerms = (body: Record<string, unknown>) => (ROUTES['documents.create'].conditionalPermissions ?? []).filter((c) => c.when(body)).map((c) => c.permission);
    expect(docPerms({})).toEqual([]);
    expect(docPerms({ inventory_adjustment: { apply: true } })).toEqual(['inventory:write']);
    expect(docPerms({ task: { title: 't' }, lines: [{ save_as_product: true }] }).sort()).toEqual(['products:write', 'tasks:write']);
    expect(docPerms({ save_customer_defaults: true })).toEqual(['customers:write']);
    const prodPerms = (body: Record<string, unknown>) => (ROUTES['products.update'].conditionalPermissions ?? []).filter((c) => c.when(body)).map((c) => c.permission);
    expect(prodPerms({ price: '1' })).toEqual([]);
    expect(prodPerms({ quantity: '1' })).toEqual(['inventory:write']);
  });

  it('idempotency: Idempotency-Key on every expense, category and expense-payment write; client_request_id on document creation only', () => {
    const keyed = ROUTE_IDS.filter((id) => ROUTES[id].idempotency === 'idempotency_key');
    const expected = ROUTE_IDS.filter((id) => ROUTES[id].method !== 'GET' && /^(expenses|expenseCategories|expensePayments)\./.test(id));
    expect(keyed.sort()).toEqual(expected.sort());
    expect(ROUTE_IDS.filter((id) => ROUTES[id].idempotency === 'client_request_id')).toEqual(['documents.create']);
  });

  it('success statuses: POST 201, others 200', () => {
    for (const id of ROUTE_IDS) expect(ROUTES[id].successStatus, id).toBe(ROUTES[id].method === 'POST' ? 201 : 200);
  });
});
