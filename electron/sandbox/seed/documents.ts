/**
 * Documents with consistent lines, totals, VAT, due dates and payment states; related pairs
 * (quote -> invoice, order -> delivery, invoice -> receipt / credit, delivery -> return);
 * payments and document-linked inventory movements.
 */
import {
  lineTotalMinor, minorToDecimal, DEFAULT_CURRENCY, PAYMENT_METHODS,
  type DOCUMENT_TYPES, type DOCUMENT_STATUSES, type CustomerDetails, type DocumentDetails, type DocumentDraft,
  type InventoryMovement, type Payment, type ProductDetails,
} from '../../../shared';
import type { SupplierDetails } from './types';
import type { Rng } from './rng';
import { daysAgo, laterThan, iso, dateOf, EPOCH_MS } from './time';
import { documentTotals, dueDateFor, movementDirectionFor, paymentStatusFor } from './document-rules';
import { inCurrency } from './currencies';
import { DOCUMENT_TYPE_LABELS } from '../pdf/labels';

type DocumentType = (typeof DOCUMENT_TYPES)[number];
type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
type Line = DocumentDetails['line_items'][number];
type Party = CustomerDetails | SupplierDetails;

export interface DocumentContext {
  rng: Rng;
  customers: CustomerDetails[];
  suppliers: SupplierDetails[];
  sellable: ProductDetails[];
  rawMaterials: ProductDetails[];
}

export interface DocumentSet { documents: DocumentDetails[]; payments: Payment[]; movements: InventoryMovement[] }

const SINGLE_TYPES: readonly (readonly [DocumentType, number])[] = [
  ['TAX_INVOICE_RECEIPT', 30], ['TAX_INVOICE', 28], ['PRICE_QUOTE', 10], ['ORDER', 7], ['DELIVERY_NOTE', 6],
  ['PROFORMA_INVOICE', 5], ['RECEIPT', 5], ['PURCHASE_ORDER', 6], ['CREDIT_INVOICE', 2], ['RETURN_NOTE', 1],
];
const INVOICE_STATUSES: readonly (readonly [DocumentStatus, number])[] = [['open', 15], ['pending_payment', 20], ['partially_paid', 20], ['closed', 45]];
/** The first single invoices take each invoice status once, so every status is present. */
const FIRST_INVOICE_STATUSES: readonly DocumentStatus[] = ['open', 'pending_payment', 'partially_paid', 'closed'];
const NOTES = { he: ['תודה על ההזמנה!', 'המשלוח יגיע ביום ראשון', 'נא לציין מספר חשבונית בהעברה'], en: ['Thank you for your order!', 'Delivery on Sunday morning', 'Please quote the invoice number on transfer'] } as const;

function singleStatus(rng: Rng, type: DocumentType, forcedInvoice: DocumentStatus | undefined): DocumentStatus {
  if (type === 'TAX_INVOICE') return forcedInvoice ?? rng.weighted(INVOICE_STATUSES);
  if (type === 'PRICE_QUOTE' || type === 'ORDER' || type === 'DELIVERY_NOTE' || type === 'PROFORMA_INVOICE' || type === 'PURCHASE_ORDER') {
    return rng.chance(0.55) ? 'open' : 'closed';
  }
  return 'closed';
}

