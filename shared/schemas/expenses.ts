import { z } from 'zod';
import { uuid, timestamp, isoDate, currency, readAmount, readCode, readRef } from '../primitives';
import { EXPENSE_CATEGORY_CLASSIFICATIONS, EXPENSE_PAYMENT_DIRECTIONS, EXPENSE_PAYMENT_METHODS } from '../assumptions';

export const EXPENSE_STATUSES = ['draft', 'needs_review', 'approved', 'voided'] as const;
/** Amounts in expense responses are decimal strings in major units (spec 2.13: detail amounts). */
const amount = readAmount();

export const expenseLineSchema = z.looseObject({
  description: z.string(),
  quantity: z.string(),
  unit_price: amount,
  vat_rate: z.string(),
  total: amount,
});

export const expenseSchema = z.looseObject({
  id: uuid,
  object: z.literal('expense'),
  revision: z.number().int().min(1),
  review_status: z.enum(EXPENSE_STATUSES),
  supplier_name: z.string(),
  supplier_id: readRef('suppliers').nullable(),
  supplier_document_number: readCode().nullable(),
  description: z.string().nullable(),
  category_id: readRef('expense-categories').nullable(),
  is_credit: z.boolean(),
  issue_date: isoDate,
  due_date: isoDate.nullable(),
  currency,
  lines: z.array(expenseLineSchema),
  subtotal: amount,
  vat_amount: amount,
  total: amount,
  balance_due: amount,
  blocking_issues: z.array(z.looseObject({ code: z.string(), message: z.string() })),
  credits: z.array(z.looseObject({ allocation_id: uuid, credit_expense_id: uuid, amount, reason: z.string(), created_at: timestamp })),
  payment_allocations: z.array(z.looseObject({ payment_id: uuid, amount, reversed: z.boolean() })),
  void_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseCategorySchema = z.looseObject({
  id: uuid,
  object: z.literal('expense_category'),
  name: z.string(),
  classification: z.enum(EXPENSE_CATEGORY_CLASSIFICATIONS),
  revision: z.number().int().min(1),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;

export const expensePaymentSchema = z.looseObject({
  id: uuid,
  object: z.literal('expense_payment'),
  direction: z.enum(EXPENSE_PAYMENT_DIRECTIONS),
  amount,
  currency,
  payment_date: isoDate,
  method: z.enum(EXPENSE_PAYMENT_METHODS),
  allocations: z.array(z.looseObject({ expense_id: uuid, amount })),
  unallocated_amount: amount,
  reversals: z.array(z.looseObject({ id: uuid, reason: z.string(), allocations: z.array(z.looseObject({ expense_id: uuid, amount })), created_at: timestamp })),
  created_at: timestamp,
});
export type ExpensePayment = z.infer<typeof expensePaymentSchema>;

/** Revision-bearing results of multi-expense operations. */
const expenseRevisions = z.array(expenseSchema);
export const creditAllocationResultSchema = z.looseObject({ allocation_id: uuid, expenses: expenseRevisions });
export const expensePaymentResultSchema = z.looseObject({ payment_id: uuid, expenses: expenseRevisions, unallocated_amount: amount });
export const expensePaymentReverseResultSchema = z.looseObject({ payment_id: uuid, expenses: expenseRevisions });
