import { currencyDecimals, decimalToMinor, qtyToThousandths, DECIMAL_TEXT, type LocalAggregateOutput, type LocalOwedBasis } from '../../shared';
import { daysBetween, monthOf } from '../lib/calendar';
import { AGEING, sectionAreas, type AgeingKey, type HomeRole, type HomeSection } from '../resources/home';

/**
 * The home screen's pure rules: which roles and sections a key sees, and how rows and sums become
 * figures (exact, in minor units per currency). Tested under Node.
 */

/** An amount in one currency, in its minor units (exact). */
export interface Money { currency: string; minor: number }

/** Adds amounts per currency, largest first. */
export function addMoney(...lists: readonly (readonly Money[])[]): Money[] {
  const by = new Map<string, number>();
  for (const m of lists.flat()) by.set(m.currency, (by.get(m.currency) ?? 0) + m.minor);
  return [...by].map(([currency, minor]) => ({ currency, minor })).sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency));
}

/** The sums of one column an aggregate group holds, per currency. */
export function sumsOf(group: LocalAggregateOutput['groups'][number] | undefined, column: string): Money[] {
  if (!group) return [];
  return addMoney(group.sums.filter((s) => s.column === column && s.currency !== null)
    .map((s) => ({ currency: s.currency!, minor: decimalToMinor(s.value, currencyDecimals(s.currency!)) })));
}

/**
 * The roles a key sees, each with the sections it can read (`canRead`: an area the key is not known
 * to be refused); a section shared by roles (tasks) appears once, under the first role that shows.
 */
export function visibleRoles(roles: readonly HomeRole[], canRead: (area: string) => boolean): HomeRole[] {
  const seen = new Set<string>();
  const out: HomeRole[] = [];
  for (const role of roles) {
    const own = role.sections.filter((s) => sectionAreas(s).every(canRead));
    // A role applies when one of its own sections does; a shared one alone does not make the role.
    const applies = own.some((s) => !roles.some((r) => r !== role && r.sections.includes(s)));
    const sections = own.filter((s) => !seen.has(s.key));
    if (!applies || sections.length === 0) continue;
    sections.forEach((s) => seen.add(s.key));
    out.push({ ...role, sections });
  }
  return out;
}

/** The ageing bucket of a document `days` days past due (null when not overdue). */
export function ageingBucket(dueDate: string, today: string): AgeingKey | null {
  const late = daysBetween(dueDate, today);
  return AGEING.find((b) => late >= b.min && (b.max === null || late <= b.max))?.key ?? null;
}

/** Day groups (an aggregate grouped by a date column) summed into months, per currency. */
export function monthTotals(groups: LocalAggregateOutput['groups'], months: readonly string[], column: string): Map<string, { count: number; money: Money[] }> {
  const out = new Map(months.map((m) => [m, { count: 0, money: [] as Money[] }]));
  for (const g of groups) {
    if (typeof g.key !== 'string') continue;
    const slot = out.get(monthOf(g.key));
    if (!slot) continue;
    slot.count += g.count;
    slot.money = addMoney(slot.money, sumsOf(g, column));
  }
  return out;
}

/** The currency a chart draws: the one with the largest total (the others are in its table). */
export function mainCurrency(amounts: readonly Money[], fallback: string): string {
  return addMoney(amounts)[0]?.currency ?? fallback;
}

export interface IssueGroup { code: string; message: string; ids: string[]; money: Money[] }

/**
 * Records grouped by the codes of a `{ code, message }` list they hold (expenses by blocking issue):
 * a record with two issues counts in both groups. Largest group first.
 */
export function groupByIssue(rows: readonly Record<string, unknown>[], list: string, sum: { field: string; currency: string }): IssueGroup[] {
  const by = new Map<string, IssueGroup>();
  for (const row of rows) {
    const issues = Array.isArray(row[list]) ? (row[list] as unknown[]) : [];
    const amount = row[sum.field];
    const currency = row[sum.currency];
    const money: Money[] = typeof amount === 'string' && DECIMAL_TEXT.test(amount) && typeof currency === 'string'
      ? [{ currency, minor: decimalToMinor(amount, currencyDecimals(currency)) }] : [];
    const codes = new Set<string>();
    for (const issue of issues) {
      const code = (issue as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || codes.has(code)) continue;
      codes.add(code);
      const g = by.get(code) ?? { code, message: String((issue as { message?: unknown }).message ?? code), ids: [], money: [] };
      g.ids.push(String(row.id));
      g.money = addMoney(g.money, money);
      by.set(code, g);
    }
  }
  return [...by.values()].sort((a, b) => b.ids.length - a.ids.length || a.code.localeCompare(b.code));
}

/** Levels whose quantity is below their threshold (three-decimal strings, compared exactly). */
export function belowThreshold<T extends Record<string, unknown>>(rows: readonly T[], quantity: string, threshold: string): T[] {
  const qty = (v: unknown) => (typeof v === 'string' && DECIMAL_TEXT.test(v) ? qtyToThousandths(v) : null);
  return rows.filter((r) => {
    const q = qty(r[quantity]);
    const t = qty(r[threshold]);
    return q !== null && t !== null && q < t;
  });
}

/** The key of a section's note: its `<note>AtTotals` variant where its owed sums are the totals. */
export const noteKeyOf = (note: string, owed: LocalOwedBasis | null | undefined): string => (owed?.basis === 'total' ? `${note}AtTotals` : note);

/** Whether a section's figures can be counted: every area it reads is filled. */
export const sectionReady = (s: HomeSection, ready: (area: string) => boolean): boolean => sectionAreas(s).every(ready);
