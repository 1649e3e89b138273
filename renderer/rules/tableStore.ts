import type { ColumnFilter, LocalSort, TableView } from '../../shared';
import { firstPage, type PagerState } from './pager';
import { emptyFilters, type FilterValues, type PageSize } from './filters';
import { clearTableStates, tableMemory } from './tableMemory';

/** Everything a list screen remembers: its view (kept per profile across restarts) plus where it is now. */
export interface TableState {
  filters: FilterValues;
  pager: PagerState;
  pageSize: PageSize;
  /** Column keys the user has switched on or off; absent means the declaration's default. */
  columnVisibility: Record<string, boolean>;
  /** Column keys in the order the user put them; columns not listed follow in declared order. */
  columnOrder: string[];
  /** Widths (px) of the columns the user resized. */
  columnSizing: Record<string, number>;
  /** Every page at once (up to LOAD_ALL_MAX rows) in a virtualised body, instead of one page. */
  loadAll: boolean;
  /** On the local copy: sort keys (the copy's column names) and a filter per column. */
  sort: LocalSort[];
  columnFilters: ColumnFilter[];
}

export const defaultTableState = (): TableState => ({
  filters: emptyFilters(), pager: firstPage(), pageSize: 25, columnVisibility: {}, columnOrder: [], columnSizing: {}, loadAll: false, sort: [], columnFilters: [],
});

/** The part of a table's state a view keeps (not the page it is on, nor "load all"). */
export const viewOf = (s: TableState): TableView => ({
  columnVisibility: s.columnVisibility, columnOrder: s.columnOrder, columnSizing: s.columnSizing, pageSize: s.pageSize, filters: s.filters,
  sort: s.sort, columnFilters: s.columnFilters,
});

/** A view applied to a table: from its first page. */
export const withView = (s: TableState, v: TableView): TableState => ({ ...s, ...v, filters: { ...v.filters }, sort: [...v.sort], columnFilters: [...v.columnFilters], pager: firstPage() });

/** This visit's state, else the view kept for this profile (`kept`, data/savedViews.ts), else the defaults. */
export function loadTableState(area: string, kept?: TableView): TableState {
  const inMemory = tableMemory.get(area) as TableState | undefined;
  if (inMemory) return inMemory;
  return kept ? withView(defaultTableState(), kept) : defaultTableState();
}

/** Keeps the state for this visit; the view it holds is the caller's to keep for the profile. */
export function saveTableState(area: string, s: TableState): void {
  tableMemory.set(area, s);
}

/** The declaration's defaults as a view: a table still showing them has nothing to keep. */
export const DEFAULT_VIEW: TableView = viewOf(defaultTableState());

/** Every page at once brings at most this many rows into one table. */
export const LOAD_ALL_MAX = 10_000;

export { clearTableStates };
