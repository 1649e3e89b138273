import { describe, it, expect, beforeAll } from 'vitest';
import { lineTotalMinor, vatMinor, minorToDecimal, decimalToMinor, DEFAULT_CURRENCY, VAT_RATE_PERCENT, type DocumentDetails } from '../../../shared';
import { FOREIGN_CURRENCIES } from '../../../electron/sandbox/seed/currencies';
import { buildDemoData, paymentStatusFor, dueDateFor, movementDirectionFor, type BusinessData, type DemoData } from '../../../electron/sandbox/seed';

let data: DemoData;
beforeAll(() => {
  data = buildDemoData(42);
});
const businesses = (): [string, BusinessData][] => Object.entries(data);
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('documents', () => {
  it('have line totals, subtotal, VAT 18% and totals that agree', () => {
    for (const [, b] of businesses()) {
      for (const d of b.documents) {
        for (const l of d.line_items) expect(l.total_minor).toBe(lineTotalMinor(l.unit_price_minor, l.quantity));
        expect(d.line_items.map((l) => l.line_number)).toEqual(d.line_items.map((_, i) => i + 1));
        expect(d.subtotal_minor).toBe(sum(d.line_items.map((l) => l.total_minor)) - (d.discount_minor ?? 0));
        expect(d.vat_minor).toBe(vatMinor(d.subtotal_minor, VAT_RATE_PERCENT));
        expect(d.vat_minor).toBe(d.total_minor - d.subtotal_minor);
        expect(d.line_items.length).toBeGreaterThan(0);
      }
    }
    const a = data.A.documents;
    expect(a.filter((d) => d.discount_minor !== null).length).toBeGreaterThan(10);
    expect(a.filter((d) => !d.pdf_available).length).toBeGreaterThan(0);
    expect(a.filter((d) => d.pdf_available).length).toBeGreaterThan(a.length * 0.8);
  });

  it('derive payment_status from the status and due_date from the terms', () => {
    for (const [, b] of businesses()) {
      for (const d of b.documents) {
        expect(d.payment_status).toBe(paymentStatusFor(d.document_type, d.status));
        expect(d.due_date).toBe(dueDateFor(d.issue_date, d.terms));
        expect(d.issue_date).toBe(d.created_at.slice(0, 10));
      }
    }
    const a = data.A.documents;
    expect(new Set(a.map((d) => d.terms.type))).toEqual(new Set(['cash', 'net', 'none']));
    const net = a.find((d) => d.terms.type === 'net');
    expect(net?.due_date).not.toBe(net?.issue_date);
  });

  it('are numbered per type in order of creation, without gaps or repeats', () => {
    const byType = new Map<string, DocumentDetails[]>();
    for (const d of data.A.documents) byType.set(d.document_type, [...(byType.get(d.document_type) ?? []), d]);
    for (const docs of byType.values()) {
      const sorted = [...docs].sort((x, y) => x.document_number - y.document_number);
      expect(sorted.map((d) => d.document_number)).toEqual(sorted.map((_, i) => 10001 + i));
      for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]!.created_at <= sorted[i]!.created_at).toBe(true);
    }
  });

  it('carry payments that are also listed, and that match the payment status', () => {
    for (const [, b] of businesses()) {
      const docs = new Map(b.documents.map((d) => [d.id, d]));
      const embedded = b.documents.flatMap((d) => d.payments);
      expect(embedded.map((p) => p.id).sort()).toEqual(b.payments.map((p) => p.id).sort());
      for (const p of b.payments) {
        const doc = docs.get(p.document_id);
        expect(doc?.payments.some((q) => q.id === p.id)).toBe(true);
        if (p.customer_id !== null) expect(p.customer_id).toBe(doc?.customer.id);
        expect(p.payment_date >= doc!.issue_date).toBe(true);
        expect(p.amount_minor).toBeGreaterThan(0);
      }
      for (const d of b.documents) {
        const viaReceipts = d.document_type === 'TAX_INVOICE'
          ? sum(d.related_document_ids.map((id) => docs.get(id)!).filter((r) => r.document_type === 'RECEIPT').flatMap((r) => r.payments.map((p) => p.amount_minor)))
          : 0;
        const paid = sum(d.payments.map((p) => p.amount_minor)) + viaReceipts;
        if (d.payment_status === 'paid') expect(paid).toBe(d.total_minor);
        else if (d.payment_status === 'partially_paid') expect(paid > 0 && paid < d.total_minor).toBe(true);
        else expect(sum(d.payments.map((p) => p.amount_minor))).toBe(0);
      }
    }
    expect(data.A.payments.filter((p) => p.customer_id === null).length).toBeGreaterThan(0);
  });

  it('of customers abroad are in their currency, lines and payments too; receivables come in more than one currency', () => {
    for (const [, b] of businesses()) {
      const currencyOf = new Map(b.customers.map((c) => [c.id, c.currency]));
      for (const d of b.documents) {
        expect(d.currency).toBe(currencyOf.get(d.customer.id) ?? DEFAULT_CURRENCY);
        for (const l of d.line_items) expect(l.currency).toBe(d.currency);
        for (const p of d.payments) expect(p.currency).toBe(d.currency);
      }
    }
    const a = data.A;
    expect(new Set(a.customers.map((c) => c.currency))).toEqual(new Set([DEFAULT_CURRENCY, ...FOREIGN_CURRENCIES]));
    expect(a.customers.filter((c) => c.currency !== DEFAULT_CURRENCY).length).toBeLessThan(a.customers.length / 10);
    const open = a.documents.filter((d) => ['unpaid', 'partially_paid'].includes(d.payment_status));
    expect(new Set(open.map((d) => d.currency)).size).toBeGreaterThan(1);
  });

  it('link related documents both ways, and name an existing customer (suppliers for purchase orders)', () => {
    for (const [, b] of businesses()) {
      const docs = new Map(b.documents.map((d) => [d.id, d]));
      const customers = new Map(b.customers.map((c) => [c.id, c.name]));
      const suppliers = new Map(b.suppliers.map((s) => [s.id, s.name]));
      for (const d of b.documents) {
        for (const id of d.related_document_ids) expect(docs.get(id)?.related_document_ids).toContain(d.id);
        const counterparties = d.document_type === 'PURCHASE_ORDER' ? suppliers : customers;
        expect(counterparties.get(d.customer.id)).toBe(d.customer.name);
      }
    }
    expect(data.A.documents.filter((d) => d.related_document_ids.length > 0).length).toBeGreaterThan(100);
  });

  it('have movements that reference existing tracked products and their document', () => {
    for (const [, b] of businesses()) {
      const products = new Map(b.products.map((p) => [p.id, p]));
      const docs = new Map(b.documents.map((d) => [d.id, d]));
      for (const m of b.movements) {
        const p = products.get(m.product_id);
        const d = docs.get(m.document_id);
        expect(p?.inventory_tracked).toBe(true);
        expect(m.product_name).toBe(p?.name);
        expect(d?.inventory_movement_ids).toContain(m.id);
        expect(m.direction).toBe(movementDirectionFor(d!.document_type));
        expect(d?.line_items.some((l) => l.product_id === m.product_id && l.quantity === m.quantity)).toBe(true);
        expect(m.created_at).toBe(d?.created_at);
      }
      const movementIds = new Set(b.movements.map((m) => m.id));
      for (const d of b.documents) for (const id of d.inventory_movement_ids) expect(movementIds.has(id)).toBe(true);
    }
    expect(new Set(data.A.movements.map((m) => m.direction))).toEqual(new Set(['increase', 'decrease']));
  });
});

