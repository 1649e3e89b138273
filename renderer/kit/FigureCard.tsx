import './paper.css';
import './figure.css';
import { Loader } from '@mantine/core';
import { formatMoney, numberFormat } from '../../shared/values';
import { useT } from '../i18n';
import { PlainScreenLink } from '../nav/links';
import type { ScreenTarget } from '../nav/paths';

/** An amount in one currency, in minor units (rules/home.ts Money). */
export interface Amount { currency: string; minor: number }

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

/** Amounts in the user's locale, one per currency. */
export function useMoneyText(): (money: readonly Amount[]) => string {
  const { locale } = useT();
  return (money) => money.map((m) => formatMoney(m.minor, m.currency, locale)).join(' · ');
}

/**
 * One figure of a dashboard: a count and its sums in the user's language and currency format, as a
 * link to the list of the records it counts. `data-count` and `data-amounts` ("ILS:12345") carry
 * the exact values for tests.
 */
export function FigureCard({ id, label, count, money, link, hint, basis, error }: FigureProps) {
  const { t, locale, countOf } = useT();
  const moneyText = useMoneyText();
  const countText = count === null ? '' : numberFormat(locale).format(count);
  // One line per currency (a separator read out between them, not drawn): "₪305,256.27 · €2,209.46" wrapped mid-way, RTL most of all.
  const amounts = money?.map((m, i) => (
    <span key={m.currency} className="figure-amount" dir="auto">{i > 0 && <span className="visually-hidden">; </span>}{moneyText([m])}</span>
  ));
  const main = money ? (money.length ? amounts : count === 0 ? t('home.none') : '') : countText;
  // The area of the list the figure opens: what it counts ("69 documents").
  const area = link && 'params' in link ? link.params.area : undefined;
  // Plain elements styled by paper.css and figure.css (as the Paper and Texts were): a home screen holds thirty of these.
  const body = (
    <>
      <span className="figure-label">{label}</span>
      {count === null && !error ? <Loader size="sm" aria-label={t('app.loading')} />
        : <span className="figure-value" dir="auto">{error ? '—' : main}</span>}
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
