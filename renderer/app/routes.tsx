import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createHashHistory, createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import { Shell } from './Shell';
import { APP_SCREENS, GROUP_CODE, SCREENS, preloadAppScreen, preloadArea } from '../areas/code';
import { AreaForm, AreaList, AreaRecord } from '../areas/AreaScreens';
import { NotFoundScreen } from '../kit/NotFoundScreen';
import type { CreateSearch, ListSearch, OutboxSearch } from '../nav/paths';
import { ACTIVITY_AREA, LEAD_BOARD_AREA, LOCAL_COPY_AREA, OUTBOX_AREA, PROFILES_AREA, REVIEW_AREA } from '../resources/groups';
import { viewsLoaded, viewsSettled } from '../data/savedViews';
import { languageNow } from '../i18n';

/**
 * Every screen of the app in one table: route -> screen, with its typed params passed down. Hash
 * history: the page is one file served from app://bizops (or the harness's loopback server), so the
 * path part never changes. The app's own screens have fixed addresses, which rank above `$area`.
 */
interface RouterContext { queryClient: QueryClient }

/** Starts a list's data; resolves once its code is in (the data is not waited for). */
function warm(qc: QueryClient, area: string): Promise<void> | undefined {
  void import('../data/prefetch').then((m) => m.prefetchList(qc, area)).catch(() => undefined);
  return preloadArea(area, 'list');
}

/**
 * How long a record's screen waits for its reads (the record, its related sections from the copy)
 * before it shows with loaders for what is still on its way: a quick answer then paints the page
 * once, whole, instead of a frame per section; a slow one is not waited for.
 */
const RECORD_READS_WAIT_MS = 120;

/** A record's code and, for up to RECORD_READS_WAIT_MS, its data. */
function warmRecord(qc: QueryClient, area: string, id: string): Promise<void> {
  const reads = import('../data/prefetch').then((m) => m.prefetchRecord(qc, area, id, languageNow())).catch(() => undefined);
  const waited = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, RECORD_READS_WAIT_MS);
    void reads.then(() => { clearTimeout(timer); resolve(); });
  });
  return Promise.all([preloadArea(area, 'record'), waited]).then(() => undefined);
}

/**
 * Only a string `open` is kept: anything else in the address is dropped. TanStack's hash history
 * appends the page's own query (the harness's `?lang=`) to the hash's, so a value read from a typed
 * or reloaded address may end in `?lang=en`: ids never hold a `?`, so it is cut there.
 */
const searchText = (v: unknown): string => (typeof v === 'string' ? v.split('?')[0]! : '');
/** A link's view is kept as text here (the list checks it against the contract, in its own chunk), bounded. */
const VIEW_TEXT_MAX = 16_000;
const viewText = (v: unknown): string => {
  // The router parses JSON search values: a view may come back as the object it encodes.
  const text = typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : '';
  return text.length <= VIEW_TEXT_MAX ? text : '';
};
const listSearch = (s: Record<string, unknown>): ListSearch => {
  const open = searchText(s.open);
  const view = viewText(s.view);
  return { ...(open ? { open } : {}), ...(view ? { view } : {}) };
};
/** The outbox entry a form changes, if any. */
const outboxSearch = (s: Record<string, unknown>): OutboxSearch => {
  const outbox = searchText(s.outbox);
  return outbox ? { outbox } : {};
};
/** The record a create form starts from: both parts, or nothing. */
const createSearch = (s: Record<string, unknown>): CreateSearch => {
  const from = searchText(s.from);
  const fromId = searchText(s.fromId);
  return { ...(from && fromId ? { from, fromId } : {}), ...outboxSearch(s) };
};

const root = createRootRouteWithContext<RouterContext>()({ component: () => <Shell><Outlet /></Shell> });
const child = { getParentRoute: () => root } as const;

/** The home screen's figures are read with its code (on intent too), not after it renders. */
function warmHome(qc: QueryClient): Promise<void> | undefined {
  void import('../data/prefetchHome').then((m) => m.prefetchHome(qc)).catch(() => undefined);
  return preloadAppScreen('home');
}

