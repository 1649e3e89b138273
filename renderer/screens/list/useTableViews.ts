import { useCallback, useSyncExternalStore } from 'react';
import type { TableView, TableViews } from '../../../shared/views';
import { subscribeViews, tableViews } from '../../data/savedViews';

/** The table's saved views as they change (kept per profile by main). */
export function useTableViews(area: string): TableViews | undefined {
  const get = useCallback(() => tableViews(area), [area]);
  return useSyncExternalStore(subscribeViews, get);
}

export const sameView = (a: TableView, b: TableView): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The applied named view, and whether the table has moved away from it since. */
export function appliedView(views: TableViews | undefined, current: TableView): { name: string; changed: boolean } | null {
  const named = views?.active ? views.named.find((v) => v.name === views.active) : undefined;
  return named ? { name: named.name, changed: !sameView(named.view, current) } : null;
}