describe('catalog and inventory', () => {
  it('recipes use existing raw materials; tracked products have exactly one inventory level', () => {
    for (const [, b] of businesses()) {
      const products = new Map(b.products.map((p) => [p.id, p]));
      for (const p of b.products) {
        for (const r of p.recipes) for (const c of r.components) expect(products.get(c.component_id)?.type).toBe('raw_material');
        expect(p.components).toEqual(p.recipes.find((r) => r.active)?.components ?? []);
        expect(p.price).toBe(minorToDecimal(p.price_minor));
        const levels = b.inventoryLevels.filter((l) => l.product_id === p.id);
        expect(levels).toHaveLength(p.inventory_tracked ? 1 : 0);
        if (levels[0]) {
          expect(levels[0].quantity).toBe(p.inventory.quantity);
          expect(levels[0].product_name).toBe(p.name);
        }
        if (p.type === 'raw_material') expect(p.default_supplier_id === null || b.suppliers.some((s) => s.id === p.default_supplier_id)).toBe(true);
      }
    }
    const a = data.A.products;
    expect(a.filter((p) => p.recipes.length > 0).length).toBeGreaterThan(50);
    expect(a.filter((p) => p.recipes.some((r) => !r.active)).length).toBeGreaterThan(0);
    expect(a.filter((p) => p.type === 'product' && !p.inventory_tracked).length).toBeGreaterThan(0);
  });
});

describe('leads and tasks', () => {
  it('leads: owners are agents, conversions point at customers and only from won leads', () => {
    for (const [, b] of businesses()) {
      for (const l of b.leads) {
        if (l.owner) expect(b.salesAgents.find((s) => s.id === l.owner?.id)?.name).toBe(l.owner.display_name);
        if (l.converted_customer_id) {
          expect(l.status).toBe('won');
          expect(b.customers.some((c) => c.id === l.converted_customer_id)).toBe(true);
        }
        for (const a of l.activities) expect(a.lead_id).toBe(l.id);
        for (const p of l.products_of_interest) expect(b.products.some((x) => x.id === p.product_id)).toBe(true);
      }
    }
    expect(data.A.leads.filter((l) => l.owner).length).toBeGreaterThan(10);
    expect(data.A.leads.filter((l) => l.converted_customer_id).length).toBeGreaterThan(0);
  });

  it('tasks reference existing leads, customers and documents; priority follows the star', () => {
    for (const [, b] of businesses()) {
      for (const t of b.tasks) {
        if (t.lead_id) expect(b.leads.some((l) => l.id === t.lead_id)).toBe(true);
        if (t.customer_id) expect(b.customers.some((c) => c.id === t.customer_id)).toBe(true);
        if (t.document_id) {
          expect(b.documents.find((d) => d.id === t.document_id)?.customer.id).toBe(t.customer_id);
          expect(t.linked_document_ids).toContain(t.document_id);
        }
        expect(t.priority).toBe(t.starred ? 'high' : 'normal');
        if (t.due_at) expect(t.due_date).toBe(t.due_at.slice(0, 10));
      }
    }
    const a = data.A.tasks;
    expect(a.filter((t) => t.lead_id).length).toBeGreaterThan(0);
    expect(a.filter((t) => t.document_id).length).toBeGreaterThan(0);
  });
});

