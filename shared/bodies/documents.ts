import { z } from 'zod';
import { uuid, currency, isoDate, nonEmpty, qtyWrite } from '../primitives';
import { ATTACHMENT_LIMITS, DOCUMENT_TYPES, DOCUMENT_LANGUAGES } from '../assumptions';
import { PAYMENT_METHODS } from '../schemas/payments';
import { fileContent, freeForm, longText, money, ref, sameEnum, writeEnum } from '../fields';
import { paymentTermsWrite } from './parties';

export const documentLineWrite = z
  .strictObject({
    product_id: ref('products', 'raw-materials').optional(),
    name: nonEmpty.max(300),
    sku: z.string().max(64).nullable().optional(),
    quantity: qtyWrite,
    unit_price: money(),
    vat_included: z.boolean().optional(),
    /** Creates a product from this line; also needs products:write (rule 5). */
    save_as_product: z.boolean().optional(),
  });

export const documentTypeWrite = sameEnum(DOCUMENT_TYPES);

export const documentCreateBody = z
  .strictObject({
    client_request_id: uuid,
    document_type: documentTypeWrite,
    customer_id: ref('customers').optional(),
    supplier_id: ref('suppliers').optional(),
    title: z.string().max(300).optional(),
    issue_date: isoDate.optional(),
    currency: currency.optional(),
    language: writeEnum(DOCUMENT_LANGUAGES).optional(),
    terms: paymentTermsWrite.optional(),
    discount: money().optional(),
    note: longText(5000).nullable().optional(),
    lines: z.array(documentLineWrite).min(1, 'at least one line is required').max(500),
    receipt_payments: z.array(z.strictObject({ method: writeEnum(PAYMENT_METHODS), amount: money(), payment_date: isoDate })).max(50).optional(),
    attachments: z.array(z.strictObject({ file_name: nonEmpty.max(200), content_base64: fileContent(ATTACHMENT_LIMITS.base64Chars) })).max(ATTACHMENT_LIMITS.files).optional(),
    linked_document_ids: z.array(ref('documents')).max(50).optional(),
    /** Creates a follow-up task with the document; also needs tasks:write. */
    task: z.strictObject({ title: nonEmpty.max(300), due_date: isoDate.nullable().optional() }).optional(),
    source_draft_id: ref('document-drafts').optional(),
    /** apply=true creates a document-linked movement; also needs inventory:write. */
    inventory_adjustment: z.strictObject({ apply: z.boolean() }).optional(),
    /** Saves terms/language as the customer's defaults; also needs customers:write. */
    save_customer_defaults: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.customer_id) !== Boolean(b.supplier_id), { message: 'exactly one of customer_id or supplier_id is required', path: ['customer_id'], params: { rule: 'customer_or_supplier' } });
export type DocumentCreateBody = z.infer<typeof documentCreateBody>;

/** An issued document: only the note changes (omitted = unchanged, as on every PATCH). */
export const documentUpdateBody = z.strictObject({ note: longText(5000).nullable().optional() });

export const documentDraftCreateBody = z.strictObject({ document_type: documentTypeWrite, draft_data: freeForm() });
export const documentDraftUpdateBody = z.strictObject({ document_type: documentTypeWrite.optional(), draft_data: freeForm().optional() });
