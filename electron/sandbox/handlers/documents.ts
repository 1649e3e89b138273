import type { z } from 'zod';
import {
  CONFLICT_CODES, DEFAULT_CURRENCY, VAT_RATE_PERCENT, currencyDecimals, decimalToMinor, documentTotals, qtyToThousandths, thousandthsToQty, toQty3,
  type documentCreateBody,
} from '../../../shared';
import { SandboxError, invalidBody } from '../errors';
import { bodyFingerprint } from '../http/respond';
import type { BusinessState, RowOf } from '../store/state';
import { invalidState, lower, mustFind, referenced } from './common';
import { newId, type HandlerMap } from './context';
import { applyInventory, createProduct, levelOf } from './catalog';
import { createTask } from './sales';
import { DOCUMENT_TYPE_LABELS } from '../pdf/labels';

type Doc = RowOf<'documents'>;
type Body = z.output<typeof documentCreateBody>;
type DocType = Doc['document_type'];

/** Documents that bring stock in; every other document type with applied inventory takes it out. */
export const INCREASING_TYPES: readonly DocType[] = ['PURCHASE_ORDER', 'RETURN_NOTE'];
/** Types that bill; the rest have payment_status not_applicable. */
const BILLING_TYPES: readonly DocType[] = ['TAX_INVOICE', 'TAX_INVOICE_RECEIPT', 'RECEIPT', 'CREDIT_INVOICE'];

/** payment_status is derived from the document status (spec 2.6). */
export function paymentStatusOf(type: DocType, status: Doc['status']): Doc['payment_status'] {
  if (!BILLING_TYPES.includes(type)) return 'not_applicable';
  if (type === 'CREDIT_INVOICE' || status === 'credited' || status === 'partially_credited') return 'credited';
  if (status === 'closed') return 'paid';
  if (status === 'partially_paid') return 'partially_paid';
  return 'unpaid';
}

const DAY_MS = 86_400_000;
export function dueDateOf(issueDate: string, terms: { type: string; net_days: number | null }): string | null {
  if (terms.type === 'cash') return issueDate;
  if (terms.type === 'net') return new Date(Date.parse(`${issueDate}T00:00:00.000Z`) + (terms.net_days ?? 0) * DAY_MS).toISOString().slice(0, 10);
  return null;
}

/** Document totals as the sandbox issues them; a discount above the lines' total is refused. */
export function computeTotals(lines: { unit_price_minor: number; quantity: string; vat_included: boolean }[], discountMinor: number, vatRatePercent: number) {
  const totals = documentTotals(lines, discountMinor, vatRatePercent);
  if (totals.discountExceeds) throw invalidBody('discount: must not exceed the lines total');
  return totals;
}

function nextNumber(b: BusinessState, type: DocType): number {
  const n = (b.documentNumbers[type] ?? 0) + 1;
  b.documentNumbers[type] = n;
  return n;
}

/** POST /documents: a server-numbered document with computed totals and its side records. */
export function issueDocument(b: BusinessState, body: Body, nowIso: string): Doc {
  const party = body.customer_id
    ? referenced(b.tables.customers, body.customer_id)
    : referenced(b.tables.suppliers, body.supplier_id!);
  const currency = body.currency ?? party.currency ?? DEFAULT_CURRENCY;
  const decimals = currencyDecimals(currency);
  const rate = b.business.business_type === 'exempt_dealer' ? 0 : VAT_RATE_PERCENT;
  const lines = body.lines.map((l) => ({ ...l, unit_price_minor: decimalToMinor(l.unit_price, decimals), quantity: toQty3(l.quantity), vat_included: l.vat_included ?? false }));
  const totals = computeTotals(lines, body.discount ? decimalToMinor(body.discount, decimals) : 0, rate);

  const id = newId();
  const issueDate = body.issue_date ?? nowIso.slice(0, 10);
  const terms = body.terms ? { type: lower(body.terms.type), net_days: body.terms.net_days ?? null } : party.payment_terms;
  const language = body.language ? lower(body.language) : party.document_language;
  const lineItems = lines.map((l, i) => {
    const productId = l.product_id
      ?? (l.save_as_product ? createProduct(b, 'product', { description: l.name, price: l.unit_price, currency, sku: l.sku ?? null }, nowIso).id : newId());
    return {
      id: newId(), line_number: i + 1, product_id: productId, name: l.name, sku: l.sku ?? null, quantity: l.quantity,
      unit_price_minor: l.unit_price_minor, total_minor: totals.lineTotals[i]!, currency, vat_included: l.vat_included,
    };
  });
  const payments = (body.receipt_payments ?? []).map((p) => b.tables.payments.put({
    id: newId(), object: 'payment', document_id: id, customer_id: body.customer_id ?? null,
    amount_minor: decimalToMinor(p.amount, decimals), currency, payment_method: lower(p.method), payment_date: p.payment_date,
    status: 'recorded', created_at: nowIso, updated_at: nowIso,
  }));
  const paid = payments.reduce((s, p) => s + p.amount_minor, 0);
  const status: Doc['status'] = paid === 0 ? 'open' : paid >= totals.total ? 'closed' : 'partially_paid';

  const movementIds: string[] = [];
  if (body.inventory_adjustment?.apply) {
    const direction = INCREASING_TYPES.includes(body.document_type) ? 'increase' : 'decrease';
    for (const l of lineItems) {
      const product = b.tables.products.get(l.product_id);
      if (!product?.inventory_tracked) continue;
      const m = b.tables.movements.put({
        id: newId(), object: 'inventory_movement', product_id: product.id, product_name: product.name, sku: product.sku,
        document_id: id, direction, quantity: l.quantity, created_at: nowIso,
      });
      movementIds.push(m.id);
      const cur = qtyToThousandths(levelOf(b, product.id)?.quantity ?? '0');
      const delta = qtyToThousandths(l.quantity) * (direction === 'increase' ? 1 : -1);
      applyInventory(b, product, { quantity: thousandthsToQty(cur + delta) }, nowIso);
    }
  }

  const related = body.linked_document_ids ?? [];
  for (const rid of related) {
    const other = b.tables.documents.get(rid)!;
    if (!other.related_document_ids.includes(id)) b.tables.documents.put({ ...other, related_document_ids: [...other.related_document_ids, id], updated_at: nowIso });
  }
  if (body.source_draft_id) b.tables.documentDrafts.remove(body.source_draft_id);
  if (body.save_customer_defaults && body.customer_id) {
    const c = b.tables.customers.get(body.customer_id)!;
    b.tables.customers.put({ ...c, payment_terms: terms, document_language: language, updated_at: nowIso });
  }
  const number = nextNumber(b, body.document_type);
  const doc: Doc = {
    id, object: 'document', document_type: body.document_type, document_number: number,
    // Without a title, the document is named as the demo data names them: its type in its language and the party.
    title: body.title?.trim() || `${DOCUMENT_TYPE_LABELS[language][body.document_type]} – ${party.name}`,
    status, language, customer: { id: party.id, name: party.name }, issue_date: issueDate, due_date: dueDateOf(issueDate, terms),
    currency, subtotal_minor: totals.subtotal, discount_minor: body.discount ? decimalToMinor(body.discount, decimals) : null,
    vat_minor: totals.vat, total_minor: totals.total, payment_status: paymentStatusOf(body.document_type, status), pdf_available: true,
    line_items: lineItems, related_document_ids: [...related], created_at: nowIso, updated_at: nowIso,
    note: body.note ?? null, terms, payments,
    attachments: (body.attachments ?? []).map((a) => ({ name: a.file_name, size_bytes: Buffer.from(a.content_base64, 'base64').length })),
    inventory_movement_ids: movementIds,
  };
  b.tables.documents.put(doc);
  // The follow-up task links to the document, so it is created once the document exists.
  if (body.task) createTask(b, { title: body.task.title, due_date: body.task.due_date ?? null, document_ids: [id], ...(body.customer_id ? { customer_id: body.customer_id } : {}) }, nowIso);
  return doc;
}

