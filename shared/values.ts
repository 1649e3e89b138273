/**
 * Money and quantity helpers. All arithmetic is on integers (minor units, thousandths);
 * strings are split rather than parsed as floats, so no binary rounding creeps in.
 */

/**
 * Intl formatters are costly to build and a table shows hundreds of values: one formatter per
 * locale and options, kept.
 */
const formatters = new Map<string, unknown>();
export function cachedFormatter<T>(kind: 'number' | 'date' | 'names', locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  if (!formatters.has(key)) formatters.set(key, make());
  return formatters.get(key) as T;
}
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cachedFormatter('number', locale, options, () => new Intl.NumberFormat(locale, options));

const decimalsOf = new Map<string, number>();
/** Minor-unit digits of a currency (ILS 2, JPY 0, ...), from Intl; kept per currency (a dashboard asks it hundreds of times). */
export function currencyDecimals(currency: string): number {
  let d = decimalsOf.get(currency);
  if (d === undefined) {
    try {
      d = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    decimalsOf.set(currency, d);
  }
  return d;
}

function scaledToString(value: bigint, decimals: number): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const s = abs.toString().padStart(decimals + 1, '0');
  const whole = decimals ? s.slice(0, -decimals) : s;
  const frac = decimals ? s.slice(-decimals) : '';
  return (neg ? '-' : '') + whole + (decimals ? '.' + frac : '');
}

function stringToScaled(text: string, decimals: number, what: string): bigint {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`${what} "${text}" is not a decimal number`);
  const frac = m[3] ?? '';
  if (frac.length > decimals) throw new RangeError(`${what} "${text}" has more than ${decimals} decimals`);
  const v = BigInt((m[2] ?? '0') + frac.padEnd(decimals, '0'));
  return m[1] ? -v : v;
}

/** "123.45" at 4 places -> 1234500n: exact, or null when the text is not a decimal of at most `places` places. */
export function decimalToScaled(text: string, places: number): bigint | null {
  try {
    return stringToScaled(text, places, 'amount');
  } catch {
    return null;
  }
}

/**
 * An integer held at `places` decimal places, as a decimal string of `shown` places: 1234500n (4) ->
 * "123.45" (2). Places dropped that are not zeros round half away from zero.
 */
export function scaledToDecimal(value: bigint, places: number, shown: number): string {
  if (shown >= places) return scaledToString(value * 10n ** BigInt(shown - places), shown);
  const unit = 10n ** BigInt(places - shown);
  const q = value / unit;
  const r = value % unit;
  const away = (r < 0n ? -r : r) * 2n >= unit ? (value < 0n ? -1n : 1n) : 0n;
  return scaledToString(q + away, shown);
}

/** 12345 (minor) -> "123.45". */
export function minorToDecimal(minor: number, decimals = 2): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor amount ${minor} is not a safe integer`);
  return scaledToString(BigInt(minor), decimals);
}

/** "123.45" -> 12345 (minor). Rejects more decimals than the currency has. */
export function decimalToMinor(text: string, decimals = 2): number {
  const v = stringToScaled(text, decimals, 'amount');
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount "${text}" is too large`);
  return n;
}

/** Quantity string with up to three decimals -> integer thousandths. */
export function qtyToThousandths(text: string): number {
  return Number(stringToScaled(text, 3, 'quantity'));
}
/** Integer thousandths -> fixed three-decimal string ("1.500"). */
export function thousandthsToQty(thousandths: number): string {
  return scaledToString(BigInt(Math.trunc(thousandths)), 3);
}
/** Normalises "2", "2.5" to "2.000", "2.500". */
export function toQty3(text: string): string {
  return thousandthsToQty(qtyToThousandths(text));
}

/** minor * quantity rounded half away from zero, in minor units. */
export function lineTotalMinor(unitPriceMinor: number, quantity: string): number {
  const t = BigInt(qtyToThousandths(quantity));
  const p = BigInt(unitPriceMinor) * t;
  const q = p / 1000n;
  const r = p % 1000n;
  const abs = r < 0n ? -r : r;
  return Number(abs >= 500n ? q + (p < 0n ? -1n : 1n) : q);
}

/** VAT for a net amount at a whole-number-or-decimal percent, rounded half up, in minor units. */
export function vatMinor(netMinor: number, percent: number): number {
  const bp = BigInt(Math.round(percent * 100)); // basis points
  const p = BigInt(netMinor) * bp;
  const q = p / 10000n;
  const r = p % 10000n;
  return Number((r < 0n ? -r : r) >= 5000n ? q + (p < 0n ? -1n : 1n) : q);
}

/**
 * A document's totals (spec 2.6): line totals, subtotal (net of VAT after the discount), VAT at
 * the rate, total; vat = total - subtotal. A VAT-inclusive line contributes its net part.
 * The sandbox issues documents with it and forms show it as an estimate while the user types.
 */
export function documentTotals(lines: readonly { unit_price_minor: number; quantity: string; vat_included: boolean }[], discountMinor: number, vatRatePercent: number) {
  const lineTotals = lines.map((l) => lineTotalMinor(l.unit_price_minor, l.quantity));
  let net = 0;
  lines.forEach((l, i) => {
    const t = lineTotals[i]!;
    net += l.vat_included ? Math.round((t * 100) / (100 + vatRatePercent)) : t;
  });
  const discountExceeds = discountMinor > net;
  const subtotal = net - Math.min(discountMinor, net);
  const total = subtotal + vatMinor(subtotal, vatRatePercent);
  return { lineTotals, subtotal, total, vat: total - subtotal, discountExceeds };
}

/**
 * An expense's amounts in minor units: each line's net (quantity × unit price), VAT per line at its
 * own rate, subtotal the sum of nets, total subtotal + VAT. The sandbox computes with it and forms
 * estimate with it, so the estimate is the amount the service will show.
 */
export function expenseTotals(lines: readonly { unit_price_minor: number; quantity: string; vat_rate: string }[]) {
  const nets = lines.map((l) => lineTotalMinor(l.unit_price_minor, l.quantity));
  const subtotal = nets.reduce((s, n) => s + n, 0);
  const vat = nets.reduce((s, n, i) => s + vatMinor(n, Number(lines[i]!.vat_rate)), 0);
  return { nets, subtotal, vat, total: subtotal + vat };
}

/** Display a minor amount with its currency in a locale: 12345 ILS -> "₪123.45". */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  const d = currencyDecimals(currency);
  return formatDecimalMoney(minorToDecimal(minor, d), currency, locale);
}
/** Display a decimal-string amount with its currency; stays exact for large values. */
export function formatDecimalMoney(decimal: string, currency: string, locale = 'en'): string {
  try {
    // Intl accepts numeric strings exactly (no float round-trip) for format().
    return numberFormat(locale, { style: 'currency', currency }).format(decimal as unknown as number);
  } catch {
    return `${decimal} ${currency}`;
  }
}
/** Display a three-decimal quantity without trailing zeros: "2.500" -> "2.5". */
export function formatQty(qty: string, locale = 'en'): string {
  try {
    return numberFormat(locale, { maximumFractionDigits: 3 }).format(qty as unknown as number);
  } catch {
    return qty;
  }
}
