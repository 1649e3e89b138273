import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { IconClock, IconCoin, IconMessageCircleX } from '@tabler/icons-react';
import { lineTotalMinor } from '../../../shared';
import { useT } from '../../i18n';
import { useLocalQuery } from '../../data/localCopy';
import { useRecord } from '../../data/useRecord';
import { declOf } from '../../resources/lookup';
import { rowsQueryOf } from '../../rules/localTable';
import { Amounts, type Amount } from '../../kit/Money';
import { formatTimestamp } from '../../lib/format';
import { relativeTime } from '../../lib/relative';
import { userTimeZone } from '../../lib/zone';

type Rec = Record<string, unknown>;
const LEADS = declOf('leads')!;

/** True once the element has been in view (a card far down a column reads nothing until the user gets there). */
function useSeen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return undefined;
    const watch = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) setSeen(true); });
    watch.observe(el);
    return () => watch.disconnect();
  }, [ref, seen]);
  return seen;
}

/** The value of a lead's products of interest: each quantity at its product's price, per currency; null while not known. */
export function interestValue(products: readonly Rec[], prices: readonly Rec[]): Amount[] | null {
  if (products.length === 0) return null;
  const byId = new Map(prices.map((p) => [String(p.id), p]));
  const sums = new Map<string, number>();
  for (const p of products) {
    const product = byId.get(String(p.product_id));
    if (!product || typeof product.price_minor !== 'number' || typeof product.currency !== 'string' || typeof p.quantity !== 'string') return null;
    try {
      sums.set(product.currency, (sums.get(product.currency) ?? 0) + lineTotalMinor(product.price_minor, p.quantity));
    } catch {
      return null;
    }
  }
  return [...sums].map(([currency, minor]) => ({ currency, minor }));
}

/**
 * What a sales person sorts a card by: when the lead last changed, the value of its products of
 * interest where known, and for a lost lead the reason. The last two come from the lead's record,
 * read once its card comes into view and `read` says the board's own reads are in (and kept: the
 * lead's page then opens at once).
 */
export const LeadCardFacts = memo(function LeadCardFacts({ lead, read }: { lead: Rec; read: boolean }) {
  const { t, locale, lang } = useT();
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeen(ref);
  const id = String(lead.id);
  const record = useRecord(LEADS, seen && read ? id : null).data?.data as Rec | undefined;
  const products = useMemo(() => (Array.isArray(record?.products_of_interest) ? (record.products_of_interest as Rec[]) : []), [record]);
  const ids = useMemo(() => [...new Set(products.map((p) => String(p.product_id)))], [products]);
  const prices = useLocalQuery(rowsQueryOf('products', [{ column: 'id', op: 'in', values: ids.length ? ids : [id] }], [], userTimeZone(), ids.length || 1, lang), ids.length > 0);
  const value = prices.data ? interestValue(products, prices.data.rows) : null;
  const changed = typeof lead.updated_at === 'string' ? lead.updated_at : null;
  const reason = lead.status === 'lost' && typeof record?.loss_reason === 'string' && record.loss_reason.trim() ? record.loss_reason : null;
  // A card is narrow: each fact is a short line with an icon, its words in full for screen readers and in its title.
  const when = changed ? relativeTime(changed, Date.now(), locale) ?? formatTimestamp(changed, locale) : null;
  return (
    <div ref={ref} className="board-facts" data-testid={`board-facts-${id}`}>
      {value && (
        <Text size="xs" fw={600} className="board-fact" title={t('board.interest')} data-testid="board-value">
          <IconCoin size={12} aria-hidden /><span className="visually-hidden">{t('board.interest')} </span><Amounts money={value} />
        </Text>
      )}
      {changed && when && (
        <Text size="xs" c="dimmed" className="board-fact" title={`${t('board.changed', { when })} (${formatTimestamp(changed, locale)})`}>
          <IconClock size={12} aria-hidden /><span className="visually-hidden">{t('board.changed', { when })}</span><span aria-hidden>{when}</span>
        </Text>
      )}
      {reason && (
        <Text size="xs" className="board-fact" title={t('board.lostBecause')} data-testid="board-loss-reason">
          <IconMessageCircleX size={12} aria-hidden /><span className="visually-hidden">{t('board.lostBecause')} </span><bdi>{reason}</bdi>
        </Text>
      )}
    </div>
  );
});
