import { DEFAULT_CURRENCY, currencyDecimals, decimalToMinor } from '../../shared';

/** Helpers of the figures forms compute while the user types (the server's figures replace them). */
type Rec = Record<string, unknown>;

/** Today as the API writes dates. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Minor units of a typed amount, or null while it is not a valid amount yet. */
export function typedMinor(text: unknown, decimals: number): number | null {
  try {
    return typeof text === 'string' && text.trim() ? decimalToMinor(text.trim().replace(/,/g, ''), decimals) : null;
  } catch {
    return null;
  }
}

/** The form's currency while it is being typed (the default until it is a three-letter code). */
export function typedCurrency(values: Rec): { currency: string; decimals: number } {
  const currency = typeof values.currency === 'string' && /^[A-Z]{3}$/i.test(values.currency) ? values.currency.toUpperCase() : DEFAULT_CURRENCY;
  return { currency, decimals: currencyDecimals(currency) };
}

/** A typed quantity (up to three decimals), or null while it is not one. */
export const typedQuantity = (q: unknown): string | null => (typeof q === 'string' && /^\d+(\.\d{1,3})?$/.test(q.trim()) ? q.trim() : null);

/** The rows of a list field as typed. */
export const rowsOf = (values: Rec, key: string): Rec[] => (Array.isArray(values[key]) ? (values[key] as Rec[]) : []);
