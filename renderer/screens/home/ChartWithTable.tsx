import { Suspense, startTransition, useEffect, useState } from 'react';
import { Button, Group, Skeleton, Text } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { nameOfCode } from '../../../shared/display';
import { Amounts } from '../../kit/Money';
import { preloadable } from '../../lib/preloadable';
import { PlainScreenLink } from '../../nav/links';
import type { ScreenTarget } from '../../nav/paths';
import type { ChartModel } from '../../rules/monthly';

/**
 * The chart library (recharts under Mantine's charts) is its own chunk: the figures do not wait for it.
 * Once loaded (the home screen preloads it as it mounts) a chart renders at once, not after a suspense.
 */
const MonthlyChart = preloadable(() => import('./MonthlyChart').then((m) => m.default));
export const preloadChart = (): Promise<void> => MonthlyChart.preload().catch(() => undefined);
export const CHART_HEIGHT = 220;

/**
 * False until the frame after the one that painted the screen: a chart takes 100 ms and more to
 * render, so the figures beside it paint first and the chart follows (as a transition, which yields).
 */
function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => { timer = window.setTimeout(() => startTransition(() => setAfter(true)), 0); });
    return () => { cancelAnimationFrame(frame); window.clearTimeout(timer); };
  }, []);
  return after;
}

/**
 * A chart and the same figures as a table. The chart is for the eye (hidden from screen readers);
 * the table is for them, and "Show as table" shows it to everyone. Each month (and, stacked, each
 * cell) links to the list of its records.
 */
export function ChartWithTable({ id, model, link, cellLink, stacked = false }: {
  id: string; model: ChartModel; link: (month: string) => ScreenTarget; cellLink?: (month: string, series: string) => ScreenTarget; stacked?: boolean;
}) {
  const { t, locale } = useT();
  const [asTable, setAsTable] = useState(false);
  const drawn = useAfterFirstPaint();
  const captionId = `chart-${id}-caption`;
  // Hidden, the table is for screen readers (read, not tabbed through); shown, its links are in the tab order.
  const tab = asTable ? undefined : -1;
  return (
    <figure className="home-chart" aria-labelledby={captionId} data-testid={`chart-${id}`}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" component="figcaption" id={captionId}>{t('home.chartIn', { currency: nameOfCode('currency', model.currency, locale) })}</Text>
        <Button size="compact-xs" variant="subtle" leftSection={asTable ? <IconChartBar size={14} aria-hidden /> : <IconTable size={14} aria-hidden />} onClick={() => setAsTable((v) => !v)} aria-pressed={asTable} data-testid={`chart-${id}-toggle`}>
          {t(asTable ? 'home.showChart' : 'home.showTable')}
        </Button>
      </Group>
      {!asTable && (
        <div aria-hidden="true">
          {drawn ? (
            <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
              <MonthlyChart model={model} stacked={stacked} link={link} height={CHART_HEIGHT} />
            </Suspense>
          ) : <Skeleton height={CHART_HEIGHT} />}
        </div>
      )}
      {/* Hidden, the table comes with the chart, after the figures' first paint (a home screen's two were
          over a third of its elements); shown, at once. */}
      {(asTable || drawn) && <div className={asTable ? 'list-scroll' : 'visually-hidden'}>
        <table className="list-table sub-table" data-testid={`chart-${id}-table`}>
          <caption className="visually-hidden">{t('home.chartTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.month')}</th>
              {model.series.map((s) => <th key={s.key} scope="col" className="end"><bdi>{s.label}</bdi></th>)}
            </tr>
          </thead>
          <tbody>
            {model.rows.map((r, i) => (
              <tr key={r.month} data-month={r.month} data-stripe={i % 2 === 0 || undefined}>
                <th scope="row"><PlainScreenLink screen={link(r.month)} tabIndex={tab}>{r.label}</PlainScreenLink></th>
                {model.series.map((s) => {
                  const v = r.values[s.key] ?? [];
                  // A month with nothing is zero in the chart's currency.
                  const text = <Amounts money={v} zero={model.currency} />;
                  return (
                    <td key={s.key} className="end" data-amounts={v.map((m) => `${m.currency}:${m.minor}`).join(',')}>
                      {cellLink && v.length ? <PlainScreenLink screen={cellLink(r.month, s.key)} tabIndex={tab}>{text}</PlainScreenLink> : text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>}
    </figure>
  );
}
