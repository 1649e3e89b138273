import { LOCAL_OWED, localColumn, type LocalColumn, type LocalOwedBasis } from '../../../shared';
import { q, tableOf } from './schema';
import type { LocalStore } from './store';

/**
 * What is owed on a record (shared/local/owed.ts), in SQL over the copy: the amount less the payments
 * naming it in the same currency. Balances only from a complete copy of payments the key may read;
 * otherwise the amounts alone, said so.
 */
export function owedBasis(store: LocalStore, area: string): LocalOwedBasis {
  const paid = LOCAL_OWED[area]!.paid.area;
  const m = store.meta(paid);
  if (m.denied) return { basis: 'total', why: 'unreadable' };
  if (!m.filled) return { basis: 'total', why: 'filling' };
  return { basis: 'balance' };
}

/** What an owed answer depends on besides its own area: the paying area's records and whether they count. */
export function owedTag(store: LocalStore, area: string, basis: LocalOwedBasis): string {
  const paid = LOCAL_OWED[area]!.paid.area;
  return `${paid}:${store.generation(paid)}:${basis.basis}`;
}

/** The SQL of a row's (`r`) balance of `col`, or the column itself when it is not the owed amount. */
export function owedExpr(area: string, col: LocalColumn): string {
  const o = LOCAL_OWED[area];
  if (!o || o.amount !== col.name || !col.currency) return `r.${q(col.name)}`;
  const paid = localColumn(o.paid.area, o.paid.amount)!;
  const payments = `SELECT sum(p.${q(paid.name)}) FROM ${tableOf(o.paid.area)} p WHERE p.${q(o.paid.by)} = r.id AND p.${q(paid.currency!)} = r.${q(col.currency)}`;
  return `r.${q(col.name)} - coalesce((${payments}), 0)`;
}
