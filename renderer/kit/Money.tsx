import { Fragment } from 'react';
import { moneyOfMinor } from '../lib/money';
import { useT } from '../i18n';

/** An amount in one currency, in minor units (rules/home.ts Money). */
export interface Amount { currency: string; minor: number }

/**
 * An amount written as every screen writes it (lib/money.ts): left to right in both languages, with
 * tabular figures, so amounts one under another line up at their decimal points.
 */
export function Money({ text }: { text: string }) {
  return <span className="num money" dir="ltr">{text}</span>;
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
