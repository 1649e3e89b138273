import type { z } from 'zod';
import * as S from '../../../shared';

/** Valid samples of every response schema, written from the field tables of spec section 2. */
export const ID = {
  a: '0b7f6c1e-3c1a-4a57-9a7e-1f2d3c4b5a61',
  b: '1c8e7d2f-4d2b-4b68-8b8f-2e3d4c5b6a72',
  c: '2d9f8e3a-5e3c-4c79-9c9a-3f4e5d6c7b83',
} as const;
export const TS = '2026-01-31T09:15:00.000Z';
export const DATE = '2026-01-31';

const stamps = { created_at: TS, updated_at: TS };

export const business = {
  id: ID.a, object: 'business', name: 'Acme Ltd', english_name: null, business_number: '515151515', business_type: 'company',
  email: 'office@acme.example', phone: null, address: { street: 'Herzl 1', city: 'Tel Aviv', postal_code: null, country: 'IL' }, ...stamps,
};
export const salesAgent = { id: ID.a, object: 'sales_agent', name: 'Dana', email: null, status: 'active', ...stamps };
export const bankAccount = { id: ID.a, object: 'bank_account', account_type: 'checking', bank: '12', branch: '600', beneficiary_name: 'Acme Ltd', ...stamps };

const party = (kind: 'customer' | 'supplier') => ({
  id: ID.a, object: kind, type: kind, name: 'דני כהן', business_number: null, contact_person: null, email: 'dani@example.com',
  additional_emails: [], phone: '050-1234567', phones: [{ value: '050-1234567', primary: true }],
  address: { street: 'Herzl', street_number: '1', city: 'Haifa', postal_code: null, country_code: 'IL' },
  status: 'active', currency: 'ILS', tags: ['vip'], ...stamps,
});
export const customer = party('customer');
export const supplier = party('supplier');
const partyDetails = {
  contacts: [{ name: 'Dani', role: null, email: null, phone: null }],
  addresses: [{ street: null, street_number: null, city: 'Haifa', postal_code: null, country_code: 'IL', label: null }],
  payment_terms: { type: 'net', net_days: 30 }, document_language: 'he', vat: { exempt: false, vat_number: null }, notes: null,
  agent: null, tag_details: [{ id: ID.b, name: 'vip', color_hex: '#FF0000' }],
  special_prices: [{ product_id: ID.b, product_name: 'Widget', price: '12.50', currency: 'ILS' }],
  purchasing: { total_documents: 3, total_amount: '450.00', last_document_date: DATE },
};
export const customerDetails = { ...customer, ...partyDetails };
export const supplierDetails = { ...supplier, ...partyDetails };

export const lead = {
  id: ID.a, object: 'lead', name: 'Lead Co', contact_name: null, email: null, phone: null, address: null, source: 'website',
  status: 'new', owner: { id: ID.b, display_name: 'Dana' }, converted_customer_id: null, ...stamps,
};
export const leadActivity = { id: ID.b, object: 'lead_activity', lead_id: ID.a, type: 'call', note: null, occurred_at: TS, ...stamps };
export const task = {
  id: ID.a, object: 'task', title: 'Call back', description: null, status: 'open', priority: 'normal', due_date: DATE, due_at: null,
  customer_id: null, document_id: null, lead_id: ID.b, assigned_user: null, ...stamps,
};
export const taskDetails = { ...task, notes: null, starred: false, tag: null, lead_action_type: 'call', display_creator: null, linked_document_ids: [] };
export const leadDetails = {
  ...lead, note: null, loss_reason: null, activities: [leadActivity], tasks: [task], products_of_interest: [{ product_id: ID.c, name: 'Widget', quantity: '2' }],
};
export const leadIntakeDraft = { id: ID.c, object: 'lead_intake_draft', status: 'DRAFT', created_at: TS };
export const leadConversion = { created: true, already_converted: false, customer: { id: ID.b, name: 'Lead Co' }, lead };

export const product = {
  id: ID.a, object: 'product', type: 'product', name: 'Widget', description: null, sku: 'W-1', barcode: null, price_minor: 1250,
  currency: 'ILS', vat_behavior: 'excluding_vat', unit: null, status: 'active', inventory_tracked: true, ...stamps,
};
export const productDetails = {
  ...product, price: '12.50', cost: null, note: null, image_url: null, commission: { type: 'none', value: null },
  inventory: { tracked: true, quantity: '4.000', low_stock_threshold: '1.000' }, recipes: [], components: [], default_supplier_id: null,
};

