const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000], ['month', 30 * 86_400_000], ['week', 7 * 86_400_000], ['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000],
];
const formats = new Map<string, Intl.RelativeTimeFormat>();
/** ICU's Hebrew dual forms add the number again ("לפני חודשיים (2)"): the words already say it. */
const tidy = (text: string) => text.replace(/\s*\(\d+\)$/, '');

/** How long ago a moment was, in the locale's words ("3 days ago", "yesterday", "לפני 3 ימים"); "now" under a minute. */
export function relativeTime(ts: string, now: number, locale: string): string | null {
  const at = Date.parse(ts);
  if (Number.isNaN(at)) return null;
  let f = formats.get(locale);
  if (!f) { f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }); formats.set(locale, f); }
  const ago = now - at;
  for (const [unit, ms] of UNITS) if (Math.abs(ago) >= ms) return tidy(f.format(-Math.round(ago / ms), unit));
  return f.format(0, 'second');
}