export function buildDocuments(ctx: DocumentContext, count: number): DocumentSet {
  const { rng } = ctx;
  const out: DocumentSet = { documents: [], payments: [], movements: [] };
  const paidByReceipt = new Set<string>();
  const activeCustomers = ctx.customers.filter((c) => c.status === 'active');
  const priceFor = (party: Party, p: ProductDetails) => {
    const special = party.special_prices.find((s) => s.product_id === p.id);
    return special ? Math.round(Number(special.price) * 100) : p.price_minor;
  };

  const linesFor = (party: Party, type: DocumentType): Line[] => {
    const pool = type === 'PURCHASE_ORDER' ? ctx.rawMaterials : ctx.sellable;
    const picked = rng.sample(pool, rng.int(1, Math.min(5, pool.length)));
    return picked.map((p, i) => {
      const quantity = p.type === 'raw_material' || p.sku?.startsWith('BULK') ? `${rng.int(1, 60)}.${rng.pick(['000', '500', '250'])}` : `${rng.weighted([[1, 4], [2, 3], [rng.int(3, 24), 3]])}.000`;
      const unit = type === 'PURCHASE_ORDER' ? Math.round(Number(p.cost ?? p.price) * 100) : priceFor(party, p);
      return {
        id: rng.uuid(), line_number: i + 1, product_id: p.id, name: p.name, sku: p.sku, quantity,
        unit_price_minor: unit, total_minor: lineTotalMinor(unit, quantity), currency: DEFAULT_CURRENCY, vat_included: false,
      };
    });
  };

  /** Builds one document; `copy` takes a source document's lines (fresh ids) and discount. */
  const make = (type: DocumentType, status: DocumentStatus, party: Party, createdMs: number, copy?: { lines: Line[]; discount: number | null }): DocumentDetails => {
    const language = party.document_language;
    const lines = copy ? copy.lines.map((l) => ({ ...l, id: rng.uuid() })) : linesFor(party, type);
    const discount = copy ? copy.discount : rng.chance(0.1) ? Math.round(lines.reduce((s, l) => s + l.total_minor, 0) * rng.pick([0.05, 0.1])) : null;
    const totals = documentTotals(lines, discount);
    const issueDate = dateOf(createdMs);
    const terms: DocumentDetails['terms'] =
      type === 'TAX_INVOICE' || type === 'PROFORMA_INVOICE' || type === 'PURCHASE_ORDER' ? party.payment_terms
        : type === 'TAX_INVOICE_RECEIPT' || type === 'RECEIPT' ? { type: 'cash', net_days: null } : { type: 'none', net_days: null };
    return {
      id: rng.uuid(), object: 'document', document_type: type, document_number: 0,
      title: `${DOCUMENT_TYPE_LABELS[language][type]} – ${party.name}`,
      status, language, customer: { id: party.id, name: party.name },
      issue_date: issueDate, due_date: dueDateFor(issueDate, terms), currency: DEFAULT_CURRENCY,
      subtotal_minor: totals.subtotal_minor, discount_minor: totals.discount_minor, vat_minor: totals.vat_minor, total_minor: totals.total_minor,
      payment_status: paymentStatusFor(type, status),
      pdf_available: rng.chance(0.93),
      line_items: lines, related_document_ids: [],
      created_at: iso(createdMs), updated_at: iso(rng.chance(0.5) ? createdMs : laterThan(rng, createdMs, 20)),
      note: rng.chance(0.25) ? rng.pick(NOTES[language]) : null,
      terms, payments: [],
      attachments: rng.chance(0.08) ? [{ name: language === 'he' ? 'אישור-הזמנה.pdf' : 'order-confirmation.pdf', size_bytes: rng.int(20_000, 900_000) }] : [],
      inventory_movement_ids: [],
    };
  };

  const touch = (doc: DocumentDetails, ms: number) => {
    if (ms > Date.parse(doc.updated_at)) doc.updated_at = iso(ms);
  };
  const pay = (doc: DocumentDetails, amountMinor: number, afterMs: number) => {
    const parts = amountMinor > 2000 && rng.chance(0.2) ? [Math.floor(amountMinor / 2), amountMinor - Math.floor(amountMinor / 2)] : [amountMinor];
    for (const part of parts) {
      const ms = doc.document_type === 'TAX_INVOICE' ? laterThan(rng, afterMs, 45) : afterMs;
      const payment: Payment = {
        id: rng.uuid(), object: 'payment', document_id: doc.id,
        customer_id: rng.chance(0.03) ? null : doc.customer.id,
        amount_minor: part, currency: doc.currency, payment_method: rng.weighted(PAYMENT_METHODS.map((m) => [m, m === 'paypal' ? 1 : m === 'other' ? 1 : 5] as const)),
        payment_date: dateOf(ms), status: 'recorded', created_at: iso(ms), updated_at: iso(ms),
      };
      doc.payments.push(payment);
      out.payments.push(payment);
      touch(doc, ms);
    }
  };
  const settle = (doc: DocumentDetails) => {
    const ps = doc.payment_status;
    if (paidByReceipt.has(doc.id)) return; // the linked receipt holds the payments
    if (ps === 'paid') pay(doc, doc.total_minor, Date.parse(doc.created_at));
    if (ps === 'partially_paid') pay(doc, Math.max(1, Math.round(doc.total_minor * rng.pick([0.2, 0.3, 0.5, 0.75]))), Date.parse(doc.created_at));
  };
  const link = (a: DocumentDetails, b: DocumentDetails) => {
    a.related_document_ids.push(b.id);
    b.related_document_ids.push(a.id);
    touch(a, Date.parse(b.created_at));
  };
  const follow = (first: DocumentDetails) => laterThan(rng, Date.parse(first.created_at), 21);
  const customer = () => rng.pick(rng.chance(0.9) ? activeCustomers : ctx.customers);
  const add = (...docs: DocumentDetails[]) => out.documents.push(...docs);
  const whole = (d: DocumentDetails) => ({ lines: d.line_items, discount: d.discount_minor });
  /** One unit of the first line: a partial credit or return. */
  const firstUnit = (d: DocumentDetails) => ({
    lines: d.line_items.slice(0, 1).map((l) => ({ ...l, quantity: '1.000', total_minor: lineTotalMinor(l.unit_price_minor, '1.000') })),
    discount: null,
  });

  // The full set of linked pairs makes 150 documents: below that, one pair of each kind, so the count asked is kept.
  const pairs = count >= 150 ? { quote: 20, order: 15, receipt: 20, credit: 12, ret: 8 } : count >= 10 ? { quote: 1, order: 1, receipt: 1, credit: 1, ret: 1 } : { quote: 0, order: 0, receipt: 0, credit: 0, ret: 0 };
  const start = () => daysAgo(rng, 25, 700);
  for (let i = 0; i < pairs.quote; i++) {
    const c = customer();
    const quote = make('PRICE_QUOTE', 'converted', c, start());
    const invoice = make('TAX_INVOICE', rng.weighted(INVOICE_STATUSES), c, follow(quote), whole(quote));
    link(quote, invoice);
    add(quote, invoice);
  }
  for (let i = 0; i < pairs.order; i++) {
    const c = customer();
    const order = make('ORDER', 'converted', c, start());
    const delivery = make('DELIVERY_NOTE', 'closed', c, follow(order), whole(order));
    link(order, delivery);
    add(order, delivery);
  }
  for (let i = 0; i < pairs.receipt; i++) {
    const c = customer();
    const invoice = make('TAX_INVOICE', 'closed', c, start());
    const receipt = make('RECEIPT', 'closed', c, follow(invoice), whole(invoice));
    paidByReceipt.add(invoice.id);
    link(invoice, receipt);
    add(invoice, receipt);
  }
  for (let i = 0; i < pairs.credit; i++) {
    const c = customer();
    const partial = i % 2 === 1;
    const invoice = make('TAX_INVOICE', partial ? 'partially_credited' : 'credited', c, start());
    const credit = make('CREDIT_INVOICE', 'closed', c, follow(invoice), partial ? firstUnit(invoice) : whole(invoice));
    link(invoice, credit);
    add(invoice, credit);
  }
  for (let i = 0; i < pairs.ret; i++) {
    const c = customer();
    const partial = i % 2 === 1;
    const delivery = make('DELIVERY_NOTE', partial ? 'partially_returned' : 'returned', c, start());
    const ret = make('RETURN_NOTE', 'closed', c, follow(delivery), partial ? firstUnit(delivery) : whole(delivery));
    link(delivery, ret);
    add(delivery, ret);
  }
  for (let single = 0; out.documents.length < count; single++) {
    const forced = count >= 10 ? FIRST_INVOICE_STATUSES[single] : undefined;
    const type = forced ? 'TAX_INVOICE' : rng.weighted(SINGLE_TYPES);
    const party = type === 'PURCHASE_ORDER' && ctx.suppliers.length ? rng.pick(ctx.suppliers) : customer();
    add(make(type, singleStatus(rng, type, forced), party, daysAgo(rng, 0.2, 720)));
  }
  // Built in shekels, then each in its customer's currency (customers abroad buy in theirs).
  const currencyOf = new Map(ctx.customers.map((c) => [c.id, c.currency]));
  for (const doc of out.documents) {
    settle(doc);
    applyMovements(rng, doc, ctx, out.movements);
    inCurrency(doc, currencyOf.get(doc.customer.id) ?? doc.currency);
  }
  number(out.documents);
  return out;
}

