import { resource, subTable } from './define';
import type { ReadData, ResourceDecl } from './types';

type DocD = ReadData<'documents.details'>;
type ImpD = ReadData<'importedDocumentsA.get'>;

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
        ['document_number', 'text'], ['document_type', 'text'], ['customer_name', 'text'], ['issue_date', 'date'],
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
            ['document_number', 'text'], ['document_type', 'text'], ['source', 'enum'], ['customer_name', 'text'], ['issue_date', 'date'],
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
