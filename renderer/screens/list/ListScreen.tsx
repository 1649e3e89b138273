import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { Button, Center, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { callRoute, asBridgeError } from '../../bridge/call';
import { qk } from '../../data/keys';
import { useT } from '../../i18n';
import { useGo } from '../../router/links';
import { toCreate, toRecord } from '../../router/paths';
import { ScreenButton } from '../../router/links';
import { usePermissionFacts } from '../../data/usePermissions';
import { missingFor } from '../../state/permissions';
import { DeletedRecords } from './DeletedRecords';
import { isNumericKind, type ResourceDecl } from '../../resources/types';
import { FieldValue } from '../../components/FieldValue';
import { getPath, labelKeyOf } from '../../lib/format';
import { buildListQuery, filterCaps, hasFilters } from '../../state/filters';
import { canGoBack, currentCursor, firstPage, nextPage, previousPage } from '../../state/pager';
import { loadTableState, saveTableState, type TableState } from '../../state/tableStore';
import { useAccessSeen } from '../../state/AccessContext';
import { ErrorState } from '../access/ErrorState';
import { ListToolbar } from './ListToolbar';
import { Pager } from './Pager';

type Row = Record<string, unknown>;


/** The paged table of one area: server-side cursor pages, the route's filters, kept state. */
export function ListScreen({ decl }: { decl: ResourceDecl }) {
  const { area } = decl;
  const list = decl.list!;
  const { t, dyn } = useT();
  const { report403 } = useAccessSeen();
  const go = useGo();
  const [state, setState] = useState<TableState>(() => loadTableState(area));
  useEffect(() => saveTableState(area, state), [area, state]);

  const caps = useMemo(() => filterCaps(list.route), [list.route]);
  const query = buildListQuery(list.route, state.filters, state.pageSize, currentCursor(state.pager));
  const q = useQuery({
    queryKey: qk.list(area, query),
    queryFn: ({ signal }) => callRoute(list.route, { query }, signal),
    placeholderData: keepPreviousData,
  });
  const error = q.error ? asBridgeError(q.error) : null;
  const accessDenied = error?.kind === 'api' && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (error?.code === 'insufficient_permission') report403(area);
  }, [error?.code, area, report403]);

  const numeric = useMemo(() => new Set(list.columns.filter((c) => isNumericKind(c.kind)).map((c) => c.key)), [list.columns]);
  const columns = useMemo<ColumnDef<Row>[]>(
    () => list.columns.map((c) => ({
      id: c.key,
      header: dyn('fields', labelKeyOf(c)),
      accessorFn: (r: Row) => getPath(r, c.key),
      cell: ({ row }) => <FieldValue spec={c} row={row.original} withCopy={false} />,
    })),
    [list.columns, dyn],
  );
  const visibility: VisibilityState = useMemo(() => {
    const v: VisibilityState = {};
    for (const c of list.columns) v[c.key] = state.columnVisibility[c.key] ?? !c.hidden;
    return v;
  }, [list.columns, state.columnVisibility]);

  const rows = (q.data?.data ?? []) as Row[];
  const table = useReactTable({ data: rows, columns, state: { columnVisibility: visibility }, getCoreRowModel: getCoreRowModel(), manualPagination: true });

  const page = state.pager.index + 1;
  const hasMore = q.data?.page?.has_more === true && !q.isPlaceholderData;
  const areaName = dyn('areas', area);
  const open = (r: Row) => {
    const id = getPath(r, list.rowId);
    if (typeof id === 'string') go(toRecord(area, id));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2" id="screen-title">{areaName}</Title>
        {decl.writes?.create && !accessDenied && <NewButton decl={decl} />}
      </Group>
      <DeletedRecords decl={decl} />
      {/* Filters are no use on an area the key cannot open. */}
      {!accessDenied && <ListToolbar
        caps={caps}
        filters={state.filters}
        onFilters={(filters) => setState((s) => ({ ...s, filters, pager: firstPage() }))}
        columns={list.columns.map((c) => ({ id: c.key, label: dyn('fields', labelKeyOf(c)), visible: visibility[c.key] ?? true }))}
        onToggleColumn={(id, visible) => setState((s) => ({ ...s, columnVisibility: { ...s.columnVisibility, [id]: visible } }))}
        onRefresh={() => void q.refetch()}
        refreshing={q.isFetching}
      />}
      {error ? (
        <ErrorState error={error} area={area} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Center py="xl" role="status" aria-live="polite"><Loader aria-label={t('app.loading')} /></Center>
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" data-testid="list-empty"><Text ta="center" c="dimmed">{hasFilters(state.filters) ? t('list.emptyFiltered') : t('list.empty')}</Text></Paper>
      ) : (
        <Paper withBorder>
          <ScrollArea type="auto">
            <Table className="list-table" highlightOnHover striped verticalSpacing="xs" horizontalSpacing={8} aria-labelledby="screen-title" data-testid="list-table" aria-busy={q.isFetching}>
              <Table.Caption className="visually-hidden">{t('list.caption', { area: areaName, n: page, count: rows.length })}</Table.Caption>
              <Table.Thead>
                {table.getHeaderGroups().map((hg) => (
                  <Table.Tr key={hg.id}>
                    {hg.headers.map((h) => <Table.Th key={h.id} scope="col" ta={numeric.has(h.column.id) ? 'end' : undefined}>{flexRender(h.column.columnDef.header, h.getContext())}</Table.Th>)}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>
                {table.getRowModel().rows.map((r) => (
                  <Table.Tr
                    key={r.id}
                    tabIndex={0}
                    className="clickable-row"
                    data-row-id={String(getPath(r.original, list.rowId) ?? '')}
                    data-id={String(r.original.id ?? '')}
                    onClick={() => open(r.original)}
                    onKeyDown={(e) => { if (e.key === 'Enter') open(r.original); }}
                  >
                    {r.getVisibleCells().map((c) => <Table.Td key={c.id} ta={numeric.has(c.column.id) ? 'end' : undefined}>{flexRender(c.column.columnDef.cell, c.getContext())}</Table.Td>)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {!error && (
        <Pager
          page={page}
          canPrevious={canGoBack(state.pager)}
          canNext={hasMore}
          onPrevious={() => setState((s) => ({ ...s, pager: previousPage(s.pager) }))}
          onNext={() => setState((s) => ({ ...s, pager: nextPage(s.pager, q.data?.page?.next_cursor) }))}
          pageSize={state.pageSize}
          onPageSize={(pageSize) => setState((s) => ({ ...s, pageSize, pager: firstPage() }))}
        />
      )}
    </Stack>
  );
}

/** "New ..." for areas that can create, disabled with the reason when the key cannot. */
function NewButton({ decl }: { decl: ResourceDecl }) {
  const { t, dyn } = useT();
  const facts = usePermissionFacts();
  const route = decl.writes!.create!.route;
  const missing = missingFor(route, undefined, facts);
  const label = dyn('newRecord', decl.area);
  if (missing.length > 0) {
    return (
      <Tooltip label={t('permissions.needs', { permissions: missing.join(', ') })}>
        <span><Button leftSection={<IconPlus size={16} aria-hidden />} disabled data-testid="action-new">{label}</Button></span>
      </Tooltip>
    );
  }
  return <ScreenButton screen={toCreate(decl.area)} leftSection={<IconPlus size={16} aria-hidden />} data-testid="action-new">{label}</ScreenButton>;
}
