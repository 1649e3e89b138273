import { firstPage, type PagerState } from './pager';
import { emptyFilters, type FilterValues, type PageSize } from './filters';
import { clearTableStates, tableMemory } from './tableMemory';

/** Everything a list screen remembers when you leave it and come back (per area, in memory). */
export interface TableState {
  filters: FilterValues;
  pager: PagerState;
  pageSize: PageSize;
  /** Column keys the user has switched on or off; absent means the declaration's default. */
  columnVisibility: Record<string, boolean>;
}


export const defaultTableState = (): TableState => ({ filters: emptyFilters(), pager: firstPage(), pageSize: 25, columnVisibility: {} });
export const loadTableState = (area: string): TableState => (tableMemory.get(area) as TableState | undefined) ?? defaultTableState();
export const saveTableState = (area: string, s: TableState): void => void tableMemory.set(area, s);
export { clearTableStates };
