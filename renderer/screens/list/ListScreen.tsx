import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { asBridgeError } from '../../bridge/call';
import { listQueryOptions } from '../../data/listQuery';
import { useT } from '../../i18n';
import { useGo } from '../../router/links';
import { toCreate, toRecord } from '../../router/paths';
import { ScreenButton } from '../../router/links';
import { useWriteBlock } from '../../data/usePermissions';
import { DeletedRecords } from './DeletedRecords';
import type { ResourceDecl } from '../../resources/types';
import { ListTable } from './ListTable';
import { getPath, labelKeyOf } from '../../lib/format';
import { filterCaps, hasFilters } from '../../state/filters';
import { canGoBack, firstPage, nextPage, previousPage } from '../../state/pager';
import { loadTableState, saveTableState, type TableState } from '../../state/tableStore';
import { useAccessSeen } from '../../state/AccessContext';
import { ErrorState } from '../access/ErrorState';
import { ListToolbar } from './ListToolbar';
import { ExportButton } from './ExportButton';
import { Pager } from './Pager';

type Row = Record<string, unknown>;


/** The paged table of one area: server-side cursor pages, the route's filters, kept state; an area's own panel above it. */
export function ListScreen({ decl, panel }: { decl: ResourceDecl; panel?: React.ReactNode }) {
  const { area } = decl;
  const list = decl.list!;
  const { t, dyn } = useT();
  const { report403 } = useAccessSeen();
  const go = useGo();
  const qc = useQueryClient();
  const [state, setState] = useState<TableState>(() => loadTableState(area));
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => saveTableState(area, state), [area, state]);

  const caps = useMemo(() => filterCaps(list.route), [list.route]);
  const q = useQuery({ ...listQueryOptions(area, list.route, state), placeholderData: keepPreviousData });
  // Every change of page, size or filter asks for its page first, then renders: the request is on
  // its way while React works.
  const change = useCallback((next: (s: TableState) => TableState) => {
    const n = next(stateRef.current);
    void qc.prefetchQuery(listQueryOptions(area, list.route, n));
    setState(n);
  }, [qc, area, list.route]);
  const error = q.error ? asBridgeError(q.error) : null;
  const accessDenied = error?.kind === 'api' && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (error?.code === 'insufficient_permission') report403(area);
  }, [error?.code, area, report403]);

  // TanStack Table keeps the column model (visibility now; order and widths later); rows render from it.
  const columnDefs = useMemo<ColumnDef<Row>[]>(() => list.columns.map((c) => ({ id: c.key, accessorFn: (r: Row) => getPath(r, c.key) })), [list.columns]);
  const visibility: VisibilityState = useMemo(() => {
    const v: VisibilityState = {};
    for (const c of list.columns) v[c.key] = state.columnVisibility[c.key] ?? !c.hidden;
    return v;
  }, [list.columns, state.columnVisibility]);
  const rows = (q.data?.data ?? []) as Row[];
  const table = useReactTable({ data: rows, columns: columnDefs, state: { columnVisibility: visibility }, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  const visibleIds = table.getVisibleLeafColumns().map((c) => c.id).join('|');
  const shown = useMemo(() => {
    const ids = new Set(visibleIds.split('|'));
    return list.columns.filter((c) => ids.has(c.key));
  }, [visibleIds, list.columns]);
  const headers = useMemo(() => shown.map((c) => dyn('fields', labelKeyOf(c))), [shown, dyn]);

  const page = state.pager.index + 1;
  const hasMore = q.data?.page?.has_more === true && !q.isPlaceholderData;
  const areaName = dyn('areas', area);
  const open = useCallback((r: Row) => {
    const id = getPath(r, list.rowId);
    if (typeof id === 'string') go(toRecord(area, id));
  }, [go, area, list.rowId]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2" id="screen-title">{areaName}</Title>
        {decl.writes?.create && !accessDenied && <NewButton decl={decl} />}
      </Group>
      <DeletedRecords decl={decl} />
      {panel}
      {/* Filters are no use on an area the key cannot open. */}
      {!accessDenied && <ListToolbar
        caps={caps}
        filters={state.filters}
        onFilters={(filters) => change((s) => ({ ...s, filters, pager: firstPage() }))}
        columns={list.columns.map((c) => ({ id: c.key, label: dyn('fields', labelKeyOf(c)), visible: visibility[c.key] ?? true }))}
        onToggleColumn={(id, visible) => setState((s) => ({ ...s, columnVisibility: { ...s.columnVisibility, [id]: visible } }))}
        onRefresh={() => void q.refetch()}
        refreshing={q.isFetching}
      >
        {rows.length > 0 && <ExportButton route={list.route} title={areaName} filters={state.filters} columns={shown} headers={headers} />}
      </ListToolbar>}
      {error ? (
        <ErrorState error={error} area={area} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Center py="xl" role="status" aria-live="polite"><Loader aria-label={t('app.loading')} /></Center>
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" data-testid="list-empty"><Text ta="center" c="dimmed">{hasFilters(state.filters) ? t('list.emptyFiltered') : t('list.empty')}</Text></Paper>
      ) : (
        <Paper withBorder>
          <ListTable rows={rows} columns={shown} headers={headers} rowId={list.rowId} onOpen={open} busy={q.isFetching} caption={t('list.caption', { area: areaName, n: page, count: rows.length })} />
        </Paper>
      )}
      {!error && (
        <Pager
          page={page}
          canPrevious={canGoBack(state.pager)}
          canNext={hasMore}
          onPrevious={() => change((s) => ({ ...s, pager: previousPage(s.pager) }))}
          onNext={() => change((s) => ({ ...s, pager: nextPage(s.pager, q.data?.page?.next_cursor) }))}
          pageSize={state.pageSize}
          onPageSize={(pageSize) => change((s) => ({ ...s, pageSize, pager: firstPage() }))}
        />
      )}
    </Stack>
  );
}

/** "New ..." for areas that can create, disabled with the reason when the key cannot. */
function NewButton({ decl }: { decl: ResourceDecl }) {
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
}
