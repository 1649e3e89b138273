import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Center, Group, Loader, Paper, Text, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { LIMITS, type LocalQueryInput, type LocalStatus } from '../../../shared';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { localWindowOptions, useLocalRows } from '../../data/localCopy';
import { WINDOW, windowPage, windowsFor } from '../../rules/localWindows';
import { isActive, localColumnOf, localNameOf, localQueryOf, nextSort } from '../../rules/localTable';
import { userTimeZone } from '../../rules/filters';
import type { TableState } from '../../rules/tableStore';
import type { FieldSpec, ResourceDecl } from '../../resources/types';
import { formatTimestamp } from '../../lib/format';
import { preloadable } from '../../lib/preloadable';
import { ErrorState } from '../../kit/ErrorState';
import type { HeaderTools, Row } from './ListTable';
import { ColumnFilterButton } from './ColumnFilterButton';
import { ActiveFilters } from './ActiveFilters';

const VirtualListTable = preloadable(() => import('./VirtualListTable').then((m) => m.default));

export interface LocalListProps {
  decl: ResourceDecl;
  state: TableState;
  onState: (next: (s: TableState) => TableState) => void;
  columns: readonly FieldSpec[];
  headers: readonly string[];
  widths: Readonly<Record<string, number>>;
  onResize: (id: string, width: number | null) => void;
  onOpen: (row: Row) => void;
  /** Told the ids of the rows read so far, while a drawer steps through them (undefined: none is open). */
  onIds: ((ids: string[]) => void) | undefined;
  focusRef: React.RefObject<(i: number) => void>;
  status: LocalStatus;
  /** The table's tools at the end of the bar (columns, views, refresh). */
  children: React.ReactNode;
}

/** The query a table state asks of the copy, without its page (windows add theirs). */
function baseQuery(area: string, state: Pick<TableState, 'sort' | 'columnFilters' | 'filters'>, lang: 'en' | 'he', zone: string): Omit<LocalQueryInput, 'page'> {
  const { page: _page, ...rest } = localQueryOf(area, localStateOf(state), lang, zone, 0, WINDOW);
  return rest;
}
const localStateOf = (s: Pick<TableState, 'sort' | 'columnFilters' | 'filters'>) => ({ sort: s.sort, columnFilters: s.columnFilters, search: s.filters.search });

/**
 * An area's table on the local copy: every record at once in a virtualised body, sorted by any
 * column (shift adds a key), a filter per column by what it holds, one search over every text
 * column, and the total; rows are read from main in windows as they come into view.
 */
export function LocalList({ decl, state, onState, columns, headers, widths, onResize, onOpen, onIds, focusRef, status, children }: LocalListProps) {
  const { area } = decl;
  const { t, lang } = useT();
  const qc = useQueryClient();
  const zone = useMemo(userTimeZone, []);
  const search = state.filters.search;
  const { sort, columnFilters, filters } = state;
  const base = useMemo(() => baseQuery(area, { sort, columnFilters, filters }, lang, zone), [area, sort, columnFilters, filters, lang, zone]);
  // The rows in view (reported by the table), so a change asks for the windows it will show.
  const visible = useRef({ start: 0, end: 0 });
  const stateRef = useRef(state);
  stateRef.current = state;
  // A change of sort, filter or search asks for its rows at once: the call is on its way while React renders the change.
  const change = useCallback((next: (s: TableState) => TableState) => {
    const n = next(stateRef.current);
    const q = baseQuery(area, n, lang, zone);
    for (const w of windowsFor(visible.current.start, visible.current.end)) void qc.prefetchQuery(localWindowOptions({ ...q, page: windowPage(w) }));
    onState(() => n);
  }, [area, lang, zone, qc, onState]);
  useEffect(() => { void VirtualListTable.preload().catch(() => undefined); }, []);

  const setFilter = useCallback((key: string, f: TableState['columnFilters'][number] | null) => change((s) => ({
    ...s, columnFilters: [...s.columnFilters.filter((x) => x.column !== key), ...(f ? [f] : [])],
  })), [change]);
  // Kept while only rows change: the header (sort marks, filter buttons) renders again only with the state.
  const tools = useMemo<HeaderTools>(() => ({
    sortable: (key) => localColumnOf(area, key) !== undefined,
    sortOf: (key) => {
      const i = state.sort.findIndex((s) => s.column === localNameOf(key));
      return i < 0 ? null : { direction: state.sort[i]!.direction, rank: state.sort.length > 1 ? i : 0 };
    },
    onSort: (key, additive) => change((s) => ({ ...s, sort: nextSort(s.sort, localNameOf(key), additive) })),
    sortLabel: (header) => t('localList.sortBy', { column: header }),
    filter: (key) => {
      if (!localColumnOf(area, key)) return null;
      const spec = columns.find((c) => c.key === key);
      const label = spec ? headers[columns.indexOf(spec)] ?? key : key;
      const value = state.columnFilters.find((f) => f.column === key) ?? null;
      const active = value !== null && isActive(area, value);
      return (
        <ColumnFilterButton
          area={area} columnKey={key} label={label} value={value} active={active}
          display={spec?.kind === 'status' ? 'status' : spec?.kind === 'enum' ? 'enum' : 'plain'}
          buttonLabel={t(active ? 'localList.filterButtonOn' : 'localList.filterButton', { column: label })}
          onChange={(f) => setFilter(key, f)}
        />
      );
    },
  }), [area, state.sort, state.columnFilters, columns, headers, change, setFilter, t]);
  const filtered = search.trim() !== '' || state.columnFilters.some((f) => isActive(area, f)) || state.sort.length > 0;

  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('list.filters')}>
        <TextInput
          label={t('list.search')} description={t('localList.searchAll')} leftSection={<IconSearch size={16} aria-hidden />}
          value={search} maxLength={LIMITS.searchMax} type="search" w={260} data-testid="list-search"
          onChange={(e) => { const v = e.currentTarget.value; change((s) => ({ ...s, filters: { ...s.filters, search: v } })); }}
        />
        {filtered && (
          <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => change((s) => ({ ...s, sort: [], columnFilters: [], filters: { ...s.filters, search: '' } }))} data-testid="local-clear">
            {t('localList.clearAll')}
          </Button>
        )}
        <Group gap={4} ms="auto" wrap="wrap" data-testid="list-tools">{children}</Group>
      </Group>
      <ActiveFilters area={area} filters={state.columnFilters} columns={decl.list!.columns} />
      <LocalRows
        decl={decl} base={base} filtered={filtered} columns={columns} headers={headers} widths={widths} onResize={onResize} onOpen={onOpen}
        onIds={onIds} focusRef={focusRef} status={status} tools={tools} visible={visible}
      />
    </>
  );
}

