import { z } from 'zod';
import { uuid, currency, isoDate, nonEmpty, positiveAmount, qtyWrite } from '../primitives';
import { upper, DOCUMENT_TYPES, DOCUMENT_LANGUAGES, PAYMENT_TERMS } from '../assumptions';
import { PAYMENT_METHODS } from '../schemas/payments';

export const documentLineWrite = z
  .strictObject({
    product_id: uuid.optional(),
    name: nonEmpty.max(300),
    sku: z.string().max(64).nullable().optional(),
    quantity: qtyWrite,
    unit_price: positiveAmount,
    vat_included: z.boolean().optional(),
    /** Creates a product from this line; also needs products:write (rule 5). */
    save_as_product: z.boolean().optional(),
  });

export const documentCreateBody = z
  .strictObject({
    client_request_id: uuid,
    document_type: z.enum(DOCUMENT_TYPES),
    customer_id: uuid.optional(),
    supplier_id: uuid.optional(),
    title: z.string().max(300).optional(),
    issue_date: isoDate.optional(),
    currency: currency.optional(),
    language: z.enum(upper(DOCUMENT_LANGUAGES)).optional(),
    terms: z.strictObject({ type: z.enum(upper(PAYMENT_TERMS)), net_days: z.number().int().min(0).max(365).nullable().optional() }).optional(),
    discount: positiveAmount.optional(),
    note: z.string().max(5000).nullable().optional(),
    lines: z.array(documentLineWrite).min(1, 'at least one line is required').max(500),
    receipt_payments: z.array(z.strictObject({ method: z.enum(upper(PAYMENT_METHODS)), amount: positiveAmount, payment_date: isoDate })).max(50).optional(),
    attachments: z.array(z.strictObject({ file_name: nonEmpty.max(200), content_base64: z.string().max(10_000_000) })).max(10).optional(),
    linked_document_ids: z.array(uuid).max(50).optional(),
    /** Creates a follow-up task with the document; also needs tasks:write. */
    task: z.strictObject({ title: nonEmpty.max(300), due_date: isoDate.nullable().optional() }).optional(),
    source_draft_id: uuid.optional(),
    /** apply=true creates a document-linked movement; also needs inventory:write. */
    inventory_adjustment: z.strictObject({ apply: z.boolean() }).optional(),
    /** Saves terms/language as the customer's defaults; also needs customers:write. */
    save_customer_defaults: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.customer_id) !== Boolean(b.supplier_id), { message: 'exactly one of customer_id or supplier_id is required', path: ['customer_id'] });
export type DocumentCreateBody = z.infer<typeof documentCreateBody>;

/** An issued document: only the note changes (omitted = unchanged, as on every PATCH). */
export const documentUpdateBody = z.strictObject({ note: z.string().max(5000).nullable().optional() });

export const documentDraftCreateBody = z.strictObject({ document_type: z.enum(DOCUMENT_TYPES), draft_data: z.record(z.string(), z.unknown()) });
export const documentDraftUpdateBody = z.strictObject({ document_type: z.enum(DOCUMENT_TYPES).optional(), draft_data: z.record(z.string(), z.unknown()).optional() });
