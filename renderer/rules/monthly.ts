import { currencyDecimals, type ColumnFilter, type LocalAggregateOutput } from '../../shared';
import { addMoney, mainCurrency, sumsOf, type Money } from './home';
import { monthRange } from '../lib/calendar';

/** A chart's data: one row per month, one number per series (major units of the chart's currency). */
export interface ChartModel {
  currency: string;
  series: { key: string; label: string }[];
  /** `label` names the month in full (table, tooltip); `short` on the chart's axis. */
  rows: { month: string; label: string; short: string; values: Record<string, Money[]> }[];
}

/** One month's days as a column filter of the date column. */
export const monthFilter = (date: string, month: string): ColumnFilter => {
  const r = monthRange(month);
  return { column: date, op: 'range', from: r.from, to: r.to };
};

/** The number a chart draws for amounts: the chart currency's, in major units. */
export const majorOf = (money: readonly Money[], currency: string): number =>
  (money.find((m) => m.currency === currency)?.minor ?? 0) / 10 ** currencyDecimals(currency);

/** Most stacks a chart shows by name; the rest are summed as "other". */
export const MAX_STACKS = 5;
export const OTHER = '__other';
export const NONE = '__none';

/**
 * Month by month grouped sums (one aggregate per month, grouped by the stacking column) as series:
 * the largest `MAX_STACKS` values by the chart currency's total, the rest as "other", records with
 * no value as "none".
 */
export function stackedModel(
  months: readonly string[], perMonth: readonly (LocalAggregateOutput | undefined)[], column: string,
  names: ReadonlyMap<string, string>, words: { other: string; none: string; month: (m: string) => string; short: (m: string) => string }, fallbackCurrency: string,
): ChartModel {
  const all = perMonth.flatMap((r) => (r?.groups ?? []).map((g) => ({ key: g.key === null ? NONE : String(g.key), money: sumsOf(g, column) })));
  const currency = mainCurrency(all.flatMap((x) => x.money), fallbackCurrency);
  const totals = new Map<string, number>();
  for (const x of all) totals.set(x.key, (totals.get(x.key) ?? 0) + (x.money.find((m) => m.currency === currency)?.minor ?? 0));
  const named = [...totals].filter(([k]) => k !== NONE).sort((a, b) => b[1] - a[1]).map(([k]) => k);
  const top = named.slice(0, MAX_STACKS);
  const slot = (k: string) => (k === NONE ? NONE : top.includes(k) ? k : OTHER);
  const series = [
    ...top.map((k) => ({ key: k, label: names.get(k) ?? k.slice(0, 8) })),
    ...(named.length > MAX_STACKS ? [{ key: OTHER, label: words.other }] : []),
    ...(totals.has(NONE) ? [{ key: NONE, label: words.none }] : []),
  ];
  const rows = months.map((m, i) => {
    const values: Record<string, Money[]> = {};
    for (const g of perMonth[i]?.groups ?? []) {
      const k = slot(g.key === null ? NONE : String(g.key));
      values[k] = addMoney(values[k] ?? [], sumsOf(g, column));
    }
    return { month: m, label: words.month(m), short: words.short(m), values };
  });
  return { currency, series, rows };
}
