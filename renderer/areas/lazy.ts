import { lazy } from 'react';
import type { GroupKey } from '../resources/types';

/** One lazy chunk per navigation group keeps the first chunk small. */
export const GROUP_SCREENS = {
  sales: lazy(() => import('./sales')),
  catalog: lazy(() => import('./catalog')),
  documents: lazy(() => import('./documents')),
  expenses: lazy(() => import('./expenses')),
  settings: lazy(() => import('./settings')),
} satisfies Record<GroupKey, unknown>;
