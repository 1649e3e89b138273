/** Printed words of a document in its two languages; the demo data's titles use them too. */
import type { DOCUMENT_TYPES, PAYMENT_METHODS } from '../../../shared';

type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<'he' | 'en', Record<DocumentType, string>> = {
  he: {
    PRICE_QUOTE: 'הצעת מחיר', ORDER: 'הזמנה', DELIVERY_NOTE: 'תעודת משלוח', RETURN_NOTE: 'תעודת החזרה',
    PROFORMA_INVOICE: 'חשבון עסקה', TAX_INVOICE: 'חשבונית מס', TAX_INVOICE_RECEIPT: 'חשבונית מס קבלה',
    RECEIPT: 'קבלה', CREDIT_INVOICE: 'חשבונית זיכוי', PURCHASE_ORDER: 'הזמנת רכש',
  },
  en: {
    PRICE_QUOTE: 'Price quote', ORDER: 'Order', DELIVERY_NOTE: 'Delivery note', RETURN_NOTE: 'Return note',
    PROFORMA_INVOICE: 'Proforma invoice', TAX_INVOICE: 'Tax invoice', TAX_INVOICE_RECEIPT: 'Tax invoice / receipt',
    RECEIPT: 'Receipt', CREDIT_INVOICE: 'Credit invoice', PURCHASE_ORDER: 'Purchase order',
  },
};

export const PAYMENT_METHOD_LABELS: Record<'he' | 'en', Record<(typeof PAYMENT_METHODS)[number], string>> = {
  he: { card: 'כרטיס אשראי', cash: 'מזומן', bank_transfer: 'העברה בנקאית', check: 'צ׳ק', paypal: 'PayPal', other: 'אחר' },
  en: { card: 'Credit card', cash: 'Cash', bank_transfer: 'Bank transfer', check: 'Check', paypal: 'PayPal', other: 'Other' },
};

export const PDF_WORDS = {
  he: {
    number: 'מספר', original: 'מקור', customer: 'לכבוד', supplier: 'לכבוד', issueDate: 'תאריך הפקה', dueDate: 'לתשלום עד',
    businessNumber: 'ח.פ.', phone: 'טלפון', email: 'דוא״ל', line: '#', item: 'פריט', sku: 'מק״ט', quantity: 'כמות',
    unitPrice: 'מחיר ליחידה', lineTotal: 'סה״כ', linesTotal: 'סכום השורות', discount: 'הנחה', subtotal: 'סה״כ לפני מע״מ',
    vat: 'מע״מ', total: 'סה״כ לתשלום', payments: 'תקבולים', method: 'אמצעי תשלום', date: 'תאריך', amount: 'סכום',
    note: 'הערות', page: 'עמוד', of: 'מתוך', produced: 'הופק על ידי',
  },
  en: {
    number: 'No.', original: 'Original', customer: 'Bill to', supplier: 'Supplier', issueDate: 'Issue date', dueDate: 'Due date',
    businessNumber: 'Company no.', phone: 'Phone', email: 'Email', line: '#', item: 'Item', sku: 'SKU', quantity: 'Qty',
    unitPrice: 'Unit price', lineTotal: 'Total', linesTotal: 'Lines total', discount: 'Discount', subtotal: 'Subtotal (before VAT)',
    vat: 'VAT', total: 'Total due', payments: 'Payments', method: 'Method', date: 'Date', amount: 'Amount',
    note: 'Notes', page: 'Page', of: 'of', produced: 'Produced by',
  },
} as const;
