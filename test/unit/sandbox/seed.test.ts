import { describe, it, expect, beforeAll, vi } from 'vitest';
import type { z } from 'zod';
import {
  businessSchema, salesAgentSchema, bankAccountSchema, customerDetailsSchema, supplierDetailsSchema, leadDetailsSchema,
  productDetailsSchema, documentDetailsSchema, documentDraftSchema, paymentSchema, inventoryLevelSchema, inventoryMovementSchema,
  taskDetailsSchema, tagSchema, expenseSchema, expenseCategorySchema, expensePaymentSchema, importedDocumentSchema, importedExpenseSchema,
  LEAD_STATUSES, DOCUMENT_STATUSES, TASK_STATUSES, EXPENSE_STATUSES, ARCHIVE_SOURCES, ARCHIVE_SOURCE_A, PAYMENT_METHODS,
} from '../../../shared';
import { buildDemoData, SHARED_UPDATED_AT, type BusinessData, type DemoData } from '../../../electron/sandbox/seed';

type ListKey = { [K in keyof BusinessData]: BusinessData[K] extends unknown[] ? K : never }[keyof BusinessData];
type ObjectSchema = z.ZodObject;

/** Every list of BusinessData and the shared schema its records must satisfy. */
const SCHEMAS: Record<ListKey, ObjectSchema> = {
  salesAgents: salesAgentSchema, bankAccounts: bankAccountSchema, customers: customerDetailsSchema, suppliers: supplierDetailsSchema,
  leads: leadDetailsSchema, products: productDetailsSchema, documents: documentDetailsSchema, documentDrafts: documentDraftSchema,
  payments: paymentSchema, inventoryLevels: inventoryLevelSchema, movements: inventoryMovementSchema, tasks: taskDetailsSchema,
  tags: tagSchema, expenses: expenseSchema, expenseCategories: expenseCategorySchema, expensePayments: expensePaymentSchema,
  importedDocuments: importedDocumentSchema, importedExpenses: importedExpenseSchema,
};
const LIST_KEYS = Object.keys(SCHEMAS) as ListKey[];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HEBREW = /[\u0590-\u05FF]/;

/** Parses with the schema and also refuses top-level keys the schema does not declare (the schemas are loose). */
function strictProblems(schema: ObjectSchema, record: unknown): string[] {
  const result = schema.safeParse(record);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const known = new Set(Object.keys(schema.shape));
  for (const key of Object.keys(record as object)) if (!known.has(key)) problems.push(`undeclared field ${key}`);
  return problems;
}

let data: DemoData;
beforeAll(() => {
  data = buildDemoData(42);
});

