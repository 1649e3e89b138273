import { z } from 'zod';
import { uuid, currency, isoDate, nonEmpty, positiveAmount, qtyWrite } from '../primitives';
import { upper, EXPENSE_CATEGORY_CLASSIFICATIONS, EXPENSE_PAYMENT_DIRECTIONS, EXPENSE_PAYMENT_METHODS } from '../assumptions';
import { optionalAll } from './parties';

const revision = z.number().int().min(1);
const confirmed = z.literal(true, { error: 'confirmed must be true' });
const reason = nonEmpty.max(500);

const expenseFields = {
  supplier_name: nonEmpty.max(200),
  supplier_id: uuid.nullable(),
  supplier_document_number: z.string().max(50).nullable(),
  description: z.string().max(2000).nullable(),
  category_id: uuid.nullable(),
  currency,
  issue_date: isoDate,
  due_date: isoDate.nullable(),
  is_credit: z.boolean(),
  review_status: z.enum(['DRAFT', 'NEEDS_REVIEW']),
  lines: z.array(z.strictObject({
    description: nonEmpty.max(300),
    quantity: qtyWrite,
    unit_price: positiveAmount,
    vat_rate: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage like 18'),
  })).max(200),
};
export const expenseCreateBody = z.strictObject({ ...optionalAll(expenseFields), supplier_name: expenseFields.supplier_name, currency: expenseFields.currency, issue_date: expenseFields.issue_date });
export const expenseUpdateBody = z.strictObject({ expected_revision: revision, ...optionalAll(expenseFields) });
export const expenseDeleteBody = z.strictObject({ expected_revision: revision, reason, confirmed });
export const expenseApproveBody = z.strictObject({ expected_revision: revision, confirmed });
export const expenseVoidBody = z.strictObject({ expected_revision: revision, reason, confirmed });
export const expenseCreditAllocationBody = z.strictObject({
  expected_revision: revision,
  credit_expense_id: uuid,
  credit_expected_revision: revision,
  amount: positiveAmount,
  reason,
});

export const expenseCategoryCreateBody = z.strictObject({ name: nonEmpty.max(100), classification: z.enum(upper(EXPENSE_CATEGORY_CLASSIFICATIONS)).optional() });
export const expenseCategoryUpdateBody = z.strictObject({ expected_revision: revision, name: nonEmpty.max(100).optional(), classification: z.enum(upper(EXPENSE_CATEGORY_CLASSIFICATIONS)).optional() });
export const expenseCategoryDeleteBody = z.strictObject({ expected_revision: revision });

const allocation = z.strictObject({ expense_id: uuid, expected_revision: revision, amount: positiveAmount });
export const expensePaymentCreateBody = z.strictObject({
  direction: z.enum(upper(EXPENSE_PAYMENT_DIRECTIONS)),
  amount: positiveAmount,
  currency,
  payment_date: isoDate,
  method: z.enum(upper(EXPENSE_PAYMENT_METHODS)),
  allocations: z.array(allocation).max(100),
});
export const expensePaymentReverseBody = z.strictObject({ reason, allocations: z.array(allocation).max(100) });
