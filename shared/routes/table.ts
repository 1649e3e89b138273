import type { z } from 'zod';
import { ALL_SIX, PAGING_AND_TIME } from '../query';
import { ARCHIVE_SOURCE_A, ARCHIVE_SOURCE_B } from '../assumptions';
import { businessSchema, salesAgentSchema, bankAccountSchema } from '../schemas/business';
import { customerSchema, supplierSchema, customerDetailsSchema, supplierDetailsSchema } from '../schemas/parties';
import { leadSchema, leadDetailsSchema, leadIntakeDraftSchema, leadConversionSchema, leadActivitySchema, LEAD_STATUSES } from '../schemas/leads';
import { productSchema, productDetailsSchema } from '../schemas/products';
import { documentSchema, documentDetailsSchema, documentPdfLinkSchema, documentDraftSchema, DOCUMENT_STATUSES } from '../schemas/documents';
import { paymentSchema } from '../schemas/payments';
import { inventoryLevelSchema, inventoryMovementSchema, inventorySettingsSchema, MOVEMENT_DIRECTIONS } from '../schemas/inventory';
import { taskSchema, taskDetailsSchema, TASK_STATUSES } from '../schemas/tasks';
import { tagSchema } from '../schemas/tags';
import {
  expenseSchema, expenseCategorySchema, expensePaymentSchema, creditAllocationResultSchema,
  expensePaymentResultSchema, expensePaymentReverseResultSchema, EXPENSE_STATUSES,
} from '../schemas/expenses';
import { importedDocumentSchema, importedExpenseSchema } from '../schemas/imported';
import { partyCreateBody, partyUpdateBody } from '../bodies/parties';
import { leadCreateBody, leadUpdateBody, leadStatusBody, leadActivityCreateBody, leadActivityUpdateBody, leadConvertBody, taskCreateBody, taskUpdateBody, tagCreateBody, tagUpdateBody } from '../bodies/sales';
import { productCreateBody, productUpdateBody, rawMaterialCreateBody, rawMaterialUpdateBody, inventoryUpdateBody, PRODUCT_INVENTORY_FIELDS } from '../bodies/catalog';
import { documentCreateBody, documentUpdateBody, documentDraftCreateBody, documentDraftUpdateBody } from '../bodies/documents';
import {
  expenseCreateBody, expenseUpdateBody, expenseDeleteBody, expenseApproveBody, expenseVoidBody, expenseCreditAllocationBody,
  expenseCategoryCreateBody, expenseCategoryUpdateBody, expenseCategoryDeleteBody, expensePaymentCreateBody, expensePaymentReverseBody,
} from '../bodies/expenses';
import { listRoute, readRoute, writeRoute, deleted, sends, noBody } from './helpers';
import type { ConditionalPermission } from './define';

const ACTIVE = ['active', 'inactive'] as const;
const inventoryFieldsNeedInventoryWrite: ConditionalPermission = {
  permission: 'inventory:write', when: sends(...PRODUCT_INVENTORY_FIELDS), why: 'inventory or recipe fields', fields: PRODUCT_INVENTORY_FIELDS,
};
const lineCreatesProduct = (b: Record<string, unknown>) =>
  Array.isArray(b.lines) && b.lines.some((l) => typeof l === 'object' && l !== null && (l as Record<string, unknown>).save_as_product === true);

