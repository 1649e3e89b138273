/**
 * How a document's derived fields follow from its inputs. The demo data is built with these,
 * and the sandbox server can reuse them so created documents obey the same rules.
 */
import {
  lineTotalMinor, vatMinor, VAT_RATE_PERCENT,
  type DOCUMENT_TYPES, type PAYMENT_STATUSES, type DocumentDetails, type DOCUMENT_STATUSES,
} from '../../../shared';
import { addDays } from './time';

type DocumentType = (typeof DOCUMENT_TYPES)[number];
type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Types that ask for or record money from the customer. */
export const PAYABLE_TYPES: readonly DocumentType[] = ['TAX_INVOICE', 'TAX_INVOICE_RECEIPT', 'RECEIPT'];

export function paymentStatusFor(type: DocumentType, status: DocumentStatus): PaymentStatus {
  if (!PAYABLE_TYPES.includes(type)) return 'not_applicable';
  switch (status) {
    case 'open':
    case 'pending_payment':
      return 'unpaid';
    case 'partially_paid':
      return 'partially_paid';
    case 'credited':
    case 'partially_credited':
      return 'credited';
    case 'converted':
      return 'not_applicable';
    default:
      // closed, returned, partially_returned: the money was received.
      return 'paid';
  }
}

/** Cash terms: due on issue; net terms: issue plus net days; otherwise no due date. */
export function dueDateFor(issueDate: string, terms: DocumentDetails['terms']): string | null {
  if (terms.type === 'cash') return issueDate;
  if (terms.type === 'net') return addDays(issueDate, terms.net_days ?? 0);
  return null;
}

/** Stock effect of a type when the document applies an inventory adjustment. */
export function movementDirectionFor(type: DocumentType): 'increase' | 'decrease' | null {
  if (type === 'DELIVERY_NOTE' || type === 'TAX_INVOICE' || type === 'TAX_INVOICE_RECEIPT') return 'decrease';
  if (type === 'RETURN_NOTE' || type === 'CREDIT_INVOICE' || type === 'PURCHASE_ORDER') return 'increase';
  return null;
}

export interface Totals { linesMinor: number; subtotal_minor: number; discount_minor: number | null; vat_minor: number; total_minor: number }

/**
 * Line totals are net of VAT. subtotal_minor is the taxable net after the document discount,
 * so vat_minor = total_minor - subtotal_minor holds with or without a discount.
 */
export function documentTotals(lines: readonly { unit_price_minor: number; quantity: string }[], discountMinor: number | null): Totals {
  const linesMinor = lines.reduce((s, l) => s + lineTotalMinor(l.unit_price_minor, l.quantity), 0);
  const subtotal = linesMinor - (discountMinor ?? 0);
  const vat = vatMinor(subtotal, VAT_RATE_PERCENT);
  return { linesMinor, subtotal_minor: subtotal, discount_minor: discountMinor, vat_minor: vat, total_minor: subtotal + vat };
}
