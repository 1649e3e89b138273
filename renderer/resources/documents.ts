import { DEFAULT_CURRENCY, VAT_RATE_PERCENT, currencyDecimals, documentTotals, minorToDecimal } from '../../shared';
import { moneyOfMinor } from '../lib/money';
import { form, joinLabel, resource, subTable } from './define';
import { rowsOf, today, typedCurrency, typedMinor, typedQuantity } from './estimate';
import type { FormSummaryLine, ReadData, ResourceDecl } from './types';

type DocD = ReadData<'documents.details'>;
type ImpD = ReadData<'importedDocumentsA.get'>;

type Rec = Record<string, unknown>;

/** The document's totals as the user types (the server's totals replace them once it is issued). */
export function documentEstimate(values: Rec, locale: string): FormSummaryLine[] {
  const { currency, decimals } = typedCurrency(values);
  const priced = rowsOf(values, 'lines').flatMap((l) => {
    const unit = typedMinor(l.unit_price, decimals);
    const qty = typedQuantity(l.quantity);
    return unit === null || qty === null ? [] : [{ unit_price_minor: unit, quantity: qty, vat_included: l.vat_included === true }];
  });
  if (priced.length === 0) return [];
  const t = documentTotals(priced, typedMinor(values.discount, decimals) ?? 0, VAT_RATE_PERCENT);
  const money = (m: number) => moneyOfMinor(m, currency, locale);
  return [{ label: 'subtotal', value: money(t.subtotal) }, { label: 'vat', value: money(t.vat) }, { label: 'total', value: money(t.total) }];
}

/** A picked product fills its line: name, SKU and price (the user can still change them). */
const fromProduct = (p: Rec) => ({
  name: p.name,
  sku: p.sku ?? null,
  unit_price: typeof p.price_minor === 'number' ? minorToDecimal(p.price_minor, currencyDecimals(String(p.currency ?? DEFAULT_CURRENCY))) : '',
});

/** A draft's content is free-form (spec 2.13); where it holds a document's fields they get that form's inputs. */
const DRAFT_FIELDS = { route: 'documents.create', fields: ['customer_id', 'supplier_id', 'title', 'issue_date', 'language', 'currency', 'lines', 'discount', 'note'] } as const;

/** A document issued from a draft: its type, the document fields its content holds, and the link to it. */
export function documentFromDraft(draft: Rec): Rec {
  const data = (typeof draft.draft_data === 'object' && draft.draft_data !== null ? draft.draft_data : {}) as Rec;
  const known = Object.fromEntries(DRAFT_FIELDS.fields.filter((k) => data[k] !== undefined && data[k] !== null).map((k) => [k, data[k]]));
  return { ...(typeof draft.document_type === 'string' ? { document_type: draft.document_type } : {}), ...known, source_draft_id: draft.id };
}

