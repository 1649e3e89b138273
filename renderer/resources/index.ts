import { SALES } from './sales';
import { CATALOG } from './catalog';
import { DOCUMENTS } from './documents';
import { EXPENSES } from './expenses';
import { SETTINGS } from './settings';
import type { GroupKey, ResourceDecl } from './types';

/** Every declaration by group; the group screens (lazy chunks) import their own file directly. */
export const DECLS_BY_GROUP: Record<GroupKey, ResourceDecl[]> = { sales: SALES, catalog: CATALOG, documents: DOCUMENTS, expenses: EXPENSES, settings: SETTINGS };
