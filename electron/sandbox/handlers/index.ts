import { ROUTES, ROUTE_IDS, type RouteId } from '../../../shared';
import { CATALOG_HANDLERS } from './catalog';
import type { Ctx, Handler, HandlerMap, Reply } from './context';
import { DOCUMENT_HANDLERS } from './documents';
import { EXPENSE_PAYMENT_HANDLERS } from './expense-payments';
import { EXPENSE_HANDLERS } from './expenses';
import { PARTY_HANDLERS } from './parties';
import { READ_HANDLERS, getHandler, listHandler } from './reads';
import { SALES_HANDLERS } from './sales';

/** Writes and special reads by operation id; plain lists, gets and details are generic. */
const EXPLICIT: HandlerMap = {
  ...READ_HANDLERS, ...PARTY_HANDLERS, ...SALES_HANDLERS, ...CATALOG_HANDLERS,
  ...DOCUMENT_HANDLERS, ...EXPENSE_HANDLERS, ...EXPENSE_PAYMENT_HANDLERS,
};

type AnyHandler = (ctx: Ctx) => Reply | Promise<Reply>;

export function hasHandler(id: RouteId): boolean {
  const kind = ROUTES[id].kind;
  return id in EXPLICIT || kind === 'list' || ((kind === 'get' || kind === 'details') && ROUTES[id].method === 'GET');
}

export function handlerFor(id: RouteId): AnyHandler {
  const explicit = EXPLICIT[id] as Handler<RouteId> | undefined;
  if (explicit) return explicit as AnyHandler;
  const kind = ROUTES[id].kind;
  if (kind === 'list') return listHandler;
  if (kind === 'get' || kind === 'details') return getHandler;
  throw new Error(`no handler for ${id}`);
}

/** Routes without a handler (a unit test keeps this empty). */
export const unhandledRoutes = (): RouteId[] => ROUTE_IDS.filter((id) => !hasHandler(id));
