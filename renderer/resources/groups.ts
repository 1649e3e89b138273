import type { GroupKey } from './types';

/** Renderer-only areas (no API route): connection profiles and the activity log. */
export const PROFILES_AREA = 'profiles';
/** The bookkeeper's review queue: expenses waiting for review, a screen of the expenses group. */
export const REVIEW_AREA = 'expense-review';
export const ACTIVITY_AREA = 'activity';
/** The sales person's lead board: a column per status, a card dragged to another changes its status. */
export const LEAD_BOARD_AREA = 'lead-board';
/** The active profile's local copy: each area's state, and Sync now / Check deletions / Turn off / Forget. */
export const LOCAL_COPY_AREA = 'local-copy';
/** Changes made without the service, waiting to be sent: each with its state, why, and the user's choices. */
export const OUTBOX_AREA = 'outbox';
/** Areas of the navigation that are screens of the app rather than areas of the API, each at its own address. */
export const APP_AREAS = [PROFILES_AREA, REVIEW_AREA, ACTIVITY_AREA, LOCAL_COPY_AREA, LEAD_BOARD_AREA, OUTBOX_AREA] as const;
export type AppArea = (typeof APP_AREAS)[number];

/**
 * Navigation groups, the way the users work. Every API area of RESOURCE_AREAS appears exactly once
 * (a unit test holds this); suppliers sit with expenses, where bookkeepers meet them.
 */
export const GROUPS: Record<GroupKey, readonly string[]> = {
  sales: ['leads', LEAD_BOARD_AREA, 'customers', 'tasks'],
  catalog: ['products', 'raw-materials', 'inventory', 'inventory-movements'],
  documents: ['documents', 'document-drafts', 'payments', 'imported-documents-a', 'imported-documents-b'],
  expenses: [REVIEW_AREA, 'expenses', 'expense-categories', 'expense-payments', 'imported-expenses', 'suppliers'],
  settings: ['business', 'sales-agents', 'bank-accounts', 'tags', PROFILES_AREA, LOCAL_COPY_AREA, OUTBOX_AREA, ACTIVITY_AREA],
};

/** The areas whose records the command palette finds, each through its list route's own search. */
export const SEARCH_AREAS = ['customers', 'suppliers', 'leads', 'products', 'documents'] as const;
export type SearchArea = (typeof SEARCH_AREAS)[number];

export function groupOf(area: string): GroupKey | undefined {
  return (Object.keys(GROUPS) as GroupKey[]).find((g) => GROUPS[g].includes(area));
}
