import { lazy } from 'react';
import type { GroupKey } from '../resources/types';
import { withAllTexts } from '../i18n';

/** One lazy chunk per navigation group keeps the first chunk small. */
export const GROUP_SCREENS = {
  sales: lazy(withAllTexts(() => import('./sales'))),
  catalog: lazy(withAllTexts(() => import('./catalog'))),
  documents: lazy(withAllTexts(() => import('./documents'))),
  expenses: lazy(withAllTexts(() => import('./expenses'))),
  settings: lazy(withAllTexts(() => import('./settings'))),
} satisfies Record<GroupKey, unknown>;