function setStatus(b: BusinessState, id: string, from: (s: Doc['status']) => boolean, to: Doc['status'], nowIso: string, refusal: string): Doc {
  const d = mustFind(b.tables.documents, id);
  if (!from(d.status)) throw invalidState(refusal);
  return b.tables.documents.put({ ...d, status: to, payment_status: paymentStatusOf(d.document_type, to), updated_at: nowIso });
}

export const DOCUMENT_HANDLERS: HandlerMap = {
  'documents.create': (ctx) => {
    const b = ctx.biz;
    const fingerprint = bodyFingerprint(ctx.body);
    const known = b.clientRequestIds.get(ctx.body.client_request_id);
    const existing = known ? b.tables.documents.get(known.document_id) : undefined;
    if (existing && known) {
      // Spec 4.2 rule 1: a retry of the same creation reuses the id; another document may not.
      if (known.fingerprint !== '' && known.fingerprint !== fingerprint) {
        throw new SandboxError(CONFLICT_CODES.idempotencyKeyReused, 'This client_request_id already created a document with a different body.');
      }
      return { status: 201, data: existing, headers: { 'Idempotent-Replayed': 'true' } };
    }
    const doc = issueDocument(b, ctx.body, ctx.nowIso);
    b.clientRequestIds.set(ctx.body.client_request_id, { document_id: doc.id, fingerprint });
    return { status: 201, data: doc };
  },
  'documents.update': (ctx) => {
    const d = mustFind(ctx.biz.tables.documents, ctx.params.id);
    if (ctx.body.note === undefined) return { data: d };
    return { data: ctx.biz.tables.documents.put({ ...d, note: ctx.body.note, updated_at: ctx.nowIso }) };
  },
  'documents.close': (ctx) => ({ data: setStatus(ctx.biz, ctx.params.id, (s) => s !== 'closed', 'closed', ctx.nowIso, 'The document is already closed.') }),
  'documents.reopen': (ctx) => ({ data: setStatus(ctx.biz, ctx.params.id, (s) => s === 'closed', 'open', ctx.nowIso, 'Only a closed document can be reopened.') }),
  'documentDrafts.create': (ctx) => ({
    status: 201,
    data: ctx.biz.tables.documentDrafts.put({ id: newId(), object: 'document_draft', document_type: ctx.body.document_type, draft_data: ctx.body.draft_data, created_at: ctx.nowIso, updated_at: ctx.nowIso }),
  }),
  'documentDrafts.update': (ctx) => {
    const d = mustFind(ctx.biz.tables.documentDrafts, ctx.params.id);
    return { data: ctx.biz.tables.documentDrafts.put({ ...d, ...(ctx.body.document_type ? { document_type: ctx.body.document_type } : {}), ...(ctx.body.draft_data ? { draft_data: ctx.body.draft_data } : {}), updated_at: ctx.nowIso }) };
  },
  'documentDrafts.delete': (ctx) => {
    const d = mustFind(ctx.biz.tables.documentDrafts, ctx.params.id);
    ctx.biz.tables.documentDrafts.remove(d.id);
    return { data: { deleted: true } };
  },
};

