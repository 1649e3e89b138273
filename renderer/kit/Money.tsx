import { Fragment } from 'react';
import { moneyOfMinor, moneyParts } from '../lib/money';
import { useT } from '../i18n';

/** An amount in one currency, in minor units (rules/home.ts Money). */
export interface Amount { currency: string; minor: number }

/**
 * An amount written as every screen writes it (lib/money.ts): left to right in both languages, with
 * tabular figures, its currency sign in a slot of one width on the side the language puts its own
 * currency's sign (after the number in Hebrew, before it in English), whatever the currency: so
 * amounts one under another line up at their decimal points even when their currencies differ.
 * The text reads as Intl writes the language's own currency (what is copied and read out).
 */
export function Money({ text }: { text: string }) {
  const { locale } = useT();
  const p = moneyParts(text, locale);
  if (!p) return <span className="num money" dir="ltr">{text}</span>;
  return (
    <span className="num money" dir="ltr" data-sign-side={p.signAfter ? 'after' : 'before'}>
      {p.lead && <span className="money-sign">{p.lead}</span>}
      {p.lead && p.spaced && '\u00a0'}
      <span className="money-number">{p.number}</span>
      {p.trail && p.spaced && '\u00a0'}
      {p.trail && <span className="money-sign">{p.trail}</span>}
    </span>
  );
}

/**
 * Sums per currency, side by side. A sum of nothing is zero in `zero`'s currency (a figure that
 * counts no records still says what it would be counted in).
 */
export function Amounts({ money, zero }: { money: readonly Amount[]; zero?: string }) {
  const { locale } = useT();
  const shown = money.length || !zero ? money : [{ currency: zero, minor: 0 }];
  return (
    <>
      {shown.map((m, i) => (
        <Fragment key={m.currency}>
          {i > 0 && ' · '}
          <Money text={moneyOfMinor(m.minor, m.currency, locale)} />
        </Fragment>
      ))}
    </>
  );
}
