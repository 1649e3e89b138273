import { lazy } from 'react';
import type { GroupKey } from '../resources/types';
import { withAllTexts } from '../i18n';
import { groupOf } from '../resources/groups';

/** One lazy chunk per navigation group keeps the first chunk small. */
const LOADERS = {
  sales: () => import('./sales'),
  catalog: () => import('./catalog'),
  documents: () => import('./documents'),
  expenses: () => import('./expenses'),
  settings: () => import('./settings'),
} satisfies Record<GroupKey, unknown>;

export const GROUP_SCREENS = {
  sales: lazy(withAllTexts(LOADERS.sales)),
  catalog: lazy(withAllTexts(LOADERS.catalog)),
  documents: lazy(withAllTexts(LOADERS.documents)),
  expenses: lazy(withAllTexts(LOADERS.expenses)),
  settings: lazy(withAllTexts(LOADERS.settings)),
} satisfies Record<GroupKey, unknown>;

/** Starts loading an area's screen code (the module system keeps it for the lazy screen). */
export function preloadArea(area: string): void {
  const group = groupOf(area);
  if (group) void LOADERS[group]().catch(() => undefined);
}
