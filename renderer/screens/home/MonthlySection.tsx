import { useMemo } from 'react';
import { DEFAULT_CURRENCY } from '../../../shared';
import { useLocalAggregates, useLocalQuery } from '../../data/localCopy';
import { useT } from '../../i18n';
import { FigureCard } from '../../kit/FigureCard';
import { toList } from '../../nav/paths';
import { mainCurrency, monthTotals } from '../../rules/home';
import { homeReadsOf, monthsOf } from '../../rules/homeReads';
import type { MonthlySection as Monthly } from '../../resources/homeTypes';
import { stateOf } from '../../kit/FigureGrid';
import { SectionFrame } from './SectionFrame';
import { monthFilter, stackedModel, type ChartModel } from '../../rules/monthly';
import { ChartWithTable } from './ChartWithTable';
import type { HomeNow } from './useHome';

/** A month named in the user's language: in full ("Nov 2026"), and short for a chart's axis ("Nov"). */
const useMonthLabel = () => {
  const { locale } = useT();
  return useMemo(() => {
    const full = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    const at = (month: string) => new Date(`${month}-01T00:00:00Z`);
    return { month: (m: string) => full.format(at(m)), short: (m: string) => short.format(at(m)) };
  }, [locale]);
};

/** A month's records of the section, as the list opens them. */
const monthLink = (s: Monthly, base: ReturnType<Monthly['filters']>, month: string, more: ReturnType<Monthly['filters']> = []) =>
  toList(s.area, { filters: [...base, monthFilter(s.date, month), ...more], sort: [{ column: s.date, direction: 'desc' }] });

/** A bar per month from one aggregate grouped by day; this month and the last as figures when asked. */
export function MonthlySection({ section, now }: { section: Monthly; now: HomeNow }) {
  if (section.stackBy) return <StackedMonthly section={section} now={now} />;
  return <PlainMonthly section={section} now={now} />;
}

function PlainMonthly({ section, now }: { section: Monthly; now: HomeNow }) {
  const { t } = useT();
  const label = useMonthLabel();
  const months = useMemo(() => monthsOf(section, now), [section, now]);
  const base = useMemo(() => section.filters(now), [section, now]);
  const inputs = useMemo(() => homeReadsOf(section, now).aggregates, [section, now]);
  const results = useLocalAggregates(inputs);
  const r = results[0]!;
  const totals = useMemo(() => monthTotals(r.data?.groups ?? [], months, section.sum), [r.data, months, section.sum]);
  const model: ChartModel = useMemo(() => ({
    currency: mainCurrency([...totals.values()].flatMap((x) => x.money), DEFAULT_CURRENCY),
    series: [{ key: 'total', label: t('home.total') }],
    rows: months.map((m) => ({ month: m, label: label.month(m), short: label.short(m), values: { total: totals.get(m)?.money ?? [] } })),
  }), [totals, months, label, t]);
  const [last, previous] = [months.at(-1)!, months.at(-2)!];
  return (
    <SectionFrame section={section} state={stateOf(results)}>
      {section.compare && (
        <div className="figures">
          {([['thisMonth', last], ['lastMonth', previous]] as const).map(([key, m]) => (
            <FigureCard
              key={key} id={key} label={t(`home.figures.${key}`, { month: label.month(m) })} count={r.data ? (totals.get(m)?.count ?? 0) : null}
              money={totals.get(m)?.money ?? []} link={monthLink(section, base, m)}
            />
          ))}
        </div>
      )}
      {r.data && <ChartWithTable id={section.key} model={model} link={(m) => monthLink(section, base, m)} />}
    </SectionFrame>
  );
}

/** Stacks per value of a reference (expense category), one aggregate per month, named from the other area. */
function StackedMonthly({ section, now }: { section: Monthly; now: HomeNow }) {
  const { t } = useT();
  const label = useMonthLabel();
  const stack = section.stackBy!;
  const months = useMemo(() => monthsOf(section, now), [section, now]);
  const base = useMemo(() => section.filters(now), [section, now]);
  const reads = useMemo(() => homeReadsOf(section, now), [section, now]);
  const results = useLocalAggregates(reads.aggregates);
  const names = useLocalQuery(reads.rows[0]!);
  // `results` is a new array every render: its answers' times say when it changed.
  const stamp = results.map((r) => r.dataUpdatedAt).join('|');
  const model = useMemo(() => stackedModel(
    months, results.map((r) => r.data), section.sum,
    new Map((names.data?.rows ?? []).map((row) => [String(row.id), String(row[stack.label] ?? row.id)])),
    { other: t('home.other'), none: t('home.noCategory'), ...label }, DEFAULT_CURRENCY,
    // eslint-disable-next-line react-hooks/exhaustive-deps
  ), [months, section.sum, names.data, stack.label, t, label, stamp]);
  const done = stateOf([...results, names]);
  const byStack = (m: string, key: string) => monthLink(section, base, m, key.startsWith('__') ? (key === '__none' ? [{ column: stack.column, op: 'empty', empty: true }] : []) : [{ column: stack.column, op: 'ref', id: key, name: model.series.find((s) => s.key === key)?.label ?? key }]);
  return (
    <SectionFrame section={section} state={done}>
      {done === 'done' && <ChartWithTable id={section.key} model={model} link={(m) => monthLink(section, base, m)} cellLink={byStack} stacked />}
    </SectionFrame>
  );
}
