import { currencyDecimals, decimalToMinor, expenseTotals, minorToDecimal, toQty3 } from '../../../shared';
import type { RowOf } from '../store/state';

export type Expense = RowOf<'expenses'>;

/** Decimal-string amounts of one expense, converted with its currency's minor digits. */
export const toMinor = (e: { currency: string }, text: string) => decimalToMinor(text, currencyDecimals(e.currency));
export const toDecimal = (e: { currency: string }, minor: number) => minorToDecimal(minor, currencyDecimals(e.currency));

export interface LineInput { description: string; quantity: string; unit_price: string; vat_rate: string }

/** Lines with net totals; subtotal = sum of nets, VAT per line at its rate, total = subtotal + VAT. */
export function expenseAmounts(currency: string, lines: readonly LineInput[]) {
  const e = { currency };
  const t = expenseTotals(lines.map((l) => ({ unit_price_minor: toMinor(e, l.unit_price), quantity: l.quantity, vat_rate: l.vat_rate })));
  const out = lines.map((l, i) => ({ description: l.description, quantity: toQty3(l.quantity), unit_price: toDecimal(e, toMinor(e, l.unit_price)), vat_rate: l.vat_rate, total: toDecimal(e, t.nets[i]!) }));
  return { lines: out, subtotal: toDecimal(e, t.subtotal), vat_amount: toDecimal(e, t.vat), total: toDecimal(e, t.total) };
}

/** What stops approval (shown on the expense, enforced by approve). */
export function blockingIssues(e: Pick<Expense, 'category_id' | 'lines' | 'total' | 'currency' | 'supplier_name'>): Expense['blocking_issues'] {
  const issues: Expense['blocking_issues'] = [];
  if (!e.category_id) issues.push({ code: 'missing_category', message: 'Choose an expense category.' });
  if (e.lines.length === 0) issues.push({ code: 'no_lines', message: 'Add at least one line.' });
  else if (toMinor(e, e.total) === 0) issues.push({ code: 'zero_total', message: 'The total is zero.' });
  if (!e.supplier_name.trim()) issues.push({ code: 'missing_supplier', message: 'Enter the supplier name.' });
  return issues;
}
