import { CONFLICT_CODES, DECIMAL_TEXT, FEATURE_DISABLED_CODE, currencyDecimals, decimalToMinor, minorToDecimal, type BridgeError } from '../../shared';

/**
 * Rules of acting on several records at once (bulk approval in the review queue): which can be acted
 * on, the range a shift-click selects, what the selection adds up to, and what each answer means.
 */
type Rec = Record<string, unknown>;

/** An expense the approve route can take now: waiting for review, nothing blocking it (spec section 3). */
export const approvable = (r: Rec): boolean =>
  r.review_status === 'needs_review' && !(Array.isArray(r.blocking_issues) && r.blocking_issues.length > 0);

/**
 * The selection after a click on `id`: toggled alone, or with shift the whole range from the last
 * clicked row (the anchor) to it, in the order shown, set to the clicked row's new state.
 */
export function toggleSelection(order: readonly string[], selected: ReadonlySet<string>, id: string, anchor: string | null, range: boolean): Set<string> {
  const next = new Set(selected);
  const on = !selected.has(id);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(id);
  const ids = range && from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const x of ids) if (on) next.add(x); else next.delete(x);
  return next;
}

/** The total of a decimal amount field per currency, in the order currencies first appear. */
export function totalsByCurrency(rows: readonly Rec[], amount: string, currency = 'currency'): { currency: string; total: string }[] {
  const sums = new Map<string, number>();
  for (const r of rows) {
    const c = typeof r[currency] === 'string' ? (r[currency] as string) : '';
    const v = r[amount];
    if (!c || typeof v !== 'string' || !DECIMAL_TEXT.test(v)) continue;
    sums.set(c, (sums.get(c) ?? 0) + decimalToMinor(v, currencyDecimals(c)));
  }
  return [...sums].map(([c, minor]) => ({ currency: c, total: minorToDecimal(minor, currencyDecimals(c)) }));
}

/** What one approval in a batch came to. */
export type BulkOutcome =
  | { kind: 'approved'; requestId: string; replayed: boolean }
  /** The expense changed since it was shown (409): read again; `again` when it can still be approved at its new revision. */
  | { kind: 'stale'; current: Rec | null; again: boolean }
  | { kind: 'blocked'; issues: { code: string; message?: string }[] }
  | { kind: 'denied'; error: BridgeError }
  | { kind: 'feature_off'; error: BridgeError }
  /** No answer: a retry reuses the same Idempotency-Key, so it cannot approve twice. */
  | { kind: 'unknown'; error: BridgeError }
  | { kind: 'failed'; error: BridgeError };

/** A failed approval's answer, by its status and code (spec 7; the 409 codes are assumptions, docs/assumptions.md). */
export function failureOf(error: BridgeError, uncertain: boolean): Exclude<BulkOutcome, { kind: 'approved' } | { kind: 'stale' } | { kind: 'blocked' }> | 'stale' | 'blocked' {
  if (uncertain) return { kind: 'unknown', error };
  if (error.status === 409 && error.code === CONFLICT_CODES.staleRevision) return 'stale';
  if (error.status === 409 && error.code === CONFLICT_CODES.approvalBlocked) return 'blocked';
  if (error.code === FEATURE_DISABLED_CODE) return { kind: 'feature_off', error };
  if (error.status === 403 && error.code === 'insufficient_permission') return { kind: 'denied', error };
  return { kind: 'failed', error };
}