function applyMovements(rng: Rng, doc: DocumentDetails, ctx: DocumentContext, movements: InventoryMovement[]) {
  const direction = movementDirectionFor(doc.document_type);
  if (!direction || !rng.chance(0.7)) return;
  const products = new Map([...ctx.sellable, ...ctx.rawMaterials].map((p) => [p.id, p]));
  for (const line of doc.line_items) {
    const p = products.get(line.product_id);
    if (!p?.inventory_tracked) continue;
    const m: InventoryMovement = {
      id: rng.uuid(), object: 'inventory_movement', product_id: p.id, product_name: p.name, sku: p.sku,
      document_id: doc.id, direction, quantity: line.quantity, created_at: doc.created_at,
    };
    movements.push(m);
    doc.inventory_movement_ids.push(m.id);
  }
}

/** Server-assigned numbers: per type, in order of creation, from 10001. */
function number(docs: DocumentDetails[]) {
  const next = new Map<DocumentType, number>();
  const ordered = [...docs].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  for (const d of ordered) {
    const n = next.get(d.document_type) ?? 10001;
    d.document_number = n;
    next.set(d.document_type, n + 1);
  }
}

export function buildDrafts(rng: Rng, count: number, customers: CustomerDetails[], sellable: ProductDetails[]): DocumentDraft[] {
  return Array.from({ length: count }, () => {
    const c = rng.pick(customers);
    const createdMs = daysAgo(rng, 0.5, 60);
    const updatedMs = laterThan(rng, createdMs, 10);
    const lines = rng.sample(sellable, rng.int(0, 3)).map((p) => ({ product_id: p.id, name: p.name, quantity: `${rng.int(1, 10)}`, unit_price: minorToDecimal(p.price_minor) }));
    return {
      id: rng.uuid(), object: 'document_draft', document_type: rng.pick(['PRICE_QUOTE', 'TAX_INVOICE', 'ORDER'] as const),
      draft_data: { customer_id: c.id, title: c.document_language === 'he' ? `טיוטה – ${c.name}` : `Draft – ${c.name}`, language: c.document_language.toUpperCase(), lines },
      created_at: iso(createdMs), updated_at: iso(Math.min(updatedMs, EPOCH_MS)),
    };
  });
}
