import { formatAmount, formatDecimalMoney, formatMoney, numberFormat } from '../../shared';

/**
 * Money as every screen writes it: the locale's own currency format (shared/values.ts, which exports
 * write too), read left to right in both languages. Intl's Hebrew amount ("‏1,766.81 ‏₪") carries
 * right-to-left marks that turn it around differently in a card, a table cell and a sentence; without
 * them it reads "1,766.81 ₪" everywhere, and in a column every decimal point and sign line up.
 */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const plain = (text: string): string => text.replace(BIDI_MARKS, '').trim();

/** An amount (minor units or a decimal string) in its currency, for an element that is itself left to right (the kit's Money). */
export const moneyOf = (value: unknown, currency: string | undefined, locale: string): string | null => {
  const text = formatAmount(value, currency, locale);
  return text === null ? null : plain(text);
};
export const moneyOfMinor = (minor: number, currency: string, locale: string): string => plain(formatMoney(minor, currency, locale));
export const moneyOfDecimal = (decimal: string, currency: string, locale: string): string => plain(formatDecimalMoney(decimal, currency, locale));

/** Whether a locale writes its own currency's sign after the number (he-IL: "1,766.81 ₪"; en-US: "₪1,766.81"). */
const signAfterBy = new Map<string, boolean>();
export function signAfter(locale: string): boolean {
  let after = signAfterBy.get(locale);
  if (after === undefined) {
    const parts = numberFormat(locale, { style: 'currency', currency: 'ILS' }).formatToParts(1);
    after = parts.findIndex((x) => x.type === 'currency') > parts.findIndex((x) => x.type === 'integer');
    signAfterBy.set(locale, after);
  }
  return after;
}

/** A currency sign or code: what is neither a digit, a separator, a sign of the number nor a space. */
const SIGN = /[^\d\s.,'\u00a0\u202f+\-\u2212()]+/;

/**
 * An amount's text in its parts, the currency sign on the locale's side (signAfter) whichever side
 * Intl put it for this currency: `lead` or `trail` holds it. Null when the text holds no sign.
 */
export function moneyParts(text: string, locale: string): { lead: string; number: string; trail: string; signAfter: boolean; spaced: boolean } | null {
  const m = SIGN.exec(text);
  if (!m) return null;
  const number = (text.slice(0, m.index) + text.slice(m.index + m[0].length)).trim();
  const after = signAfter(locale);
  // A space between sign and number where Intl puts one (he-IL "1,766.81 ₪", a code such as "CHF 12.00").
  const spaced = /\s/.test(text.slice(m.index - 1, m.index) + text.slice(m.index + m[0].length, m.index + m[0].length + 1)) || m[0].length > 1;
  return { lead: after ? '' : m[0], number, trail: after ? m[0] : '', signAfter: after, spaced };
}

/**
 * The same amount inside a sentence or any text of the UI's direction: isolated left to right
 * (U+2066 ... U+2069), so "Total 1,766.81 ₪" reads as a table cell does.
 */
export const inlineMoney = (text: string): string => `\u2066${text}\u2069`;

/** A chart axis's short amount ("50K ₪", "₪50K"): the one place amounts are compact. */
export const compactMoney = (major: number, currency: string, locale: string): string =>
  inlineMoney(plain(numberFormat(locale, { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(major)));
