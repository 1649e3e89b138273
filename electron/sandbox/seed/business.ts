/** Assembles one business's records in dependency order and applies the cross-area touches. */
import { minorToDecimal, type Business, type CustomerDetails, type DocumentDetails } from '../../../shared';
import type { BusinessData, SupplierDetails } from './types';
import type { BusinessProfile } from './profiles';
import { Rng } from './rng';
import { stamps, SHARED_UPDATED_AT } from './time';
import { buildCatalog } from './catalog';
import { buildCustomers, buildSuppliers } from './parties';
import { placeAbroad } from './currencies';
import { buildAgents, buildBankAccounts, buildTags, buildLeads } from './sales';
import { buildDocuments, buildDrafts } from './documents';
import { buildTasks } from './tasks';
import { buildExpenses } from './expenses';
import { buildImportedDocuments, buildImportedExpenses } from './imported';

export function buildBusiness(root: Rng, profile: BusinessProfile): BusinessData {
  const rng = (area: string) => root.fork(`${profile.key}:${area}`);
  const { identity, counts } = profile;
  const t = stamps(rng('business'), 1100, 1300, 500);
  const business: Business = {
    id: rng('business-id').uuid(), object: 'business', name: identity.name, english_name: identity.english_name,
    business_number: identity.business_number, business_type: identity.business_type, email: identity.email, phone: identity.phone,
    address: { street: identity.street, city: identity.city, postal_code: identity.postal_code, country: 'IL' },
    created_at: t.created_at, updated_at: t.updated_at,
  };
  const salesAgents = buildAgents(rng('agents'), profile);
  const bankAccounts = buildBankAccounts(rng('banks'), profile);
  const tags = buildTags(rng('tags'), profile);
  const catalog = buildCatalog(rng('catalog'), profile.theme());
  const rawMaterials = catalog.products.filter((p) => p.type === 'raw_material');
  const partyCtx = { profile, tags, agents: salesAgents, sellable: catalog.sellable, rawMaterials, takenNames: new Set<string>() };
  const customers = buildCustomers({ ...partyCtx, rng: rng('customers') });
  placeAbroad(customers);
  const suppliers = buildSuppliers({ ...partyCtx, rng: rng('suppliers') });
  const supplierRng = rng('default-suppliers');
  for (const raw of rawMaterials) raw.default_supplier_id = suppliers.length ? supplierRng.pick(suppliers).id : null;
  const leads = buildLeads(rng('leads'), profile, salesAgents, customers, catalog.sellable);
  const docs = buildDocuments({ rng: rng('documents'), customers, suppliers, sellable: catalog.sellable, rawMaterials }, counts.documents);
  const documentDrafts = buildDrafts(rng('drafts'), counts.drafts, customers, catalog.sellable);
  const tasks = buildTasks({ rng: rng('tasks'), count: counts.tasks, leads, customers, documents: docs.documents, tags, agents: salesAgents });
  const exp = buildExpenses(rng('expenses'), profile, suppliers);
  summarisePurchasing(customers, docs.documents);
  summariseSupplierSpend(suppliers, exp.expenses);

  const pick = rng('deleted');
  const deleted = {
    customers: pick.sample(customers, counts.deletedCustomers).map((c) => c.id),
    suppliers: pick.sample(suppliers, counts.deletedSuppliers).map((s) => s.id),
    products: pick.sample(catalog.sellable, counts.deletedProducts).map((p) => p.id),
  };
  const tie = rng('ties');
  for (const row of [...tie.sample(customers.filter((c) => c.updated_at <= SHARED_UPDATED_AT), counts.sharedUpdatedAt),
    ...tie.sample(docs.documents.filter((d) => d.updated_at <= SHARED_UPDATED_AT), counts.sharedUpdatedAt)]) {
    row.updated_at = SHARED_UPDATED_AT;
  }

  return {
    business, expensesEnabled: profile.expensesEnabled, subscriptionActive: profile.subscriptionActive,
    salesAgents, bankAccounts, customers, suppliers, leads, products: catalog.products,
    documents: docs.documents, documentDrafts, payments: docs.payments,
    inventoryLevels: catalog.levels, movements: docs.movements, tasks, tags,
    expenses: exp.expenses, expenseCategories: exp.categories, expensePayments: exp.payments,
    importedDocuments: buildImportedDocuments(rng('imported-docs'), counts.importedPerSource, customers, docs.documents),
    importedExpenses: buildImportedExpenses(rng('imported-expenses'), counts.importedExpenses, suppliers),
    deleted,
  };
}

/** Billing documents (invoices, invoice-receipts) count toward a customer's purchasing summary. */
const BILLING = new Set(['TAX_INVOICE', 'TAX_INVOICE_RECEIPT']);

function summarisePurchasing(customers: CustomerDetails[], documents: DocumentDetails[]) {
  const byCustomer = new Map<string, DocumentDetails[]>();
  for (const d of documents) if (BILLING.has(d.document_type)) byCustomer.set(d.customer.id, [...(byCustomer.get(d.customer.id) ?? []), d]);
  for (const c of customers) {
    const docs = byCustomer.get(c.id) ?? [];
    c.purchasing = {
      total_documents: docs.length,
      total_amount: minorToDecimal(docs.reduce((s, d) => s + d.total_minor, 0)),
      last_document_date: docs.reduce<string | null>((last, d) => (last === null || d.issue_date > last ? d.issue_date : last), null),
    };
  }
}

/** For suppliers the summary counts their (non-voided) expenses. */
function summariseSupplierSpend(suppliers: SupplierDetails[], expenses: BusinessData['expenses']) {
  for (const s of suppliers) {
    const own = expenses.filter((e) => e.supplier_id === s.id && e.review_status !== 'voided');
    s.purchasing = {
      total_documents: own.length,
      total_amount: minorToDecimal(own.reduce((sum, e) => sum + Math.round(Number(e.total) * 100), 0)),
      last_document_date: own.reduce<string | null>((last, e) => (last === null || e.issue_date > last ? e.issue_date : last), null),
    };
  }
}
