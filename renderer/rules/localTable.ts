import { DECIMAL_TEXT, FILTERS_BY_KIND, linkViewSchema, localColumn, type ColumnFilter, type LinkView, type LocalAggregateInput, type LocalColumn, type LocalFilter, type LocalQueryInput, type LocalSort } from '../../shared';
import { instantOf, nextDay } from '../lib/zone';
import { firstPage } from './pager';
import type { TableState } from './tableStore';

export type { ColumnFilter };

/**
 * A table on the local copy: sorts on any column (several keys), a filter per column by what it
 * holds, one search over the text. The screen keeps what the user typed (ColumnFilter); the query
 * main answers is built from it here, pure, so it is tested under Node.
 */

/** A list column's field path as the copy's column name ("customer.name" -> "customer__name"). */
export const localNameOf = (key: string): string => key.replaceAll('.', '__');
export const localColumnOf = (area: string, key: string): LocalColumn | undefined => localColumn(area, localNameOf(key));

/** The filter editor a column gets, by what it holds. */
export type FilterEditor = 'range-number' | 'range-date' | 'choice' | 'ref' | 'text' | 'yesno';
export function editorOf(col: LocalColumn): FilterEditor | null {
  switch (col.kind) {
    case 'money': case 'quantity': case 'int': return 'range-number';
    case 'date': case 'datetime': return 'range-date';
    case 'enum': case 'currency': return 'choice';
    case 'ref': return 'ref';
    case 'text': return 'text';
    case 'bool': return 'yesno';
    case 'id': return null;
  }
}

export interface LocalTableState {
  sort: LocalSort[];
  columnFilters: ColumnFilter[];
  search: string;
}

/**
 * A click on a column's header: sort by it alone, ascending, or reverse it when it is the only key;
 * with shift, add it as a further key or reverse it where it stands.
 */
export function nextSort(sort: readonly LocalSort[], column: string, additive: boolean): LocalSort[] {
  const at = sort.findIndex((s) => s.column === column);
  const flip = (s: LocalSort): LocalSort => ({ column: s.column, direction: s.direction === 'asc' ? 'desc' : 'asc' });
  if (additive) return at >= 0 ? sort.map((s, i) => (i === at ? flip(s) : s)) : [...sort, { column, direction: 'asc' as const }].slice(-4);
  return at >= 0 && sort.length === 1 ? [flip(sort[0]!)] : [{ column, direction: 'asc' }];
}

/** A day's first moment, or the first moment after it, in the time zone, as the API writes instants. */
const dayStart = (day: string, zone: string) => new Date(instantOf(`${day}T00:00`, zone)).toISOString();
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** One typed filter as the copy's filter, or null while it says nothing (an empty range, a bad number). */
export function toLocalFilter(area: string, f: ColumnFilter, zone: string): LocalFilter | null {
  const col = localColumnOf(area, f.column);
  if (!col) return null;
  const name = col.name;
  const allowed = FILTERS_BY_KIND[col.kind];
  switch (f.op) {
    case 'range': {
      if (!allowed.includes('range')) return null;
      if (col.kind === 'date' || col.kind === 'datetime') {
        const from = isDay(f.from) ? f.from : null;
        const to = isDay(f.to) ? f.to : null;
        if (!from && !to) return null;
        // A date column compares days; a moment compares instants: the whole "to" day is in, on the user's clock.
        if (col.kind === 'date') return { column: name, op: 'range', ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) };
        return { column: name, op: 'range', ...(from ? { gte: dayStart(from, zone) } : {}), ...(to ? { lt: dayStart(nextDay(to), zone) } : {}) };
      }
      const num = (s: string) => (DECIMAL_TEXT.test(s.trim()) ? Number(s.trim()) : null);
      const from = num(f.from);
      const to = num(f.to);
      if (from === null && to === null) return null;
      return { column: name, op: 'range', ...(from !== null ? { gte: from } : {}), ...(to !== null ? { lte: to } : {}) };
    }
    case 'in': return f.values.length && allowed.includes('in') ? { column: name, op: 'in', values: f.values } : null;
    case 'contains': return f.text.trim() && allowed.includes('contains') ? { column: name, op: 'contains', value: f.text.trim() } : null;
    case 'is': return allowed.includes('equals') ? { column: name, op: 'equals', value: f.value } : null;
    case 'ref': return allowed.includes('equals') ? { column: name, op: 'equals', value: f.id } : null;
    case 'empty': return allowed.includes('empty') ? { column: name, op: 'empty', empty: f.empty } : null;
  }
}

/** The query of one window of rows (offset and size) for the table's state. */
export function localQueryOf(area: string, s: LocalTableState, language: 'en' | 'he', zone: string, offset: number, limit: number): LocalQueryInput {
  return {
    area,
    filters: s.columnFilters.map((f) => toLocalFilter(area, f, zone)).filter((f): f is LocalFilter => f !== null),
    sort: s.sort.filter((x) => localColumn(area, x.column) !== undefined),
    ...(s.search.trim() ? { search: s.search.trim() } : {}),
    language,
    page: { offset, limit },
  };
}

/** Whether a typed filter restricts anything (shown as active on its column). */
export const isActive = (area: string, f: ColumnFilter): boolean => toLocalFilter(area, f, 'UTC') !== null;

/**
 * The view a link carries (its address's `view`), checked against the contract; null when it does
 * not parse. A harness page's own query (`?lang=`) may trail the hash's last value: cut off.
 */
export function parseLinkView(text: string): LinkView | null {
  for (const candidate of [text, text.split('?')[0]!]) {
    try {
      const parsed = linkViewSchema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      /* not JSON: the next candidate */
    }
  }
  return null;
}

/** A table opened by a link: exactly the link's filters and sort (no search), its filtered columns shown. */
export function withLinkView(s: TableState, v: LinkView, listColumns: readonly string[]): TableState {
  const shown = { ...s.columnVisibility };
  for (const f of v.filters) if (listColumns.includes(f.column)) shown[f.column] = true;
  return { ...s, columnFilters: v.filters, sort: v.sort, filters: { ...s.filters, search: '' }, columnVisibility: shown, pager: firstPage(), loadAll: false };
}

/** A count (and sums) of the records a list's column filters keep: what a figure that links to that list counts. */
export function aggregateOf(area: string, filters: readonly ColumnFilter[], zone: string, extra: { sums?: string[]; groupBy?: string; owed?: boolean } = {}): LocalAggregateInput {
  return {
    area,
    filters: filters.map((f) => toLocalFilter(area, f, zone)).filter((f): f is LocalFilter => f !== null),
    sums: extra.sums ?? [],
    ...(extra.groupBy ? { group_by: localNameOf(extra.groupBy) } : {}),
    ...(extra.owed ? { owed: true } : {}),
  };
}

/** Reads of the copy a screen makes, to be started ahead of it (a route's prefetch) under its hooks' keys. */
export interface LocalReads {
  aggregates: LocalAggregateInput[];
  /** One page each. */
  rows: LocalQueryInput[];
  /** Read whole, page by page (records the copy cannot group or compare itself). */
  allRows: Omit<LocalQueryInput, 'page'>[];
}

/** The rows those filters keep, in this order (a record's related rows). */
export function rowsQueryOf(area: string, filters: readonly ColumnFilter[], sort: readonly LocalSort[], zone: string, limit: number, language: 'en' | 'he' = 'en'): LocalQueryInput {
  return { ...localQueryOf(area, { sort: [...sort], columnFilters: [...filters], search: '' }, language, zone, 0, limit) };
}
