import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { LOCAL_QUERY_LIMITS, formatQty } from '../../../shared';
import { asBridgeError } from '../../bridge/call';
import { useLocalAllRows } from '../../data/localCopy';
import { useT } from '../../i18n';
import { FigureCard } from '../../kit/FigureCard';
import { toList } from '../../nav/paths';
import { belowThreshold, groupByIssue } from '../../rules/home';
import { homeReadsOf } from '../../rules/homeReads';
import type { IssuesSection as Issues, LowStockSection as LowStock } from '../../resources/homeTypes';
import { SectionFrame } from './SectionFrame';
import type { HomeNow } from './useHome';

/** Records the copy cannot group itself, read row by row (at most ROWS_CAP). */
function useRows(section: Issues | LowStock, now: HomeNow) {
  const input = useMemo(() => homeReadsOf(section, now).allRows[0]!, [section, now]);
  return useLocalAllRows(input);
}

/** A link to the list of exactly these records, by id (a list link holds at most 200; past that, the first 200). */
const byIds = (area: string, ids: readonly string[]) => toList(area, { filters: [{ column: 'id', op: 'in', values: ids.slice(0, LOCAL_QUERY_LIMITS.inValues) }], sort: [] });

/** Expenses waiting for review, grouped by what blocks their approval. */
export function IssuesSection({ section, now }: { section: Issues; now: HomeNow }) {
  const { t, maybeKey } = useT();
  const q = useRows(section, now);
  const groups = useMemo(() => (q.data ? groupByIssue(q.data.rows, section.list, section.sum) : []), [q.data, section]);
  const state = q.isError ? 'error' : q.isSuccess ? 'done' : 'loading';
  return (
    <SectionFrame section={section} state={state}>
      {q.isSuccess && groups.length === 0 && <Text size="sm" data-testid="home-none">{t('home.noneBlocked')}</Text>}
      {q.error && <Text size="sm" c="red" role="alert">{asBridgeError(q.error).message}</Text>}
      <div className="figures">
        {groups.map((g) => (
          <FigureCard
            key={g.code} id={`issue-${g.code}`} label={maybeKey(`issues.${g.code}`) ?? g.message} count={g.ids.length} money={g.money}
            link={byIds(section.area, g.ids)}
            {...(g.ids.length > LOCAL_QUERY_LIMITS.inValues ? { hint: t('home.linkFirst', { count: LOCAL_QUERY_LIMITS.inValues }) } : {})}
          />
        ))}
      </div>
      {q.data?.capped && <Text size="xs" c="dimmed">{t('home.capped', { count: q.data.rows.length })}</Text>}
    </SectionFrame>
  );
}

const SHOWN = 6;

/** Stock levels below their threshold: the count, the first few, and a link to them all. */
export function LowStockSection({ section, now }: { section: LowStock; now: HomeNow }) {
  const { t, locale } = useT();
  const q = useRows(section, now);
  const low = useMemo(() => (q.data ? belowThreshold(q.data.rows, section.quantity, section.threshold) : []), [q.data, section]);
  const ids = low.map((r) => String(r.id));
  const state = q.isError ? 'error' : q.isSuccess ? 'done' : 'loading';
  return (
    <SectionFrame section={section} state={state}>
      <div className="figures">
        <FigureCard
          id="lowStock" label={t('home.figures.lowStock')} count={q.data ? low.length : null} link={low.length ? byIds(section.area, ids) : null}
          error={q.error ? asBridgeError(q.error).message : null}
          {...(ids.length > LOCAL_QUERY_LIMITS.inValues ? { hint: t('home.linkFirst', { count: LOCAL_QUERY_LIMITS.inValues }) } : {})}
        />
      </div>
      {low.length > 0 && (
        <ul className="home-list" data-testid="low-stock-list">
          {low.slice(0, SHOWN).map((r) => (
            <li key={String(r.id)}>
              <bdi>{String(r.product_name ?? r.sku ?? r.id)}</bdi>{' '}
              <Text span size="sm" c="dimmed">{t('home.lowStockRow', { quantity: formatQty(String(r[section.quantity]), locale), threshold: formatQty(String(r[section.threshold]), locale) })}</Text>
            </li>
          ))}
          {low.length > SHOWN && <li><Text span size="sm" c="dimmed">{t('home.more', { count: low.length - SHOWN })}</Text></li>}
        </ul>
      )}
    </SectionFrame>
  );
}