export const lineItem = {
  id: ID.b, line_number: 1, product_id: ID.c, name: 'Widget', sku: null, quantity: '2.000', unit_price_minor: 1000, total_minor: 2000,
  currency: 'ILS', vat_included: false,
};
export const payment = {
  id: ID.a, object: 'payment', document_id: ID.b, customer_id: null, amount_minor: 2360, currency: 'ILS', payment_method: 'cash',
  payment_date: DATE, status: 'recorded', ...stamps,
};
export const document = {
  id: ID.a, object: 'document', document_type: 'TAX_INVOICE', document_number: 1001, title: 'Invoice', status: 'open', language: 'he',
  customer: { id: ID.b, name: 'דני כהן' }, issue_date: DATE, due_date: null, currency: 'ILS', subtotal_minor: 2000, discount_minor: null,
  vat_minor: 360, total_minor: 2360, payment_status: 'unpaid', pdf_available: true, line_items: [lineItem], related_document_ids: [], ...stamps,
};
export const documentDetails = {
  ...document, note: null, terms: { type: 'cash', net_days: null }, payments: [payment], attachments: [], inventory_movement_ids: [],
};
export const documentPdfLink = { url: 'https://files.example/doc.pdf?sig=abc', expires_at: TS };
export const documentDraft = { id: ID.a, object: 'document_draft', document_type: 'PURCHASE_ORDER', draft_data: { anyKey: 1 }, ...stamps };

export const inventoryLevel = {
  id: ID.a, object: 'inventory_level', product_id: ID.a, product_name: 'Widget', sku: null, quantity: '4.000', low_stock_threshold: '1.000', status: 'active', ...stamps,
};
export const inventoryMovement = {
  id: ID.b, object: 'inventory_movement', product_id: ID.a, product_name: 'Widget', sku: null, document_id: ID.c, direction: 'decrease', quantity: '1.500', created_at: TS,
};
export const inventorySettings = {
  id: ID.a, object: 'inventory_settings', product_id: ID.a, product_name: 'Widget', track_inventory: true, quantity: '4.000', low_stock_threshold: null, updated_at: TS,
};
export const tag = { id: ID.a, object: 'tag', name: 'vip', color_hex: '#1A2B3C', ...stamps };

export const expense = {
  id: ID.a, object: 'expense', revision: 2, review_status: 'needs_review', supplier_name: 'Office Supplies', supplier_id: null,
  supplier_document_number: 'INV-9', description: null, category_id: null, is_credit: false, issue_date: DATE, due_date: null, currency: 'ILS',
  lines: [{ description: 'Paper', quantity: '1', unit_price: '100.00', vat_rate: '18', total: '100.00' }],
  subtotal: '100.00', vat_amount: '18.00', total: '118.00', balance_due: '118.00', blocking_issues: [], credits: [], payment_allocations: [],
  void_reason: null, ...stamps,
};
export const expenseCategory = { id: ID.a, object: 'expense_category', name: 'Office', classification: 'operating', revision: 1, ...stamps };
export const expensePayment = {
  id: ID.a, object: 'expense_payment', direction: 'outgoing', amount: '118.00', currency: 'ILS', payment_date: DATE, method: 'bank_transfer',
  allocations: [{ expense_id: ID.b, amount: '118.00' }], unallocated_amount: '0.00', reversals: [], created_at: TS,
};
export const creditAllocationResult = { allocation_id: ID.c, expenses: [expense] };
export const expensePaymentResult = { payment_id: ID.c, expenses: [expense], unallocated_amount: '0.00' };
export const expensePaymentReverseResult = { payment_id: ID.c, expenses: [expense] };

export const importedDocument = {
  id: ID.a, object: 'imported_document', source: S.ARCHIVE_SOURCE_A, document_number: '77', document_type: 'invoice', customer_name: 'Old Co',
  issue_date: DATE, currency: 'ILS', total: '10.00', details: { title: null, notes: null }, lines: [], payments: [], pdf_file: null, linked_document_ids: [], ...stamps,
};
export const importedExpense = {
  id: ID.a, object: 'imported_expense', source: S.ARCHIVE_SOURCE_A, document_number: '88', supplier_name: 'Old Supplier', issue_date: DATE,
  currency: 'ILS', total: '10.00', vat_amount: '1.53', lines: [], pdf_file: null, ...stamps,
};
export const deleted = { deleted: true };