/** Customers and suppliers share one shape; both get the same seven routes. */
function partyRoutes<K extends 'customers' | 'suppliers'>(k: K) {
  const item = k === 'customers' ? customerSchema : supplierSchema;
  const details = k === 'customers' ? customerDetailsSchema : supplierDetailsSchema;
  const read = `${k}:read` as const;
  const write = `${k}:write` as const;
  const one = k === 'customers' ? 'customer' : 'supplier';
  return {
    list: listRoute(`/${k}`, k, read, item, { params: ALL_SIX, statuses: ACTIVE, searchFields: ['name', 'business_number', 'email', 'contact_person'] }, `List ${k}`),
    get: readRoute(`/${k}/{id}`, k, read, item, `Get a ${one}`),
    details: readRoute(`/${k}/{id}/details`, k, read, details, `Get a ${one} with contacts, terms, special prices and purchasing data`, 'details'),
    create: writeRoute('POST', `/${k}`, partyCreateBody, item, { kind: 'create', resource: k, permissions: [write], summary: `Create a ${one}` }),
    update: writeRoute('PATCH', `/${k}/{id}`, partyUpdateBody, item, { kind: 'update', resource: k, permissions: [write], summary: `Update a ${one}` }),
    delete: writeRoute('DELETE', `/${k}/{id}`, noBody, deleted, { kind: 'delete', resource: k, permissions: [write], summary: `Soft-delete a ${one}` }),
    restore: writeRoute('POST', `/${k}/{id}/restore`, noBody, item, { kind: 'action', resource: k, permissions: [write], summary: `Restore a soft-deleted ${one}` }),
  };
}

/** Products and raw materials share their routes; their bodies differ (a raw material's default supplier). */
function catalogRoutes<K extends 'products' | 'raw-materials', C extends z.ZodType, U extends z.ZodType>(k: K, bodies: { create: C; update: U }) {
  const isRaw = k === 'raw-materials';
  const one = isRaw ? 'raw material' : 'product';
  const conditional = [inventoryFieldsNeedInventoryWrite];
  return {
    list: listRoute(`/${k}`, k, 'products:read', productSchema, { params: ALL_SIX, statuses: ACTIVE, searchFields: ['name', 'sku', 'barcode'] }, `List ${one}s`),
    get: readRoute(`/${k}/{id}`, k, 'products:read', isRaw ? productDetailsSchema : productSchema, `Get a ${one}`),
    create: writeRoute('POST', `/${k}`, bodies.create, productSchema, { kind: 'create', resource: k, permissions: ['products:write'], conditional, summary: `Create a ${one}` }),
    update: writeRoute('PATCH', `/${k}/{id}`, bodies.update, productSchema, { kind: 'update', resource: k, permissions: ['products:write'], conditional, summary: `Update a ${one}` }),
    delete: writeRoute('DELETE', `/${k}/{id}`, noBody, deleted, { kind: 'delete', resource: k, permissions: ['products:write'], summary: `Soft-delete a ${one}` }),
    restore: writeRoute('POST', `/${k}/{id}/restore`, noBody, productSchema, { kind: 'action', resource: k, permissions: ['products:write'], summary: `Restore a soft-deleted ${one}` }),
  };
}

const customers = partyRoutes('customers');
const suppliers = partyRoutes('suppliers');
const products = catalogRoutes('products', { create: productCreateBody, update: productUpdateBody });
const rawMaterials = catalogRoutes('raw-materials', { create: rawMaterialCreateBody, update: rawMaterialUpdateBody });
const exp = { resource: 'expenses', permissions: ['expenses:write'], idempotency: 'idempotency_key' } as const;
const cat = { resource: 'expense-categories', permissions: ['expenses:write'], idempotency: 'idempotency_key' } as const;
const epay = { resource: 'expense-payments', permissions: ['expenses:write'], idempotency: 'idempotency_key' } as const;

