import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useMemo } from 'react';
import { currencyDecimals } from '../../../shared';
import { useT } from '../../i18n';
import { useGo } from '../../nav/links';
import type { ScreenTarget } from '../../nav/paths';
import { majorOf, type ChartModel } from '../../rules/monthly';
import { compactMoney, inlineMoney, moneyOfDecimal } from '../../lib/money';

/** Colours from the theme that stay apart in light and dark. */
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'gray.6', 'red.6'] as const;

/**
 * Bars per month (stacked per series), in the chart's currency. Right to left, months run from the
 * right and the value axis stands on the right. A bar opens the month's list.
 */
export default function MonthlyChart({ model, stacked, link, height }: { model: ChartModel; stacked: boolean; link: (month: string) => ScreenTarget; height: number }) {
  const { lang, locale } = useT();
  const go = useGo();
  const rtl = lang === 'he';
  const data = useMemo(() => model.rows.map((r) => ({
    month: r.short, full: r.label, key: r.month, ...Object.fromEntries(model.series.map((s) => [s.key, majorOf(r.values[s.key] ?? [], model.currency)])),
  })), [model]);
  const series = model.series.map((s, i) => ({ name: s.key, label: s.label, color: COLORS[i % COLORS.length]! }));
  // The axis is the one place amounts are short; a bar's tooltip says its amount in full.
  const axis = (v: number) => compactMoney(v, model.currency, locale);
  const full = (v: number) => inlineMoney(moneyOfDecimal(v.toFixed(currencyDecimals(model.currency)), model.currency, locale));
  return (
    <BarChart
      h={height} data={data} dataKey="month" series={series} type={stacked ? 'stacked' : 'default'}
      withLegend={stacked} legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={full} tickLine="y" gridAxis="x"
      xAxisProps={{ reversed: rtl, interval: 0, tick: { transform: 'translate(0, 10)', fontSize: 11, fill: 'currentColor' } }}
      yAxisProps={{ orientation: rtl ? 'right' : 'left', width: 64, tickFormatter: axis, tickCount: 5, allowDecimals: false }}
      barChartProps={{ accessibilityLayer: false }}
      tooltipProps={{ labelFormatter: (short: unknown, payload: readonly { payload?: { full?: unknown } }[]) => String(payload[0]?.payload?.full ?? short) }}
      barProps={{
        cursor: 'pointer',
        onClick: (entry: { payload?: { key?: unknown } }) => { if (typeof entry.payload?.key === 'string') go(link(entry.payload.key)); },
      }}
    />
  );
}
