import { z } from 'zod';
import { uuid, timestamp, isoDate, currency, minorMoney, readRef } from '../primitives';

export const PAYMENT_METHODS = ['card', 'cash', 'bank_transfer', 'check', 'paypal', 'other'] as const;

export const paymentSchema = z.looseObject({
  id: uuid,
  object: z.literal('payment'),
  document_id: readRef('documents'),
  customer_id: readRef('customers').nullable(),
  amount_minor: minorMoney(),
  currency,
  payment_method: z.enum(PAYMENT_METHODS),
  payment_date: isoDate,
  status: z.literal('recorded'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Payment = z.infer<typeof paymentSchema>;
