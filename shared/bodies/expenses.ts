import { z } from 'zod';
import { currency, isoDate, nonEmpty, qtyWrite } from '../primitives';
import { EXPENSE_CATEGORY_CLASSIFICATIONS, EXPENSE_PAYMENT_DIRECTIONS, EXPENSE_PAYMENT_METHODS } from '../assumptions';
import { confirmed, longText, money, percent, ref, revision, revisionOf, writeEnum } from '../fields';
import { optionalAll } from './parties';

const reason = nonEmpty.max(500);

const expenseFields = {
  supplier_name: nonEmpty.max(200),
  supplier_id: ref('suppliers').nullable(),
  supplier_document_number: z.string().max(50).nullable(),
  description: longText(2000).nullable(),
  category_id: ref('expense-categories').nullable(),
  currency,
  issue_date: isoDate,
  due_date: isoDate.nullable(),
  is_credit: z.boolean(),
  review_status: writeEnum(['draft', 'needs_review'], 'status'),
  lines: z.array(z.strictObject({
    description: nonEmpty.max(300),
    quantity: qtyWrite,
    unit_price: money(),
    vat_rate: percent,
  })).max(200),
};
export const expenseCreateBody = z.strictObject({ ...optionalAll(expenseFields), supplier_name: expenseFields.supplier_name, currency: expenseFields.currency, issue_date: expenseFields.issue_date });
export const expenseUpdateBody = z.strictObject({ expected_revision: revision, ...optionalAll(expenseFields) });
export const expenseDeleteBody = z.strictObject({ expected_revision: revision, reason, confirmed });
export const expenseApproveBody = z.strictObject({ expected_revision: revision, confirmed });
export const expenseVoidBody = z.strictObject({ expected_revision: revision, reason, confirmed });
export const expenseCreditAllocationBody = z.strictObject({
  expected_revision: revision,
  credit_expense_id: ref('expenses'),
  credit_expected_revision: revisionOf('credit_expense_id'),
  amount: money(),
  reason,
});

const classification = writeEnum(EXPENSE_CATEGORY_CLASSIFICATIONS);
export const expenseCategoryCreateBody = z.strictObject({ name: nonEmpty.max(100), classification: classification.optional() });
export const expenseCategoryUpdateBody = z.strictObject({ expected_revision: revision, name: nonEmpty.max(100).optional(), classification: classification.optional() });
export const expenseCategoryDeleteBody = z.strictObject({ expected_revision: revision });

const allocation = z.strictObject({ expense_id: ref('expenses'), expected_revision: revisionOf('expense_id'), amount: money() });
export const expensePaymentCreateBody = z.strictObject({
  direction: writeEnum(EXPENSE_PAYMENT_DIRECTIONS),
  amount: money(),
  currency,
  payment_date: isoDate,
  method: writeEnum(EXPENSE_PAYMENT_METHODS),
  allocations: z.array(allocation).max(100),
});
export const expensePaymentReverseBody = z.strictObject({ reason, allocations: z.array(allocation).max(100) });
