import { z } from 'zod';
import { uuid, timestamp, isoDate, currency, minorInt, qty3, minorMoney, readCode, readRef } from '../primitives';
import { DOCUMENT_TYPES, PAYMENT_STATUSES, DOCUMENT_LANGUAGES } from '../assumptions';
import { paymentSchema } from './payments';

export const DOCUMENT_STATUSES = [
  'open', 'converted', 'pending_payment', 'closed', 'credited', 'returned',
  'partially_paid', 'partially_credited', 'partially_returned',
] as const;

export const lineItemSchema = z.looseObject({
  id: uuid,
  line_number: z.number().int(),
  product_id: uuid,
  name: z.string(),
  sku: readCode().nullable(),
  quantity: qty3,
  unit_price_minor: minorInt,
  total_minor: minorInt,
  currency,
  vat_included: z.boolean(),
});

export const documentSchema = z.looseObject({
  id: uuid,
  object: z.literal('document'),
  document_type: z.enum(DOCUMENT_TYPES),
  document_number: z.number().int(),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  language: z.enum(DOCUMENT_LANGUAGES),
  customer: z.looseObject({ id: readRef('customers', 'suppliers'), name: z.string() }),
  issue_date: isoDate,
  due_date: isoDate.nullable(),
  currency,
  subtotal_minor: minorMoney(),
  discount_minor: minorMoney().nullable(),
  vat_minor: minorMoney(),
  total_minor: minorMoney(),
  payment_status: z.enum(PAYMENT_STATUSES),
  pdf_available: z.boolean(),
  line_items: z.array(lineItemSchema),
  related_document_ids: z.array(uuid),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Document = z.infer<typeof documentSchema>;

export const documentDetailsSchema = documentSchema.extend({
  note: z.string().nullable(),
  terms: z.looseObject({ type: z.enum(['cash', 'net', 'none']), net_days: z.number().int().nullable() }),
  payments: z.array(paymentSchema),
  attachments: z.array(z.looseObject({ name: z.string(), size_bytes: z.number().int() })),
  inventory_movement_ids: z.array(uuid),
});
export type DocumentDetails = z.infer<typeof documentDetailsSchema>;

export const documentPdfLinkSchema = z.looseObject({ url: z.string().url(), expires_at: timestamp });
export type DocumentPdfLink = z.infer<typeof documentPdfLinkSchema>;

export const documentDraftSchema = z.looseObject({
  id: uuid,
  object: z.literal('document_draft'),
  document_type: z.enum(DOCUMENT_TYPES),
  draft_data: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type DocumentDraft = z.infer<typeof documentDraftSchema>;
