/**
 * Customers abroad: English-speaking companies on net-60 terms buy in dollars or euros, in turn, so
 * the demo business's receivables, sales and payments come in more than one currency. Chosen from
 * what the seed has already drawn, so no other record changes.
 */
import { lineTotalMinor, type CustomerDetails, type DocumentDetails } from '../../../shared';
import { documentTotals } from './document-rules';

export const FOREIGN_CURRENCIES = ['USD', 'EUR'] as const;
/** One shekel in each, for the demo's prices (minor units convert alike: all have two decimals). */
const PER_SHEKEL: Record<(typeof FOREIGN_CURRENCIES)[number], number> = { USD: 0.27, EUR: 0.25 };

const isAbroad = (c: CustomerDetails) => c.document_language === 'en' && c.business_number !== null && c.payment_terms.type === 'net' && c.payment_terms.net_days === 60;

/** Sets the currency of customers abroad (the rest keep the business's). */
export function placeAbroad(customers: CustomerDetails[]): void {
  let n = 0;
  for (const c of customers) if (isAbroad(c)) c.currency = FOREIGN_CURRENCIES[n++ % FOREIGN_CURRENCIES.length]!;
}

const convert = (minor: number, currency: string) => Math.max(1, Math.round(minor * (PER_SHEKEL[currency as keyof typeof PER_SHEKEL] ?? 1)));

/**
 * A document built in shekels, in its customer's currency: prices converted, totals worked out again,
 * and its payments kept in proportion (a full payment stays full, parts still add up).
 */
export function inCurrency(doc: DocumentDetails, currency: string): void {
  if (currency === doc.currency) return;
  const before = doc.total_minor;
  doc.currency = currency;
  doc.line_items = doc.line_items.map((l) => {
    const unit = convert(l.unit_price_minor, currency);
    return { ...l, unit_price_minor: unit, total_minor: lineTotalMinor(unit, l.quantity), currency };
  });
  const t = documentTotals(doc.line_items, doc.discount_minor === null ? null : convert(doc.discount_minor, currency));
  Object.assign(doc, { subtotal_minor: t.subtotal_minor, discount_minor: t.discount_minor, vat_minor: t.vat_minor, total_minor: t.total_minor });
  // Each payment the difference of its running sums, scaled: the parts add up to the scaled whole.
  let paidBefore = 0;
  let shown = 0;
  for (const p of doc.payments) {
    paidBefore += p.amount_minor;
    const upTo = before ? Math.round((paidBefore * doc.total_minor) / before) : 0;
    p.amount_minor = Math.max(1, upTo - shown);
    p.currency = currency;
    shown = upTo;
  }
}