describe('expenses', () => {
  const m = (s: string) => decimalToMinor(s);

  it('have line totals, VAT, totals and balances that agree with payments and credits', () => {
    for (const [, b] of businesses()) {
      const payments = new Map(b.expensePayments.map((p) => [p.id, p]));
      for (const e of b.expenses) {
        for (const l of e.lines) expect(m(l.total)).toBe(lineTotalMinor(m(l.unit_price), l.quantity));
        expect(m(e.subtotal)).toBe(sum(e.lines.map((l) => m(l.total))));
        expect(m(e.vat_amount)).toBe(sum(e.lines.map((l) => vatMinor(m(l.total), Number(l.vat_rate)))));
        expect(m(e.total)).toBe(m(e.subtotal) + m(e.vat_amount));
        const paid = sum(e.payment_allocations.filter((a) => !a.reversed).map((a) => m(a.amount)));
        const creditedHere = sum(e.credits.map((c) => m(c.amount)));
        const creditedOut = sum(b.expenses.flatMap((x) => x.credits).filter((c) => c.credit_expense_id === e.id).map((c) => m(c.amount)));
        const expected = e.review_status === 'voided' ? 0 : m(e.total) - paid - creditedHere - creditedOut;
        expect(m(e.balance_due)).toBe(expected);
        expect(m(e.balance_due)).toBeGreaterThanOrEqual(0);
        for (const a of e.payment_allocations) {
          const p = payments.get(a.payment_id);
          expect(p?.allocations.some((x) => x.expense_id === e.id && x.amount === a.amount)).toBe(true);
          expect(a.reversed).toBe((p?.reversals.length ?? 0) > 0);
        }
        expect(e.void_reason !== null).toBe(e.review_status === 'voided');
        if (e.review_status === 'approved') expect(e.blocking_issues).toEqual([]);
        if (e.category_id) expect(b.expenseCategories.some((c) => c.id === e.category_id)).toBe(true);
        if (e.supplier_id) expect(b.suppliers.find((s) => s.id === e.supplier_id)?.name).toBe(e.supplier_name);
      }
    }
    const a = data.A.expenses;
    expect(a.filter((e) => e.review_status === 'needs_review' && e.blocking_issues.length > 0).length).toBeGreaterThan(0);
    expect(a.filter((e) => e.credits.length > 0).length).toBeGreaterThan(0);
    expect(a.filter((e) => e.review_status === 'approved' && m(e.balance_due) === 0).length).toBeGreaterThan(0);
  });

  it('expense payments: allocations plus unallocated equal the amount; a few are reversed', () => {
    for (const [, b] of businesses()) {
      for (const p of b.expensePayments) {
        expect(sum(p.allocations.map((a) => m(a.amount))) + m(p.unallocated_amount)).toBe(m(p.amount));
        for (const a of p.allocations) expect(b.expenses.find((e) => e.id === a.expense_id)?.payment_allocations.some((x) => x.payment_id === p.id)).toBe(true);
      }
    }
    const reversed = data.A.expensePayments.filter((p) => p.reversals.length > 0);
    expect(reversed.length).toBeGreaterThanOrEqual(2);
    expect(reversed.length).toBeLessThan(10);
    expect(new Set(data.A.expensePayments.map((p) => p.direction))).toEqual(new Set(['outgoing', 'incoming']));
  });
});

describe('purchasing summaries and imported archives', () => {
  it('customer purchasing counts their invoices; imported links point at real documents', () => {
    for (const c of data.A.customers) {
      const docs = data.A.documents.filter((d) => d.customer.id === c.id && (d.document_type === 'TAX_INVOICE' || d.document_type === 'TAX_INVOICE_RECEIPT'));
      expect(c.purchasing.total_documents).toBe(docs.length);
      expect(decimalToMinor(c.purchasing.total_amount)).toBe(sum(docs.map((d) => d.total_minor)));
    }
    const ids = new Set(data.A.documents.map((d) => d.id));
    const linked = data.A.importedDocuments.flatMap((d) => d.linked_document_ids);
    expect(linked.length).toBeGreaterThan(0);
    for (const id of linked) expect(ids.has(id)).toBe(true);
  });
});
