import { useMemo, useRef, useState } from 'react';
import { MultiSelect, Select, type ComboboxItem, type ComboboxItemGroup, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { LIMITS, LOCAL_AREAS, type RefArea } from '../../../../shared';
import { knownOffline } from '../../../data/offline';
import { batchedRead } from '../../../data/localBatch';
import { callAnyRoute } from '../../../bridge/call';
import { qk } from '../../../data/queryKeys';
import { recordOptions } from '../../../data/recordRead';
import { useT } from '../../../i18n';
import { declOf, labelOf } from '../../../resources/lookup';
import type { PickFilter } from '../../../resources/types';
import { canonical } from '../../../../shared';
import { filterCaps } from '../../../rules/filters';

type Row = Record<string, unknown>;
const keepAll: OptionsFilter = ({ options }) => options;
const PAGE = 50;

interface Props {
  areas: readonly RefArea[];
  multiple: boolean;
  value: string | string[] | null;
  onChange: (value: string | string[] | null, row: Row | null) => void;
  label?: string;
  'aria-label'?: string;
  description?: string;
  error?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  clearable?: boolean;
  maxValues?: number;
  onBlur?: () => void;
  name?: string;
  'data-field'?: string;
  pick?: PickFilter;
}

/** The first page of an area's list, searched on the server where the list supports it. */
function useOptions(area: RefArea, search: string, enabled: boolean, query?: PickFilter['query']) {
  const decl = declOf(area);
  const route = decl?.list?.route;
  const caps = route ? filterCaps(route) : null;
  const term = caps?.search ? search.trim().slice(0, LIMITS.searchMax) : '';
  return useQuery({
    queryKey: query ? [...qk.options(area, term), canonical(query)] : qk.options(area, term),
    queryFn: async ({ signal, client }): Promise<{ data: unknown }> => {
      // No connection: the copy's records, searched the same way (a record made offline among them).
      if (knownOffline(client) && area in LOCAL_AREAS) {
        const typed = search.trim().slice(0, LIMITS.searchMax);
        return { data: (await batchedRead('query', { area, filters: [], sort: [], ...(typed ? { search: typed } : {}), language: 'en', page: { offset: 0, limit: PAGE } }, signal)).rows };
      }
      return callAnyRoute(route!, { query: { limit: PAGE, ...query, ...(term ? { search: term } : {}) } }, signal);
    },
    enabled: enabled && !!route,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The names of already chosen records that the current options do not show. */
function useChosenNames(areas: readonly RefArea[], ids: string[]) {
  const targets = ids.flatMap((id) => areas.flatMap((area) => {
    const route = declOf(area)?.detail.route;
    return route ? [{ id, area, route }] : [];
  }));
  return useQueries({
    queries: targets.map((x) => ({
      ...recordOptions(x.area, x.id, x.route),
      retry: false,
      staleTime: 60_000,
    })),
    combine: (results) => {
      const out = new Map<string, { row: Row; area: RefArea }>();
      results.forEach((r, i) => { if (r.data && !out.has(targets[i]!.id)) out.set(targets[i]!.id, { row: r.data.data as Row, area: targets[i]!.area }); });
      return out;
    },
  });
}

/**
 * A record of another area, chosen by name: searches the target's list route as the user types
 * (debounced, on the server) and shows chosen records by name, also before they are in view.
 */
export function ReferencePicker({ areas, multiple, value, onChange, maxValues, clearable, pick, ...input }: Props) {
  const { t, dyn } = useT();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [opened, setOpened] = useState(false);
  const ids = useMemo(() => (Array.isArray(value) ? value : value ? [value] : []), [value]);
  const seen = useRef(new Map<string, Row>());

  const first = useOptions(areas[0]!, debounced, opened || ids.length > 0, pick?.query);
  const second = useOptions(areas[1] ?? areas[0]!, debounced, areas.length > 1 && (opened || ids.length > 0), pick?.query);
  const firstRows = first.data?.data as Row[] | undefined;
  const secondRows = areas.length > 1 ? (second.data?.data as Row[] | undefined) : undefined;
  const pages = useMemo(() => (areas.length > 1 ? [firstRows, secondRows] : [firstRows]), [areas.length, firstRows, secondRows]);
  const unseen = ids.filter((id) => !pages.some((rows) => rows?.some((r) => r.id === id)));
  const chosen = useChosenNames(areas, unseen);

  const data = useMemo(() => {
    const groups: ComboboxItemGroup<ComboboxItem>[] = [];
    const taken = new Set<string>();
    areas.forEach((area, i) => {
      const rows = pages[i] ?? [];
      const items = rows.flatMap((r) => {
        const id = String(r.id);
        if (taken.has(id) || (pick?.accept && !pick.accept(r) && !ids.includes(id))) return [];
        taken.add(id);
        seen.current.set(id, r);
        return [{ value: id, label: labelOf(area, r) }];
      });
      groups.push({ group: dyn('areas', area), items });
    });
    for (const [id, { row, area }] of chosen) {
      if (taken.has(id)) continue;
      taken.add(id);
      seen.current.set(id, row);
      groups[areas.indexOf(area)]?.items.push({ value: id, label: labelOf(area, row) });
    }
    // A chosen id nobody can name (deleted, or another business's) still shows, as its short id.
    for (const id of ids) if (!taken.has(id)) groups[0]!.items.push({ value: id, label: id.slice(0, 8) });
    return areas.length > 1 ? groups : groups[0]!.items;
  }, [areas, pages, chosen, ids, dyn, pick]);

  const serverSearch = areas.some((a) => { const r = declOf(a)?.list?.route; return r ? filterCaps(r).search : false; });
  const shared = {
    ...input,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    onDropdownOpen: () => setOpened(true),
    nothingFoundMessage: first.isFetching ? t('app.loading') : t('form.noMatches'),
    // The server already searched; filtering again would hide records it matched by another field.
    ...(serverSearch ? { filter: keepAll } : {}),
    comboboxProps: { withinPortal: true },
    dir: 'auto' as const,
  };
  if (multiple) {
    return <MultiSelect {...shared} value={ids} onChange={(v) => onChange(v, null)} clearable={clearable ?? false} {...(maxValues !== undefined ? { maxValues } : {})} hidePickedOptions />;
  }
  return <Select {...shared} value={ids[0] ?? null} onChange={(v) => onChange(v, v ? (seen.current.get(v) ?? null) : null)} clearable={clearable ?? false} />;
}
