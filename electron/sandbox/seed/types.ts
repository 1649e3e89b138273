/**
 * Shape of the sandbox's demo data: one record set per business. Types only, all derived
 * from the shared schemas, so the server and the generator agree on one contract.
 */
import type { z } from 'zod';
import type {
  Business, SalesAgent, BankAccount, CustomerDetails, LeadDetails, ProductDetails,
  DocumentDetails, DocumentDraft, Payment, InventoryLevel, InventoryMovement, TaskDetails, Tag,
  Expense, ExpenseCategory, ExpensePayment, ImportedDocument, ImportedExpense,
  supplierDetailsSchema,
} from '../../../shared';

export type SupplierDetails = z.infer<typeof supplierDetailsSchema>;

export interface BusinessData {
  business: Business;
  expensesEnabled: boolean;
  subscriptionActive: boolean;
  salesAgents: SalesAgent[];
  bankAccounts: BankAccount[];
  /** Full /details records; list and get project them to the base schema. */
  customers: CustomerDetails[];
  suppliers: SupplierDetails[];
  /** Activities and products of interest embedded; `tasks` may be empty (tasks live in `tasks`, linked by lead_id). */
  leads: LeadDetails[];
  /** Both 'product' and 'raw_material'; recipes reference component ids. */
  products: ProductDetails[];
  /** Payments embedded and also listed in `payments`. */
  documents: DocumentDetails[];
  documentDrafts: DocumentDraft[];
  payments: Payment[];
  inventoryLevels: InventoryLevel[];
  movements: InventoryMovement[];
  tasks: TaskDetails[];
  tags: Tag[];
  expenses: Expense[];
  expenseCategories: ExpenseCategory[];
  expensePayments: ExpensePayment[];
  importedDocuments: ImportedDocument[];
  importedExpenses: ImportedExpense[];
  /** Soft-deleted ids in the seed, for restore demos. */
  deleted: { customers: string[]; suppliers: string[]; products: string[] };
}

export interface DemoData { A: BusinessData; B: BusinessData; C: BusinessData }
