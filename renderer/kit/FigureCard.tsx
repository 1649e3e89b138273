import './paper.css';
import './figure.css';
import { Loader } from '@mantine/core';
import { DEFAULT_CURRENCY, numberFormat } from '../../shared';
import { useT } from '../i18n';
import { PlainScreenLink } from '../nav/links';
import type { ScreenTarget } from '../nav/paths';
import { Amounts, type Amount } from './Money';

export type { Amount } from './Money';

export interface FigureProps {
  /** The figure's test id suffix (`figure-<id>`). */
  id: string;
  label: string;
  count: number | null;
  /** Sums per currency; undefined for a figure that only counts. */
  money?: readonly Amount[];
  /** The list of exactly these records. */
  link: ScreenTarget | null;
  /** A short line under the figure (what it is, a cap). */
  hint?: string;
  /** A sum of what is owed: balances, or the totals (`data-basis` for tests). */
  basis?: 'balance' | 'total';
  error?: string | null;
}

/**
 * One figure of a dashboard: a count and its sums in the user's language and currency format, as a
 * link to the list of the records it counts. `data-count` and `data-amounts` ("ILS:12345") carry
 * the exact values for tests.
 */
export function FigureCard({ id, label, count, money, link, hint, basis, error }: FigureProps) {
  const { t, locale, countOf } = useT();
  const countText = count === null ? '' : numberFormat(locale).format(count);
  // A sum of nothing is zero in the business's currency, written as any other amount.
  const main = money ? <Amounts money={money} zero={DEFAULT_CURRENCY} /> : countText;
  // The area of the list the figure opens: what it counts ("69 documents").
  const area = link && 'params' in link && 'area' in link.params ? link.params.area : undefined;
  // Plain elements styled by paper.css and figure.css (as the Paper and Texts were): a home screen holds thirty of these.
  const body = (
    <>
      <span className="figure-label">{label}</span>
      {count === null && !error ? <Loader size="sm" aria-label={t('app.loading')} />
        : <span className="figure-value">{error ? '—' : main}</span>}
      {money && count !== null && !error && <span className="figure-count">{area ? countOf(area, count) : t('home.records', { count })}</span>}
      {hint && <span className="figure-hint">{hint}</span>}
      {error && <span className="figure-error" role="alert">{error}</span>}
    </>
  );
  return (
    <div className="figure plain-paper" data-testid={`figure-${id}`} data-count={count ?? undefined} data-amounts={money ? money.map((m) => `${m.currency}:${m.minor}`).join(',') : undefined} data-basis={basis}>
      {link && count !== null && !error ? <PlainScreenLink screen={link} className="figure-link">{body}</PlainScreenLink> : <div className="figure-link">{body}</div>}
    </div>
  );
}