/** Every response-data schema of the contract with its sample and the spec section it follows. */
export const SAMPLES: readonly { name: string; schema: z.ZodType; sample: Record<string, unknown> }[] = [
  { name: 'business (2.2)', schema: S.businessSchema, sample: business },
  { name: 'sales agent (2.12)', schema: S.salesAgentSchema, sample: salesAgent },
  { name: 'bank account (2.12)', schema: S.bankAccountSchema, sample: bankAccount },
  { name: 'customer (2.3)', schema: S.customerSchema, sample: customer },
  { name: 'supplier (2.3)', schema: S.supplierSchema, sample: supplier },
  { name: 'customer details', schema: S.customerDetailsSchema, sample: customerDetails },
  { name: 'supplier details', schema: S.supplierDetailsSchema, sample: supplierDetails },
  { name: 'lead (2.4)', schema: S.leadSchema, sample: lead },
  { name: 'lead details', schema: S.leadDetailsSchema, sample: leadDetails },
  { name: 'lead activity', schema: S.leadActivitySchema, sample: leadActivity },
  { name: 'lead intake draft (3)', schema: S.leadIntakeDraftSchema, sample: leadIntakeDraft },
  { name: 'lead conversion (4.2)', schema: S.leadConversionSchema, sample: leadConversion },
  { name: 'product (2.5)', schema: S.productSchema, sample: product },
  { name: 'product details', schema: S.productDetailsSchema, sample: productDetails },
  { name: 'document (2.6)', schema: S.documentSchema, sample: document },
  { name: 'document details', schema: S.documentDetailsSchema, sample: documentDetails },
  { name: 'document PDF link', schema: S.documentPdfLinkSchema, sample: documentPdfLink },
  { name: 'document draft', schema: S.documentDraftSchema, sample: documentDraft },
  { name: 'payment (2.7)', schema: S.paymentSchema, sample: payment },
  { name: 'inventory level (2.8)', schema: S.inventoryLevelSchema, sample: inventoryLevel },
  { name: 'inventory movement (2.9)', schema: S.inventoryMovementSchema, sample: inventoryMovement },
  { name: 'inventory settings', schema: S.inventorySettingsSchema, sample: inventorySettings },
  { name: 'task (2.10)', schema: S.taskSchema, sample: task },
  { name: 'task details', schema: S.taskDetailsSchema, sample: taskDetails },
  { name: 'tag (2.11)', schema: S.tagSchema, sample: tag },
  { name: 'expense (2.12)', schema: S.expenseSchema, sample: expense },
  { name: 'expense category', schema: S.expenseCategorySchema, sample: expenseCategory },
  { name: 'expense payment', schema: S.expensePaymentSchema, sample: expensePayment },
  { name: 'credit allocation result (4.2)', schema: S.creditAllocationResultSchema, sample: creditAllocationResult },
  { name: 'expense payment result (4.2)', schema: S.expensePaymentResultSchema, sample: expensePaymentResult },
  { name: 'expense payment reverse result (4.2)', schema: S.expensePaymentReverseResultSchema, sample: expensePaymentReverseResult },
  { name: 'imported document', schema: S.importedDocumentSchema, sample: importedDocument },
  { name: 'imported expense', schema: S.importedExpenseSchema, sample: importedExpense },
  { name: 'deleted (2.1)', schema: S.deletedSchema, sample: deleted },
];

/** The sample for a route's response data schema. */
export function sampleFor(schema: z.ZodType): Record<string, unknown> | undefined {
  return SAMPLES.find((s) => s.schema === schema)?.sample;
}

/** The smallest valid body of every write route (spec 4.2 and the examples it gives). */
export const MIN_BODIES: Partial<Record<S.RouteId, Record<string, unknown>>> = {
  'customers.create': { name: 'Dani' }, 'customers.update': { name: 'Dani' },
  'suppliers.create': { name: 'Supplier' }, 'suppliers.update': { notes: null },
  'leads.create': { contact_name: 'Noa' }, 'leads.update': { phone: null }, 'leads.setStatus': { status: 'WON' },
  'leads.addActivity': { type: 'CALL' }, 'leads.updateActivity': { note: 'called' }, 'leads.convert': { mode: 'DEFAULT' },
  'products.create': { description: 'Widget', price: '12.50', currency: 'ILS' }, 'products.update': { price: '13' },
  'rawMaterials.create': { description: 'Flour', price: '3.20', currency: 'ILS', default_supplier_id: ID.b }, 'rawMaterials.update': { default_supplier_id: null },
  'documents.create': { client_request_id: ID.c, document_type: 'PURCHASE_ORDER', supplier_id: ID.b, lines: [{ name: 'Flour', quantity: '2.5', unit_price: '3.20' }] },
  'documents.update': { note: null },
  'documentDrafts.create': { document_type: 'TAX_INVOICE', draft_data: { AnyKey: { nested: true } } }, 'documentDrafts.update': { draft_data: {} },
  'inventory.update': { quantity: '4.125' },
  'tasks.create': { title: 'Call back' }, 'tasks.update': { status: 'בוצע' },
  'tags.create': { name: 'vip', color_hex: '#1A2B3C' }, 'tags.update': { color_hex: null },
  'expenses.create': { supplier_name: 'Office', currency: 'ILS', issue_date: DATE }, 'expenses.update': { expected_revision: 1 },
  'expenses.delete': { expected_revision: 1, reason: 'duplicate', confirmed: true }, 'expenses.approve': { expected_revision: 1, confirmed: true },
  'expenses.void': { expected_revision: 2, reason: 'wrong supplier', confirmed: true },
  'expenses.allocateCredit': { expected_revision: 1, credit_expense_id: ID.b, credit_expected_revision: 1, amount: '10.00', reason: 'credit note' },
  'expenseCategories.create': { name: 'Office', classification: 'UNRESOLVED' }, 'expenseCategories.update': { expected_revision: 1 },
  'expenseCategories.delete': { expected_revision: 1 },
  'expensePayments.create': { direction: 'OUTGOING', amount: '10.00', currency: 'ILS', payment_date: DATE, method: 'BANK_TRANSFER', allocations: [{ expense_id: ID.a, expected_revision: 1, amount: '10.00' }] },
  'expensePayments.reverse': { reason: 'bounced', allocations: [] },
};
