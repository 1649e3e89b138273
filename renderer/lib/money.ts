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

/**
 * The same amount inside a sentence or any text of the UI's direction: isolated left to right
 * (U+2066 ... U+2069), so "Total 1,766.81 ₪" reads as a table cell does.
 */
export const inlineMoney = (text: string): string => `\u2066${text}\u2069`;

/** A chart axis's short amount ("50K ₪", "₪50K"): the one place amounts are compact. */
export const compactMoney = (major: number, currency: string, locale: string): string =>
  inlineMoney(plain(numberFormat(locale, { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(major)));