interface LocalRowsProps extends Pick<LocalListProps, 'decl' | 'columns' | 'headers' | 'widths' | 'onResize' | 'onOpen' | 'onIds' | 'focusRef' | 'status'> {
  base: Omit<LocalQueryInput, 'page'>;
  filtered: boolean;
  tools: HeaderTools;
  /** Where the table reports the rows in view. */
  visible: React.RefObject<{ start: number; end: number }>;
}

/** The total, where the rows come from, and the table: what renders again when an answer comes (the bar above does not). */
function LocalRows({ decl, base, filtered, columns, headers, widths, onResize, onOpen, onIds, focusRef, status, tools, visible: reported }: LocalRowsProps) {
  const { area } = decl;
  const { t, locale, countOf } = useT();
  // Until the virtualiser reports its range: the first window alone.
  const [visible, setVisible] = useState({ start: 0, end: 0 });
  const rows = useLocalRows(base, visible);
  // The ids of the rows read so far, for the drawer's previous and next (none asked while no drawer is open).
  const { total, rowAt } = rows;
  const idsKey = onIds ? Array.from({ length: Math.min(total, visible.end + WINDOW) }, (_, i) => rowAt(i)?.id).filter((x): x is string => typeof x === 'string').join('|') : '';
  useEffect(() => onIds?.(idsKey ? idsKey.split('|') : []), [idsKey, onIds]);

  const onRange = useCallback((start: number, end: number) => {
    reported.current = { start, end };
    setVisible((v) => (v.start === start && v.end === end ? v : { start, end }));
  }, [reported]);
  const source = { count: total, rowAt, onRange };
  const error = rows.error ? asBridgeError(rows.error) : null;
  const asOf = rows.asOf ? formatTimestamp(rows.asOf, locale) : '—';
  return (
    <>
      <Group justify="space-between" gap="xs">
        {/* No "0 customers" while the first window is on its way */}
        <Text size="sm" fw={600} data-testid="local-total" data-count={rows.pending ? undefined : total} aria-live="polite">{rows.pending ? '' : countOf(area, total)}</Text>
        <Text size="sm" c="dimmed" data-testid="list-source" data-source="local">{t(status.online ? 'localList.fromCopy' : 'localList.fromCopyOffline', { time: asOf })}</Text>
      </Group>
      {error ? (
        <ErrorState error={error} area={area} onRetry={() => void rows.refetch()} />
      ) : rows.pending ? (
        <Center py="xl" role="status" aria-live="polite"><Loader aria-label={t('app.loading')} /></Center>
      ) : (
        // The header stays when nothing matches: the filters that emptied the table live in it.
        <Paper withBorder>
          <VirtualListTable
            tableId={`list-${area}`} source={source} columns={columns} headers={headers} rowId={decl.list!.rowId} onOpen={onOpen}
            caption={countOf(area, total)} busy={rows.fetching}
            widths={widths} onResize={onResize} focusRef={focusRef} tools={tools}
          />
          {total === 0 && <Text ta="center" c="dimmed" p="xl" data-testid="list-empty">{filtered ? t('list.emptyFiltered') : t('list.empty')}</Text>}
        </Paper>
      )}
    </>
  );
}