describe('buildDemoData: schemas', () => {
  for (const name of ['A', 'B', 'C'] as const) {
    it(`business ${name}: every record parses with its shared schema and declares no extra fields`, () => {
      const b = data[name];
      expect(strictProblems(businessSchema, b.business)).toEqual([]);
      for (const key of LIST_KEYS) {
        const list = b[key] as unknown[];
        expect(list.length, `${name}.${key} is empty`).toBeGreaterThan(0);
        list.forEach((record, i) => expect(strictProblems(SCHEMAS[key], record), `${name}.${key}[${i}]`).toEqual([]));
      }
    });
  }

  it('ids are unique UUID v4 strings within and across businesses', () => {
    const ids: string[] = [];
    for (const b of Object.values(data)) {
      ids.push(b.business.id);
      for (const key of LIST_KEYS) for (const r of b[key] as { id: string }[]) ids.push(r.id);
    }
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('created_at <= updated_at everywhere and nothing is later than the fixed epoch', () => {
    for (const b of Object.values(data)) {
      for (const key of LIST_KEYS) {
        for (const r of b[key] as { created_at: string; updated_at?: string }[]) {
          if (r.updated_at) expect(r.created_at <= r.updated_at, `${key} ${JSON.stringify(r).slice(0, 80)}`).toBe(true);
          expect(r.created_at <= '2026-11-01T00:00:00.000Z').toBe(true);
        }
      }
    }
  });
});

describe('buildDemoData: business A volumes and coverage', () => {
  it('has the required volumes', () => {
    const a = data.A;
    expect(a.business.name).toBe('קפה השכונה בע״מ');
    expect(a.business.english_name).toBe('Shchuna Coffee Ltd');
    expect(a.business.business_type).toBe('company');
    expect(a.customers.length).toBeGreaterThanOrEqual(300);
    expect(a.suppliers.length).toBeGreaterThanOrEqual(50);
    expect(a.leads.length).toBeGreaterThanOrEqual(100);
    expect(a.products.length).toBeGreaterThanOrEqual(150);
    expect(a.documents.length).toBeGreaterThanOrEqual(500);
    expect(a.expenses.length).toBeGreaterThanOrEqual(200);
    expect(a.expenseCategories.length).toBeGreaterThanOrEqual(15);
    expect(a.tags.length).toBeGreaterThanOrEqual(12);
    expect(a.salesAgents.length).toBeGreaterThanOrEqual(6);
    expect(a.salesAgents.filter((s) => s.status === 'inactive')).toHaveLength(1);
    expect(a.bankAccounts.length).toBeGreaterThanOrEqual(3);
    expect(a.importedExpenses.length).toBeGreaterThanOrEqual(40);
    for (const source of ARCHIVE_SOURCES) expect(a.importedDocuments.filter((d) => d.source === source).length).toBeGreaterThanOrEqual(40);
    expect(new Set(a.importedExpenses.map((e) => e.source))).toEqual(new Set([ARCHIVE_SOURCE_A]));
  });

  it('covers every status of leads, documents, tasks and expenses', () => {
    const a = data.A;
    expect(new Set(a.leads.map((l) => l.status))).toEqual(new Set(LEAD_STATUSES));
    expect(new Set(a.documents.map((d) => d.status))).toEqual(new Set(DOCUMENT_STATUSES));
    expect(new Set(a.tasks.map((t) => t.status))).toEqual(new Set([...TASK_STATUSES, 'unknown']));
    expect(a.tasks.filter((t) => t.status === 'unknown').length).toBeGreaterThanOrEqual(2);
    expect(new Set(a.expenses.map((e) => e.review_status))).toEqual(new Set(EXPENSE_STATUSES));
    expect(new Set(a.documents.map((d) => d.document_type)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(a.payments.map((p) => p.payment_method))).toEqual(new Set(PAYMENT_METHODS));
    expect(new Set(a.products.map((p) => p.type))).toEqual(new Set(['product', 'raw_material']));
  });

  it('mixes Hebrew and English, companies and people, with Israeli phones and postal codes', () => {
    const names = data.A.customers.map((c) => c.name);
    expect(names.filter((n) => HEBREW.test(n)).length).toBeGreaterThan(100);
    expect(names.filter((n) => !HEBREW.test(n)).length).toBeGreaterThan(30);
    expect(data.A.customers.filter((c) => c.business_number && c.contact_person).length).toBeGreaterThan(50);
    expect(data.A.customers.filter((c) => c.contact_person === null).length).toBeGreaterThan(50);
    expect(data.A.customers.filter((c) => c.status === 'inactive').length).toBeGreaterThan(0);
    expect(data.A.customers.filter((c) => c.tags.length > 0).length).toBeGreaterThan(50);
    for (const c of data.A.customers) {
      for (const p of c.phones) expect(p.value).toMatch(/^0\d{1,2}-\d{7}$/);
      expect(c.phone).toBe(c.phones[0]?.value ?? null);
      if (c.address) expect(c.address.postal_code).toMatch(/^\d{7}$/);
      if (c.email) expect(c.email).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]+$/);
      expect(c.tags).toEqual(c.tag_details.map((t) => t.name));
    }
  });

  it('has at least five customers and five documents sharing one updated_at', () => {
    expect(data.A.customers.filter((c) => c.updated_at === SHARED_UPDATED_AT).length).toBeGreaterThanOrEqual(5);
    expect(data.A.documents.filter((d) => d.updated_at === SHARED_UPDATED_AT).length).toBeGreaterThanOrEqual(5);
  });

  it('lists soft-deleted ids that exist in the seed', () => {
    const d = data.A.deleted;
    expect(d.customers.length).toBeGreaterThan(0);
    expect(d.suppliers.length).toBeGreaterThan(0);
    expect(d.products.length).toBeGreaterThan(0);
    for (const id of d.customers) expect(data.A.customers.some((c) => c.id === id)).toBe(true);
    for (const id of d.suppliers) expect(data.A.suppliers.some((s) => s.id === id)).toBe(true);
    for (const id of d.products) expect(data.A.products.some((p) => p.id === id && p.type === 'product')).toBe(true);
  });
});

describe('buildDemoData: businesses B and C', () => {
  it('B holds a handful of every area; C has an inactive subscription and no expense feature', () => {
    for (const key of LIST_KEYS) expect((data.B[key] as unknown[]).length, key).toBeGreaterThan(0);
    expect(data.B.subscriptionActive).toBe(true);
    expect(data.C.subscriptionActive).toBe(false);
    expect(data.C.expensesEnabled).toBe(false);
    expect(new Set([data.A.business.id, data.B.business.id, data.C.business.id]).size).toBe(3);
    expect(data.B.business.name).not.toBe(data.A.business.name);
  });
});

describe('buildDemoData: determinism', () => {
  it('gives identical JSON for the same seed and different data for another seed', () => {
    const again = JSON.stringify(buildDemoData(42));
    expect(again).toBe(JSON.stringify(data));
    const other = buildDemoData(43);
    expect(JSON.stringify(other)).not.toBe(again);
    expect(other.A.customers[0]?.id).not.toBe(data.A.customers[0]?.id);
  });

  it('never reads Math.random or the clock', () => {
    const random = vi.spyOn(Math, 'random').mockImplementation(() => { throw new Error('Math.random used'); });
    const now = vi.spyOn(Date, 'now').mockImplementation(() => { throw new Error('Date.now used'); });
    try {
      expect(() => buildDemoData(7)).not.toThrow();
    } finally {
      random.mockRestore();
      now.mockRestore();
    }
  });
});