const home = createRoute({ ...child, path: '/', loader: ({ context }) => warmHome(context.queryClient), component: APP_SCREENS.home });
const profiles = createRoute({ ...child, path: PROFILES_AREA, staticData: { area: PROFILES_AREA }, loader: () => preloadAppScreen('profiles'), component: APP_SCREENS.profiles });
const activity = createRoute({ ...child, path: ACTIVITY_AREA, staticData: { area: ACTIVITY_AREA }, loader: () => preloadAppScreen('activity'), component: APP_SCREENS.activity });
const review = createRoute({ ...child, path: REVIEW_AREA, staticData: { area: REVIEW_AREA }, loader: () => preloadAppScreen('review'), component: APP_SCREENS.review });
const leadBoard = createRoute({ ...child, path: LEAD_BOARD_AREA, staticData: { area: LEAD_BOARD_AREA }, loader: () => preloadAppScreen('leadBoard'), component: APP_SCREENS.leadBoard });
const localCopy = createRoute({ ...child, path: LOCAL_COPY_AREA, staticData: { area: LOCAL_COPY_AREA }, loader: () => preloadAppScreen('localCopy'), component: APP_SCREENS.localCopy });
const outbox = createRoute({ ...child, path: OUTBOX_AREA, staticData: { area: OUTBOX_AREA }, loader: () => preloadAppScreen('outbox'), component: APP_SCREENS.outbox });
const outboxEntry = createRoute({ ...child, path: `${OUTBOX_AREA}/$entry`, staticData: { area: OUTBOX_AREA }, loader: () => preloadAppScreen('outboxEntry'), component: OutboxEntryRoute });

const list = createRoute({
  ...child, path: '$area', validateSearch: listSearch, staticData: { drawer: true },
  // The first page is asked for with the table's kept view: on the first visit, once the views are in.
  loader: ({ context, params }) => (viewsLoaded() ? warm(context.queryClient, params.area) : viewsSettled().then(() => warm(context.queryClient, params.area))),
  component: ListRoute,
});
const create = createRoute({
  ...child, path: '$area/new', staticData: { mode: 'new' }, validateSearch: createSearch, loader: ({ params }) => preloadArea(params.area, 'form'),
  component: CreateRoute,
});
const record = createRoute({
  ...child, path: '$area/$id', loader: ({ context, params }) => warmRecord(context.queryClient, params.area, params.id),
  component: RecordRoute,
});
const edit = createRoute({
  ...child, path: '$area/$id/edit', staticData: { mode: 'edit' }, validateSearch: outboxSearch, loader: ({ params }) => preloadArea(params.area, 'form'),
  component: EditRoute,
});
const action = createRoute({
  ...child, path: '$area/$id/$action', validateSearch: outboxSearch, loader: ({ params }) => preloadArea(params.area, 'form'),
  component: ActionRoute,
});
/** An action on one row of a record (`sub`: the id of a lead's activity). */
const rowAction = createRoute({
  ...child, path: '$area/$id/$action/$sub', validateSearch: outboxSearch, loader: ({ params }) => preloadArea(params.area, 'form'),
  component: RowActionRoute,
});

// Each route hands its typed params to its screen (return types spelled out: each reads its own route).
function ListRoute(): React.ReactElement { return <AreaList area={list.useParams().area} />; }
function CreateRoute(): React.ReactElement {
  const { from, fromId, outbox: entry } = create.useSearch();
  return <AreaForm area={create.useParams().area} id={null} form="new" sub={null} from={from && fromId ? { area: from, id: fromId } : null} outbox={entry ?? null} />;
}
function RecordRoute(): React.ReactElement { const { area, id } = record.useParams(); return <AreaRecord area={area} id={id} />; }
function EditRoute(): React.ReactElement { const { area, id } = edit.useParams(); return <AreaForm area={area} id={id} form="edit" sub={null} outbox={edit.useSearch().outbox ?? null} />; }
function ActionRoute(): React.ReactElement { const { area, id, action: form } = action.useParams(); return <AreaForm area={area} id={id} form={form} sub={null} outbox={action.useSearch().outbox ?? null} />; }
function RowActionRoute(): React.ReactElement { const { area, id, action: form, sub } = rowAction.useParams(); return <AreaForm area={area} id={id} form={form} sub={sub} outbox={rowAction.useSearch().outbox ?? null} />; }
function OutboxEntryRoute(): React.ReactElement { const Screen = APP_SCREENS.outboxEntry; return <Screen entry={outboxEntry.useParams().entry} />; }

export const routeTree = root.addChildren([home, profiles, activity, review, localCopy, outbox, outboxEntry, leadBoard, list, create, record, edit, action, rowAction]);

/** Hovering or focusing a link already fetches what it leads to (code and data). */
export function createAppRouter(queryClient: QueryClient) {
  // The code that starts a screen's reads, a record's screen and every group's declarations (a few kB
  // each), in once the window is idle: a record opened by its address (a link from elsewhere, the
  // palette) then asks for its data and renders at once, not after a chunk's trip.
  requestIdleCallback(() => {
    void import('../data/prefetch').catch(() => undefined);
    void SCREENS.record.preload().catch(() => undefined);
    for (const code of Object.values(GROUP_CODE)) void code.load().catch(() => undefined);
  }, { timeout: 5_000 });
  return createRouter({
    routeTree, history: createHashHistory(), context: { queryClient },
    defaultPreload: 'intent', defaultPendingMs: 150, defaultNotFoundComponent: NotFoundScreen,
  });
}
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register { router: AppRouter }
}
