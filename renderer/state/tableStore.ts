import type { TableView } from '../../shared';
import { firstPage, type PagerState } from './pager';
import { emptyFilters, type FilterValues, type PageSize } from './filters';
import { clearTableStates, tableMemory } from './tableMemory';
import { rememberCurrent, tableViews } from './savedViews';

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
}

export const defaultTableState = (): TableState => ({
  filters: emptyFilters(), pager: firstPage(), pageSize: 25, columnVisibility: {}, columnOrder: [], columnSizing: {}, loadAll: false,
});

/** The part of a table's state a view keeps (not the page it is on, nor "load all"). */
export const viewOf = (s: TableState): TableView => ({
  columnVisibility: s.columnVisibility, columnOrder: s.columnOrder, columnSizing: s.columnSizing, pageSize: s.pageSize, filters: s.filters,
});

/** A view applied to a table: from its first page. */
export const withView = (s: TableState, v: TableView): TableState => ({ ...s, ...v, filters: { ...v.filters }, pager: firstPage() });

/** This visit's state, else the view kept for this profile, else the defaults. */
export function loadTableState(area: string): TableState {
  const inMemory = tableMemory.get(area) as TableState | undefined;
  if (inMemory) return inMemory;
  const kept = tableViews(area)?.current;
  return kept ? withView(defaultTableState(), kept) : defaultTableState();
}

const DEFAULT_VIEW = JSON.stringify(viewOf(defaultTableState()));

/** Keeps the state for this visit, and its view for the profile (a table never changed writes nothing). */
export function saveTableState(area: string, s: TableState): void {
  tableMemory.set(area, s);
  const view = viewOf(s);
  if (tableViews(area) || JSON.stringify(view) !== DEFAULT_VIEW) rememberCurrent(area, view);
}

export { clearTableStates };