/** Every route of spec section 4, keyed by operation id. */
export const ROUTES = {
  'business.get': readRoute('/business', 'business', 'business:read', businessSchema, 'Get the business of the API key'),
  'bankAccounts.list': listRoute('/business/bank-accounts', 'bank-accounts', 'business:read', bankAccountSchema, { params: PAGING_AND_TIME }, 'List bank accounts'),
  'salesAgents.list': listRoute('/sales-agents', 'sales-agents', 'business:read', salesAgentSchema, { params: ALL_SIX, statuses: ACTIVE, searchFields: ['name', 'email'] }, 'List sales agents'),

  'customers.list': customers.list, 'customers.get': customers.get, 'customers.details': customers.details,
  'customers.create': customers.create, 'customers.update': customers.update, 'customers.delete': customers.delete, 'customers.restore': customers.restore,
  'suppliers.list': suppliers.list, 'suppliers.get': suppliers.get, 'suppliers.details': suppliers.details,
  'suppliers.create': suppliers.create, 'suppliers.update': suppliers.update, 'suppliers.delete': suppliers.delete, 'suppliers.restore': suppliers.restore,

  'leads.list': listRoute('/leads', 'leads', 'leads:read', leadSchema, { params: ALL_SIX, statuses: LEAD_STATUSES, searchFields: ['name', 'contact_name', 'email', 'phone'] }, 'List leads'),
  'leads.get': readRoute('/leads/{id}', 'leads', 'leads:read', leadSchema, 'Get a lead'),
  'leads.details': readRoute('/leads/{id}/details', 'leads', 'leads:read', leadDetailsSchema, 'Get a lead with activities, tasks and products of interest', 'details'),
  'leads.create': writeRoute('POST', '/leads', leadCreateBody, leadIntakeDraftSchema, { kind: 'create', resource: 'leads', permissions: ['leads:write'], summary: 'Submit a lead intake (creates a DRAFT, not a lead)' }),
  'leads.update': writeRoute('PATCH', '/leads/{id}', leadUpdateBody, leadSchema, { kind: 'update', resource: 'leads', permissions: ['leads:write'], summary: 'Update a lead' }),
  'leads.delete': writeRoute('DELETE', '/leads/{id}', noBody, deleted, { kind: 'delete', resource: 'leads', permissions: ['leads:write'], summary: 'Delete an unconverted lead' }),
  'leads.setStatus': writeRoute('PATCH', '/leads/{id}/status', leadStatusBody, leadSchema, { kind: 'action', resource: 'leads', permissions: ['leads:write'], summary: 'Change a lead status' }),
  'leads.addActivity': writeRoute('POST', '/leads/{id}/activities', leadActivityCreateBody, leadActivitySchema, { kind: 'action', resource: 'leads', permissions: ['leads:write'], summary: 'Add an activity to a lead' }),
  'leads.updateActivity': writeRoute('PATCH', '/leads/{id}/activities/{activityId}', leadActivityUpdateBody, leadActivitySchema, { kind: 'action', resource: 'leads', permissions: ['leads:write'], summary: 'Update a lead activity' }),
  'leads.convert': writeRoute('POST', '/leads/{id}/convert-to-customer', leadConvertBody, leadConversionSchema, { kind: 'action', resource: 'leads', permissions: ['leads:write', 'customers:write'], summary: 'Convert a lead to a customer' }),

  'products.list': products.list, 'products.get': products.get,
  'products.details': readRoute('/products/{id}/details', 'products', 'products:read', productDetailsSchema, 'Get a product with price, cost, inventory, recipes and components', 'details'),
  'products.create': products.create, 'products.update': products.update, 'products.delete': products.delete, 'products.restore': products.restore,
  'rawMaterials.list': rawMaterials.list, 'rawMaterials.get': rawMaterials.get,
  'rawMaterials.create': rawMaterials.create, 'rawMaterials.update': rawMaterials.update, 'rawMaterials.delete': rawMaterials.delete, 'rawMaterials.restore': rawMaterials.restore,

  'documents.list': listRoute('/documents', 'documents', 'documents:read', documentSchema, { params: ALL_SIX, statuses: DOCUMENT_STATUSES, searchFields: ['title', 'customer.name'] }, 'List documents'),
  'documents.get': readRoute('/documents/{id}', 'documents', 'documents:read', documentSchema, 'Get a document'),
  'documents.details': readRoute('/documents/{id}/details', 'documents', 'documents:read', documentDetailsSchema, 'Get a document with payments, terms and attachments', 'details'),
  'documents.pdf': readRoute('/documents/{id}/pdf', 'documents', 'documents:read', documentPdfLinkSchema, 'Get a short-lived signed PDF link (check pdf_available first)', 'action'),
  'documents.create': writeRoute('POST', '/documents', documentCreateBody, documentSchema, {
    kind: 'create', resource: 'documents', permissions: ['documents:write'], idempotency: 'client_request_id', summary: 'Issue a document',
    conditional: [
      { permission: 'products:write', when: lineCreatesProduct, why: 'creating a product from a document line', fields: ['lines[].save_as_product'] },
      { permission: 'tasks:write', when: sends('task'), why: 'creating a task with a document', fields: ['task'] },
      { permission: 'customers:write', when: (b) => b.save_customer_defaults === true, why: 'saving customer defaults from a document', fields: ['save_customer_defaults'] },
      { permission: 'inventory:write', when: (b) => (b.inventory_adjustment as { apply?: boolean } | undefined)?.apply === true, why: 'applying an inventory movement through a document', fields: ['inventory_adjustment'] },
    ],
  }),
  'documents.update': writeRoute('PATCH', '/documents/{id}', documentUpdateBody, documentSchema, { kind: 'update', resource: 'documents', permissions: ['documents:write'], summary: 'Change the note of an issued document' }),
  'documents.close': writeRoute('POST', '/documents/{id}/close', noBody, documentSchema, { kind: 'action', resource: 'documents', permissions: ['documents:write'], summary: 'Close a document' }),
  'documents.reopen': writeRoute('POST', '/documents/{id}/reopen', noBody, documentSchema, { kind: 'action', resource: 'documents', permissions: ['documents:write'], summary: 'Reopen a document' }),

  'documentDrafts.list': listRoute('/document-drafts', 'document-drafts', 'documents:read', documentDraftSchema, { params: PAGING_AND_TIME }, 'List document drafts'),
  'documentDrafts.get': readRoute('/document-drafts/{id}', 'document-drafts', 'documents:read', documentDraftSchema, 'Get a document draft'),
  'documentDrafts.create': writeRoute('POST', '/document-drafts', documentDraftCreateBody, documentDraftSchema, { kind: 'create', resource: 'document-drafts', permissions: ['documents:write'], summary: 'Create a document draft' }),
  'documentDrafts.update': writeRoute('PATCH', '/document-drafts/{id}', documentDraftUpdateBody, documentDraftSchema, { kind: 'update', resource: 'document-drafts', permissions: ['documents:write'], summary: 'Update a document draft' }),
  'documentDrafts.delete': writeRoute('DELETE', '/document-drafts/{id}', noBody, deleted, { kind: 'delete', resource: 'document-drafts', permissions: ['documents:write'], summary: 'Delete a document draft' }),

  'payments.list': listRoute('/payments', 'payments', 'payments:read', paymentSchema, { params: ['limit', 'cursor', 'created_after', 'updated_after', 'status'], statuses: ['recorded'] }, 'List recorded payments'),
  'payments.get': readRoute('/payments/{id}', 'payments', 'payments:read', paymentSchema, 'Get a recorded payment'),

  'inventory.list': listRoute('/inventory', 'inventory', 'inventory:read', inventoryLevelSchema, { params: ALL_SIX, statuses: ACTIVE, searchFields: ['product_name'] }, 'List inventory levels'),
  'inventory.movements': listRoute('/inventory/movements', 'inventory-movements', 'inventory:read', inventoryMovementSchema, { params: ['limit', 'cursor', 'created_after', 'status'], statuses: MOVEMENT_DIRECTIONS, statusField: 'direction', sort: 'created_at' }, 'List inventory movements'),
  'inventory.get': readRoute('/inventory/{id}', 'inventory', 'inventory:read', inventorySettingsSchema, 'Get the inventory settings of a product or raw material'),
  'inventory.update': writeRoute('PATCH', '/inventory/{id}', inventoryUpdateBody, inventorySettingsSchema, { kind: 'update', resource: 'inventory', permissions: ['inventory:write'], summary: 'Set tracking, absolute quantity and low-stock threshold' }),

  'tasks.list': listRoute('/tasks', 'tasks', 'tasks:read', taskSchema, { params: ALL_SIX, statuses: TASK_STATUSES, searchFields: ['title'] }, 'List tasks'),
  'tasks.get': readRoute('/tasks/{id}', 'tasks', 'tasks:read', taskSchema, 'Get a task'),
  'tasks.details': readRoute('/tasks/{id}/details', 'tasks', 'tasks:read', taskDetailsSchema, 'Get a task with notes, tag and linked documents', 'details'),
  'tasks.create': writeRoute('POST', '/tasks', taskCreateBody, taskSchema, { kind: 'create', resource: 'tasks', permissions: ['tasks:write'], summary: 'Create a task' }),
  'tasks.update': writeRoute('PATCH', '/tasks/{id}', taskUpdateBody, taskSchema, { kind: 'update', resource: 'tasks', permissions: ['tasks:write'], summary: 'Update a task' }),
  'tasks.delete': writeRoute('DELETE', '/tasks/{id}', noBody, deleted, { kind: 'delete', resource: 'tasks', permissions: ['tasks:write'], summary: 'Soft-delete a task' }),

  'tags.list': listRoute('/tags', 'tags', 'tags:read', tagSchema, { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'], searchFields: ['name'] }, 'List tags'),
  'tags.get': readRoute('/tags/{id}', 'tags', 'tags:read', tagSchema, 'Get a tag'),
  'tags.create': writeRoute('POST', '/tags', tagCreateBody, tagSchema, { kind: 'create', resource: 'tags', permissions: ['tags:write'], summary: 'Create a tag' }),
  'tags.update': writeRoute('PATCH', '/tags/{id}', tagUpdateBody, tagSchema, { kind: 'update', resource: 'tags', permissions: ['tags:write'], summary: 'Update a tag' }),
  'tags.delete': writeRoute('DELETE', '/tags/{id}', noBody, deleted, { kind: 'delete', resource: 'tags', permissions: ['tags:write'], summary: 'Soft-delete a tag (customers and suppliers stay)' }),

  'expenses.list': listRoute('/expenses', 'expenses', 'expenses:read', expenseSchema, { params: ALL_SIX, statuses: EXPENSE_STATUSES, statusField: 'review_status', searchFields: ['supplier_name', 'description', 'supplier_document_number'] }, 'List expenses'),
  'expenses.get': readRoute('/expenses/{id}', 'expenses', 'expenses:read', expenseSchema, 'Get an expense'),
  'expenses.create': writeRoute('POST', '/expenses', expenseCreateBody, expenseSchema, { ...exp, kind: 'create', summary: 'Create an expense' }),
  'expenses.update': writeRoute('PATCH', '/expenses/{id}', expenseUpdateBody, expenseSchema, { ...exp, kind: 'update', summary: 'Update an expense (expected_revision)' }),
  'expenses.delete': writeRoute('DELETE', '/expenses/{id}', expenseDeleteBody, deleted, { ...exp, kind: 'delete', summary: 'Delete a draft expense' }),
  'expenses.approve': writeRoute('POST', '/expenses/{id}/approve', expenseApproveBody, expenseSchema, { ...exp, kind: 'action', summary: 'Approve an expense' }),
  'expenses.void': writeRoute('POST', '/expenses/{id}/void', expenseVoidBody, expenseSchema, { ...exp, kind: 'action', summary: 'Void an approved expense' }),
  'expenses.allocateCredit': writeRoute('POST', '/expenses/{id}/credit-allocations', expenseCreditAllocationBody, creditAllocationResultSchema, { ...exp, kind: 'action', summary: 'Allocate a credit expense against this expense' }),

  'expenseCategories.list': listRoute('/expense-categories', 'expense-categories', 'expenses:read', expenseCategorySchema, { params: PAGING_AND_TIME }, 'List expense categories'),
  'expenseCategories.get': readRoute('/expense-categories/{id}', 'expense-categories', 'expenses:read', expenseCategorySchema, 'Get an expense category'),
  'expenseCategories.create': writeRoute('POST', '/expense-categories', expenseCategoryCreateBody, expenseCategorySchema, { ...cat, kind: 'create', summary: 'Create an expense category' }),
  'expenseCategories.update': writeRoute('PATCH', '/expense-categories/{id}', expenseCategoryUpdateBody, expenseCategorySchema, { ...cat, kind: 'update', summary: 'Update an expense category' }),
  'expenseCategories.delete': writeRoute('DELETE', '/expense-categories/{id}', expenseCategoryDeleteBody, deleted, { ...cat, kind: 'delete', summary: 'Delete an expense category (historical expenses keep it)' }),

  'expensePayments.list': listRoute('/expense-payments', 'expense-payments', 'expenses:read', expensePaymentSchema, { params: ['limit', 'cursor', 'created_after'], sort: 'created_at' }, 'List expense payments'),
  'expensePayments.get': readRoute('/expense-payments/{id}', 'expense-payments', 'expenses:read', expensePaymentSchema, 'Get an expense payment'),
  'expensePayments.create': writeRoute('POST', '/expense-payments', expensePaymentCreateBody, expensePaymentResultSchema, { ...epay, kind: 'create', summary: 'Record an expense payment with allocations' }),
  'expensePayments.reverse': writeRoute('POST', '/expense-payments/{id}/reverse', expensePaymentReverseBody, expensePaymentReverseResultSchema, { ...epay, kind: 'action', summary: 'Record a reversal of an expense payment' }),

  'importedDocumentsA.list': listRoute(`/imported-documents/${ARCHIVE_SOURCE_A}`, 'imported-documents-a', 'documents:read', importedDocumentSchema, { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'], searchFields: ['document_number', 'customer_name'] }, `List documents imported from ${ARCHIVE_SOURCE_A}`),
  'importedDocumentsA.get': readRoute(`/imported-documents/${ARCHIVE_SOURCE_A}/{id}`, 'imported-documents-a', 'documents:read', importedDocumentSchema, `Get a document imported from ${ARCHIVE_SOURCE_A}`),
  'importedDocumentsB.list': listRoute(`/imported-documents/${ARCHIVE_SOURCE_B}`, 'imported-documents-b', 'documents:read', importedDocumentSchema, { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'], searchFields: ['document_number', 'customer_name'] }, `List documents imported from ${ARCHIVE_SOURCE_B}`),
  'importedDocumentsB.get': readRoute(`/imported-documents/${ARCHIVE_SOURCE_B}/{id}`, 'imported-documents-b', 'documents:read', importedDocumentSchema, `Get a document imported from ${ARCHIVE_SOURCE_B}`),
  'importedExpenses.list': listRoute(`/imported-expenses/${ARCHIVE_SOURCE_A}`, 'imported-expenses', 'expenses:read', importedExpenseSchema, { params: ['limit', 'cursor', 'created_after', 'updated_after', 'search'], searchFields: ['supplier_name', 'document_number'] }, `List expenses imported from ${ARCHIVE_SOURCE_A}`),
  'importedExpenses.get': readRoute(`/imported-expenses/${ARCHIVE_SOURCE_A}/{id}`, 'imported-expenses', 'expenses:read', importedExpenseSchema, `Get an expense imported from ${ARCHIVE_SOURCE_A}`),
} as const;

export type Routes = typeof ROUTES;
export type RouteId = keyof Routes;
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];