const documents = resource(
  'documents',
  {
    route: 'documents.list',
    columns: [
      ['document_number', 'text'], ['document_type', 'enum'], ['title', 'text', { hidden: true }], ['customer.name', 'text', { label: 'customer', link: { area: 'customers', id: 'customer.id' } }],
      ['issue_date', 'date'], ['due_date', 'date', { hidden: true }], ['total_minor', 'money', { currency: 'currency', label: 'total' }],
      ['payment_status', 'status'], ['status', 'status'], ['pdf_available', 'boolean', { hidden: true }],
      ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp', { hidden: true }],
    ],
  },
  {
    route: 'documents.details',
    title: 'title',
    pdf: true,
    sections: [
      {
        title: 'overview',
        fields: [
          ['document_number', 'text'], ['document_type', 'enum'], ['title', 'text'], ['status', 'status'], ['payment_status', 'status'], ['language', 'enum'],
          ['customer.name', 'text', { label: 'customer', link: { area: 'customers', id: 'customer.id' } }],
          ['issue_date', 'date'], ['due_date', 'date'], ['terms.type', 'enum', { label: 'payment_terms' }], ['terms.net_days', 'number'], ['note', 'text'], ['pdf_available', 'boolean'],
        ],
      },
      {
        title: 'amounts',
        fields: [
          ['subtotal_minor', 'money', { currency: 'currency', label: 'subtotal' }], ['discount_minor', 'money', { currency: 'currency', label: 'discount' }],
          ['vat_minor', 'money', { currency: 'currency', label: 'vat' }], ['total_minor', 'money', { currency: 'currency', label: 'total' }],
        ],
      },
      {
        title: 'links',
        fields: [
          ['related_document_ids', 'idList', { link: { area: 'documents', id: 'related_document_ids' } }],
          ['inventory_movement_ids', 'idList'],
        ],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
    tables: [
      subTable<DocD, 'line_items'>('line_items', 'line_items', [
        ['line_number', 'number'], ['name', 'text'], ['sku', 'text'], ['quantity', 'quantity'],
        ['unit_price_minor', 'money', { currency: 'currency', label: 'unit_price' }], ['total_minor', 'money', { currency: 'currency', label: 'total' }], ['vat_included', 'boolean'],
      ], { area: 'products', id: 'product_id' }),
      subTable<DocD, 'payments'>('payments', 'payments', [
        ['payment_date', 'date'], ['payment_method', 'enum'], ['amount_minor', 'money', { currency: 'currency', label: 'amount' }], ['status', 'status'],
      ], { area: 'payments', id: 'id' }),
      subTable<DocD, 'attachments'>('attachments', 'attachments', [['name', 'text'], ['size_bytes', 'bytes']]),
    ],
  },
  {
    // A document made offline has no number yet, and may have no customer name: what is known is shown.
    label: (r) => joinLabel(r.document_number, (r.customer as Rec | undefined)?.name ?? r.title),
    writes: {
      create: form('documents.create', [
        { title: 'overview', fields: ['document_type', { key: 'customer_id', hint: 'customerOrSupplier' }, 'supplier_id', 'title', 'issue_date', 'language', 'currency'] },
        {
          title: 'line_items',
          fields: [
            { key: 'lines', columns: ['product_id', 'name', 'sku', 'quantity', 'unit_price', 'vat_included', 'save_as_product'], fill: { product_id: fromProduct }, newRow: () => ({ quantity: '1' }) },
            'discount',
          ],
        },
        { title: 'payments', fields: [{ key: 'receipt_payments', columns: ['method', 'amount', 'payment_date'], newRow: () => ({ method: 'CASH', payment_date: today() }) }] },
        { title: 'terms', fields: ['terms', 'save_customer_defaults'] },
        { title: 'links', fields: ['linked_document_ids', 'source_draft_id'] },
        { title: 'more', fields: [{ key: 'inventory_adjustment', hint: 'inventoryAdjustment' }, 'task', 'note', 'attachments'] },
      ], {
        initial: () => ({ document_type: 'TAX_INVOICE' as const, issue_date: today(), currency: DEFAULT_CURRENCY, lines: [{ name: '', quantity: '1', unit_price: '' }] }),
        summary: documentEstimate,
        prefill: { 'document-drafts': documentFromDraft, customers: (c) => ({ customer_id: c.id, ...(typeof c.currency === 'string' ? { currency: c.currency } : {}) }) },
      }),
      edit: form('documents.update', [{ title: 'overview', fields: ['note'] }]),
      actions: [
        { key: 'close', route: 'documents.close', when: (r) => r.status !== 'closed', settled: (r) => r.status === 'closed', undo: { route: 'documents.reopen', action: 'reopen' } },
        { key: 'reopen', route: 'documents.reopen', when: (r) => r.status === 'closed', settled: (r) => r.status === 'open', undo: { route: 'documents.close', action: 'close' } },
      ],
      starts: [{ area: 'tasks', label: 'documentTask' }],
      // Receipt payments, stock movements, a follow-up task, the party's purchasing totals, a used draft.
      affects: ['payments', 'inventory', 'inventory-movements', 'tasks', 'customers', 'suppliers', 'document-drafts', 'products', 'raw-materials'],
    },
  },
);

const drafts = resource(
  'document-drafts',
  { route: 'documentDrafts.list', columns: [['document_type', 'enum'], ['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
  {
    route: 'documentDrafts.get',
    title: 'document_type',
    sections: [
      { title: 'overview', fields: [['document_type', 'enum'], ['draft_data', 'json']] },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
  },
  {
    label: (r) => String((r.draft_data as Rec | undefined)?.title ?? r.document_type ?? ''),
    writes: {
      create: form('documentDrafts.create', [{ title: 'overview', fields: ['document_type', { key: 'draft_data', structured: DRAFT_FIELDS }] }], { initial: () => ({ document_type: 'PRICE_QUOTE' as const, draft_data: {} }) }),
      edit: form('documentDrafts.update', [{ title: 'overview', fields: ['document_type', { key: 'draft_data', structured: DRAFT_FIELDS }] }]),
      delete: { route: 'documentDrafts.delete' },
      // The sandbox removes a draft a document was issued from: the screen goes on to the document.
      starts: [{ area: 'documents', label: 'issueDocument', after: 'created' }],
    },
  },
);

const payments = resource(
  'payments',
  {
    route: 'payments.list',
    columns: [
      ['payment_date', 'date'], ['amount_minor', 'money', { currency: 'currency', label: 'amount' }], ['payment_method', 'enum'], ['status', 'status'],
      ['document_id', 'id', { link: { area: 'documents', id: 'document_id' } }], ['customer_id', 'id', { hidden: true, link: { area: 'customers', id: 'customer_id' } }],
      ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp', { hidden: true }],
    ],
  },
  {
    route: 'payments.get',
    title: 'payment_date',
    sections: [
      { title: 'overview', fields: [['payment_date', 'date'], ['amount_minor', 'money', { currency: 'currency', label: 'amount' }], ['payment_method', 'enum'], ['status', 'status']] },
      {
        title: 'links',
        fields: [['document_id', 'id', { link: { area: 'documents', id: 'document_id' } }], ['customer_id', 'id', { link: { area: 'customers', id: 'customer_id' } }]],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
  },
);

/** Both archive sources have the same shape (spec 2.12). */
function imported(area: 'imported-documents-a' | 'imported-documents-b'): ResourceDecl {
  const a = area === 'imported-documents-a';
  return resource(
    area,
    {
      route: a ? 'importedDocumentsA.list' : 'importedDocumentsB.list',
      columns: [
        ['document_number', 'text'], ['document_type', 'enum'], ['customer_name', 'text'], ['issue_date', 'date'],
        ['total', 'decimalMoney', { currency: 'currency' }], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp'],
      ],
    },
    {
      route: a ? 'importedDocumentsA.get' : 'importedDocumentsB.get',
      title: 'document_number',
      sections: [
        {
          title: 'overview',
          fields: [
            ['document_number', 'text'], ['document_type', 'enum'], ['source', 'enum'], ['customer_name', 'text'], ['issue_date', 'date'],
            ['total', 'decimalMoney', { currency: 'currency' }], ['details.title', 'text', { label: 'title' }], ['details.notes', 'text', { label: 'notes' }],
          ],
        },
        { title: 'file', fields: [['pdf_file.file_name', 'text'], ['pdf_file.content_type', 'text'], ['pdf_file.size_bytes', 'bytes']] },
        { title: 'links', fields: [['linked_document_ids', 'idList', { link: { area: 'documents', id: 'linked_document_ids' } }]] },
        { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
      ],
      tables: [
        subTable<ImpD, 'lines'>('line_items', 'lines', [['description', 'text'], ['quantity', 'quantity'], ['unit_price', 'decimalMoney'], ['total', 'decimalMoney']]),
        subTable<ImpD, 'payments'>('payments', 'payments', [['payment_date', 'date'], ['method', 'enum'], ['amount', 'decimalMoney']]),
      ],
    },
  );
}

export const DOCUMENTS: ResourceDecl[] = [documents, drafts, payments, imported('imported-documents-a'), imported('imported-documents-b')];
