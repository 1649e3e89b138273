import { memo, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { asBridgeError } from '../../bridge/call';
import { listQueryOptions } from '../../data/listQuery';
import { useT } from '../../i18n';
import { useGo } from '../../nav/links';
import { toCreate, toDrawer, toList } from '../../nav/paths';
import { useDrawerId } from '../../nav/location';
import { ScreenButton } from '../../nav/links';
import { useWriteBlock } from '../../session/usePermissions';
import { DeletedRecords } from './DeletedRecords';
import type { FieldSpec, ResourceDecl } from '../../resources/types';
import { ListTable, type PageMove, type Row } from './ListTable';
import { getPath, labelKeyOf } from '../../lib/format';
import { filterCaps, hasFilters } from '../../rules/filters';
import { canGoBack, firstPage, nextPage, previousPage } from '../../rules/pager';
import { DEFAULT_VIEW, saveTableState, viewOf, withView, type TableState } from '../../rules/tableStore';
import { rememberCurrent, viewsFor, viewsLoaded } from '../../data/savedViews';
import { useListState } from './useListState';
import { useActiveProfile } from '../../session/activeProfile';
import { useAccessSeen } from '../../session/AccessContext';
import { useAreaShortcuts } from '../../keys/useAreaShortcuts';
import { preloadable } from '../../lib/preloadable';
import { ErrorState } from '../../kit/ErrorState';
import { ListToolbar, type ColumnTools } from './ListToolbar';
import { ColumnsButton } from './ColumnsButton';
import { ViewsButton } from './ViewsButton';
import { LoadAllBar, LoadAllButton } from './LoadAll';
import { ExportButton } from './ExportButton';
import { Pager } from './Pager';
import { useLoadAll } from './useLoadAll';
import { sourceOf } from './rowSource';
import { LocalList } from './LocalList';
import { ListSource } from './ListSource';
import { servesFrom, useLocalArea } from '../../data/localCopy';

/** A fully loaded table renders only the rows in view from this many rows on. */
export const VIRTUAL_FROM = 200;
// The drawer and the virtualised body are their own chunks: a first list loads neither.
const RecordDrawer = preloadable(() => import('./RecordDrawer').then((m) => m.default));
const VirtualListTable = preloadable(() => import('./VirtualListTable').then((m) => m.default));
const NO_ROWS: Row[] = [];

/** The paged table of one area: server-side cursor pages or every row, the route's filters, a kept view, a record drawer; an area's own panel above it. */
export function ListScreen({ decl, panel }: { decl: ResourceDecl; panel?: React.ReactNode }) {
  const { area } = decl;
  const list = decl.list!;
  const { t, dyn } = useT();
  const { active } = useActiveProfile();
  // The table starts from the view kept for this profile: wait for it. Once it is in, not even `use`
  // is called: React suspends on a promise it has not seen before even when it has settled, and the
  // fallback it then shows is held for 300 ms.
  if (!viewsLoaded(active.id)) use(viewsFor(active.id));
  const { report403 } = useAccessSeen();
  const go = useGo();
  const router = useRouter();
  const qc = useQueryClient();
  const [state, setState] = useListState(area, list.columns);
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    saveTableState(area, state);
    rememberCurrent(area, viewOf(state), DEFAULT_VIEW);
  }, [area, state]);

  const caps = useMemo(() => filterCaps(list.route), [list.route]);
  // Served from the local copy once this area's is filled; from the API until then, or with the copy off.
  const localCopy = useLocalArea(area);
  const local = servesFrom(localCopy.status, localCopy.area);
  const paged = useQuery({ ...listQueryOptions(area, list.route, state), placeholderData: keepPreviousData, enabled: !state.loadAll && !local });
  const all = useLoadAll(area, list.route, state.filters, state.loadAll && !local);
  // Every change of page, size or filter asks for its page first, then renders: the request is on
  // its way while React works.
  const change = useCallback((next: (s: TableState) => TableState) => {
    const n = next(stateRef.current);
    if (!n.loadAll) void qc.prefetchQuery(listQueryOptions(area, list.route, n));
    setState(n);
  }, [qc, area, list.route, setState]);
  const rawError = state.loadAll ? (all.rows.length === 0 ? all.error : null) : paged.error;
  const error = rawError ? asBridgeError(rawError) : null;
  const accessDenied = error?.kind === 'api' && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (error?.code === 'insufficient_permission') report403(area);
  }, [error?.code, area, report403]);

  // TanStack Table keeps the column model (visibility and order); rows render from the query, not from it.
  const columnDefs = useMemo<ColumnDef<Row>[]>(() => list.columns.map((c) => ({ id: c.key, accessorFn: (r: Row) => getPath(r, c.key) })), [list.columns]);
  const visibility: VisibilityState = useMemo(() => {
    const v: VisibilityState = {};
    for (const c of list.columns) v[c.key] = state.columnVisibility[c.key] ?? !c.hidden;
    return v;
  }, [list.columns, state.columnVisibility]);
  const table = useReactTable({ data: NO_ROWS, columns: columnDefs, state: { columnVisibility: visibility, columnOrder: state.columnOrder }, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  const byKey = useMemo(() => new Map(list.columns.map((c) => [c.key, c])), [list.columns]);
  const visibleIds = table.getVisibleLeafColumns().map((c) => c.id).join('|');
  const shown = useMemo(() => visibleIds.split('|').map((id) => byKey.get(id)).filter((c): c is FieldSpec => c !== undefined), [visibleIds, byKey]);
  const headers = useMemo(() => shown.map((c) => dyn('fields', labelKeyOf(c))), [shown, dyn]);
  const orderedIds = table.getAllLeafColumns().map((c) => c.id);

  const rows = state.loadAll ? all.rows : ((paged.data?.data ?? NO_ROWS) as Row[]);
  const pending = state.loadAll ? all.pending : paged.isPending;
  const virtual = state.loadAll && rows.length > VIRTUAL_FROM;
  const page = state.pager.index + 1;
  const hasMore = paged.data?.page?.has_more === true && !paged.isPlaceholderData;
  const areaName = dyn('areas', area);
  const tableId = `list-${area}`;

  // Rows are addressed by index; the table (plain or virtualised) knows how to bring one into focus.
  const focusRowRef = useRef<(i: number) => void>(() => undefined);
  const [focusAfter, setFocusAfter] = useState<number | null>(null);
  useEffect(() => {
    if (focusAfter === null || paged.isPlaceholderData || paged.isFetching) return;
    focusRowRef.current(Math.min(focusAfter, rows.length - 1));
    setFocusAfter(null);
  }, [focusAfter, rows, paged.isPlaceholderData, paged.isFetching]);

  const onPage = useCallback((move: PageMove) => {
    const s = stateRef.current;
    if (move === 'nextPage' && hasMore) {
      setFocusAfter(0);
      change((x) => ({ ...x, pager: nextPage(x.pager, paged.data?.page?.next_cursor) }));
    } else if (move === 'previousPage' && canGoBack(s.pager)) {
      setFocusAfter(0);
      change((x) => ({ ...x, pager: previousPage(x.pager) }));
    }
  }, [hasMore, change, paged.data?.page?.next_cursor]);

  // The drawer: its record is in the address (#/area?open=<id>), so Back closes it and a reload keeps it.
  const drawerId = useDrawerId();
  const openedHere = useRef(false);
  const idOf = useCallback((r: Row) => {
    const id = getPath(r, list.rowId);
    return typeof id === 'string' ? id : null;
  }, [list.rowId]);
  const [localIds, setLocalIds] = useState<string[]>([]);
  const apiIds = useMemo(() => rows.map(idOf).filter((id): id is string => id !== null), [rows, idOf]);
  const ids = local ? localIds : apiIds;
  const open = useCallback((r: Row) => {
    const id = idOf(r);
    if (!id) return;
    openedHere.current = true;
    go(toDrawer(area, id));
  }, [go, area, idOf]);
  const step = useCallback((id: string) => go(toDrawer(area, id), { replace: true }), [go, area]);
  /** The record the drawer showed when it was closed, until its row has the focus again. */
  const closedOn = useRef<string | null>(null);
  const close = useCallback(() => {
    const id = drawerId;
    // Opened from this table: going back removes the drawer's history entry; opened from a link, the list replaces it.
    if (openedHere.current) router.history.back();
    else go(toList(area), { replace: true });
    openedHere.current = false;
    closedOn.current = id;
  }, [drawerId, router, go, area]);
  // Once the drawer is gone (its focus trap with it: a row focused while it is open is taken back), the row
  // of the record it showed last takes the focus. The navigation may land a few frames later on a busy machine.
  useEffect(() => {
    const id = closedOn.current;
    if (drawerId || !id) return;
    closedOn.current = null;
    const i = ids.indexOf(id);
    if (i >= 0) requestAnimationFrame(() => focusRowRef.current(i));
  }, [drawerId, ids]);
  useEffect(() => { void RecordDrawer.preload().catch(() => undefined); }, []);
  useEffect(() => { if (state.loadAll) void VirtualListTable.preload().catch(() => undefined); }, [state.loadAll]);

  // n creates in this area; e edits the focused row.
  useAreaShortcuts(decl, () => {
    const tr = (document.activeElement as HTMLElement | null)?.closest?.(`#${tableId} tr[data-row-id]`);
    return tr instanceof HTMLElement && tr.dataset.rowId ? tr.dataset.rowId : null;
  });

  // Kept while the columns stay as they are: the Columns button does not render again on each keystroke.
  const orderKey = orderedIds.join('|');
  const tools = useMemo<ColumnTools>(() => {
    const ids = orderKey.split('|');
    return {
      columns: ids.map((id) => ({ id, label: dyn('fields', labelKeyOf(byKey.get(id)!)), visible: visibility[id] ?? true, width: state.columnSizing[id] ?? null })),
      onToggle: (id, visible) => setState((s) => ({ ...s, columnVisibility: { ...s.columnVisibility, [id]: visible } })),
      onMove: (id, by) => setState((s) => {
        const order = [...ids];
        const i = order.indexOf(id);
        const j = i + by;
        if (i < 0 || j < 0 || j >= order.length) return s;
        [order[i], order[j]] = [order[j]!, order[i]!];
        return { ...s, columnOrder: order };
      }),
      onWidth: (id, width) => setState((s) => resized(s, id, width)),
      onReset: () => setState((s) => ({ ...s, columnVisibility: {}, columnOrder: [], columnSizing: {} })),
    };
  }, [orderKey, byKey, dyn, visibility, state.columnSizing, setState]);
  const onResize = useCallback((id: string, width: number | null) => setState((s) => resized(s, id, width)), [setState]);
  const tableProps = {
    tableId, rows, columns: shown, headers, rowId: list.rowId, onOpen: open, busy: state.loadAll ? all.status === 'loading' : paged.isFetching,
    widths: state.columnSizing, onResize, focusRef: focusRowRef,
    caption: state.loadAll ? t('loadAll.caption', { area: areaName, count: rows.length }) : t('list.caption', { area: areaName, n: page, count: rows.length }),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2" id="screen-title">{areaName}</Title>
        {decl.writes?.create && !accessDenied && <NewButton decl={decl} />}
      </Group>
      <DeletedRecords decl={decl} />
      {panel}
      {local && localCopy.status && (
        <LocalList
          decl={decl} state={state} onState={setState} columns={shown} headers={headers} widths={state.columnSizing} onResize={onResize}
          onOpen={open} onIds={drawerId ? setLocalIds : undefined} focusRef={focusRowRef} status={localCopy.status}
        >
          <ColumnsButton tools={tools} />
          <ViewsButton area={area} current={viewOf(state)} defaults={DEFAULT_VIEW} onApply={(v) => change((s) => withView(s, v))} />
        </LocalList>
      )}
      {!local && <ListSource status={localCopy.status} area={localCopy.area} />}
      {/* Filters are no use on an area the key cannot open. */}
      {!local && !accessDenied && (
        <ListToolbar caps={caps} filters={state.filters} onFilters={(filters) => change((s) => ({ ...s, filters, pager: firstPage() }))}>
          {rows.length > 0 && <ExportButton route={list.route} title={areaName} filters={state.filters} columns={shown} headers={headers} />}
          <ColumnsButton tools={tools} />
          <ViewsButton area={area} current={viewOf(state)} defaults={DEFAULT_VIEW} onApply={(v) => change((s) => withView(s, v))} />
          <LoadAllButton on={state.loadAll} onChange={(loadAll) => change((s) => ({ ...s, loadAll, pager: firstPage() }))} />
          <ActionIcon variant="default" size="lg" aria-label={t('app.refresh')} title={t('app.refresh')} onClick={() => (state.loadAll ? all.refetch() : void paged.refetch())} loading={state.loadAll ? false : paged.isFetching}>
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </ListToolbar>
      )}
      {!local && state.loadAll && !error && <LoadAllBar status={all.status} count={rows.length} onStop={all.stop} onResume={all.resume} onRetry={all.refetch} />}
      {local ? null : error ? (
        <ErrorState error={error} area={area} onRetry={() => (state.loadAll ? all.refetch() : void paged.refetch())} />
      ) : pending ? (
        <Center py="xl" role="status" aria-live="polite"><Loader aria-label={t('app.loading')} /></Center>
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" data-testid="list-empty"><Text ta="center" c="dimmed">{hasFilters(state.filters) ? t('list.emptyFiltered') : t('list.empty')}</Text></Paper>
      ) : (
        <Paper withBorder>
          {virtual
            ? <VirtualListTable {...tableProps} source={sourceOf(rows)} />
            : <ListTable {...tableProps} {...(state.loadAll ? {} : { onPage })} />}
        </Paper>
      )}
      {!local && !error && !state.loadAll && (
        <Pager
          page={page}
          canPrevious={canGoBack(state.pager)}
          canNext={hasMore}
          onPrevious={() => change((s) => ({ ...s, pager: previousPage(s.pager) }))}
          onNext={() => change((s) => ({ ...s, pager: nextPage(s.pager, paged.data?.page?.next_cursor) }))}
          pageSize={state.pageSize}
          onPageSize={(pageSize) => change((s) => ({ ...s, pageSize, pager: firstPage() }))}
        />
      )}
      {drawerId && <RecordDrawer decl={decl} id={drawerId} ids={ids} onStep={step} onClose={close} />}
    </Stack>
  );
}

function resized(s: TableState, id: string, width: number | null): TableState {
  const columnSizing = { ...s.columnSizing };
  if (width === null) delete columnSizing[id];
  else columnSizing[id] = width;
  return { ...s, columnSizing };
}

/** "New ..." for areas that can create, disabled with the reason when the key cannot (rendered again with its area only). */
const NewButton = memo(function NewButton({ decl }: { decl: ResourceDecl }) {
  const { dyn } = useT();
  const reason = useWriteBlock()(decl.writes!.create!.route);
  const label = dyn('newRecord', decl.area);
  if (reason) {
    return (
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={420} data-testid="write-locked-reason">{reason}</Text>
        <Tooltip label={reason}>
          <span><Button leftSection={<IconPlus size={16} aria-hidden />} disabled data-testid="action-new">{label}</Button></span>
        </Tooltip>
      </Group>
    );
  }
  return <ScreenButton screen={toCreate(decl.area)} leftSection={<IconPlus size={16} aria-hidden />} data-testid="action-new">{label}</ScreenButton>;
});
