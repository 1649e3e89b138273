import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createHashHistory, createRootRouteWithContext, createRoute, createRouter, useRouterState } from '@tanstack/react-router';
import { Shell } from '../app/Shell';
import { AreaPage, HomePage } from '../areas/AreaPage';
import { preloadArea } from '../areas/lazy';
import type { AppLocation, ListSearch } from './paths';
import { viewsLoaded, viewsSettled } from '../data/savedViews';

/**
 * Typed routes for every screen: the home, an area's list, one record, create, edit and the
 * action screens (`#/documents/<id>/close`). Hash history: the page is one file served from
 * app://bizops (or the harness's loopback server), so the path part never changes.
 */
interface RouterContext { queryClient: QueryClient }

/** Starts an area's data; resolves once its code is in (the data is not waited for). */
function warm(qc: QueryClient, area: string, id?: string): Promise<void> | undefined {
  void import('../data/prefetch').then((m) => (id ? m.prefetchRecord(qc, area, id) : m.prefetchList(qc, area))).catch(() => undefined);
  return preloadArea(area, id ? 'record' : 'list');
}

const root = createRootRouteWithContext<RouterContext>()({ component: () => <Shell><Outlet /></Shell> });
const home = createRoute({ getParentRoute: () => root, path: '/', component: HomePage });
/**
 * Only a string `open` is kept: anything else in the address is dropped. TanStack's hash history
 * appends the page's own query (the harness's `?lang=`) to the hash's, so a value read from a typed
 * or reloaded address may end in `?lang=en`: ids never hold a `?`, so it is cut there.
 */
const listSearch = (s: Record<string, unknown>): ListSearch => {
  const open = typeof s.open === 'string' ? s.open.split('?')[0] : '';
  return open ? { open } : {};
};
const list = createRoute({
  getParentRoute: () => root, path: '$area', component: AreaPage, validateSearch: listSearch,
  // The first page is asked for with the table's kept view: on the first visit, once the views are in.
  loader: ({ context, params }) => (viewsLoaded() ? warm(context.queryClient, params.area) : viewsSettled().then(() => warm(context.queryClient, params.area))),
});
/** Form screens (new, edit, actions): their code, waited for like the others'. */
const formCode = ({ params }: { params: { area: string } }) => preloadArea(params.area, 'form');
const create = createRoute({ getParentRoute: () => root, path: '$area/new', component: AreaPage, loader: formCode });
const record = createRoute({ getParentRoute: () => root, path: '$area/$id', component: AreaPage, loader: ({ context, params }) => warm(context.queryClient, params.area, params.id) });
const edit = createRoute({ getParentRoute: () => root, path: '$area/$id/edit', component: AreaPage, loader: formCode });
const action = createRoute({ getParentRoute: () => root, path: '$area/$id/$action', component: AreaPage, loader: formCode });
const rowAction = createRoute({ getParentRoute: () => root, path: '$area/$id/$action/$sub', component: AreaPage, loader: formCode });

export const routeTree = root.addChildren([home, list, create, record, edit, action, rowAction]);

/** Hovering or focusing a link already fetches what it leads to (code and data). */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, history: createHashHistory(), context: { queryClient }, defaultPreload: 'intent', defaultPendingMs: 150 });
}
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register { router: AppRouter }
}

const MODE_OF: Record<string, (p: Record<string, string>) => string | null> = {
  '/$area/new': () => 'new',
  '/$area/$id/edit': () => 'edit',
  '/$area/$id/$action': (p) => p.action ?? null,
  '/$area/$id/$action/$sub': (p) => p.action ?? null,
};

/** The record open in the drawer over the current list, if any. */
export function useDrawerId(): string | null {
  return useRouterState({
    select: (s) => {
      const m = s.matches[s.matches.length - 1];
      // The match's search has been through listSearch; the location's has not.
      return m?.routeId === '/$area' ? (m.search as ListSearch).open ?? null : null;
    },
  });
}

/** The current area, record id, mode (new, edit or an action) and the row an action acts on, from the deepest route match. */
export function useAppLocation(): AppLocation {
  const key = useRouterState({
    select: (s) => {
      const m = s.matches[s.matches.length - 1];
      const p = (m?.params ?? {}) as Record<string, string>;
      return JSON.stringify([p.area ?? null, p.id ?? null, m ? (MODE_OF[m.routeId]?.(p) ?? null) : null, p.sub ?? null]);
    },
  });
  const [area, id, mode, sub] = JSON.parse(key) as [string | null, string | null, string | null, string | null];
  return { area, id, mode, sub };
}
