import { useEffect, useState } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { LIMITS } from '../../../shared';
import { useT } from '../../i18n';
import { hasFilters, type FilterCaps, type FilterValues } from '../../rules/filters';

/** One column as the Columns chooser lists it, in the table's order. */
export interface ColumnEntry { id: string; label: string; visible: boolean; width: number | null }
/** What the Columns chooser can change: visibility, order and width. */
export interface ColumnTools {
  columns: ColumnEntry[];
  onToggle: (id: string, visible: boolean) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onWidth: (id: string, width: number | null) => void;
  onReset: () => void;
}

interface Props {
  caps: FilterCaps;
  filters: FilterValues;
  onFilters: (f: FilterValues) => void;
  /** The table's tools at the end of the bar (columns, views, load all, refresh, and whatever joins them). */
  children: React.ReactNode;
}

/**
 * Filters the route accepts (and only those), then the table's tools. Dates use the browser's own date
 * input (localised by the system, no calendar code to load with a list).
 */
export function ListToolbar({ caps, filters, onFilters, children }: Props) {
  const { t, dyn } = useT();
  const [search, setSearch] = useState(filters.search);
  const [debounced] = useDebouncedValue(search, 350);
  useEffect(() => {
    if (debounced !== filters.search) onFilters({ ...filters, search: debounced });
    // Only the debounced text drives the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('list.filters')}>
      {caps.search && (
        <TextInput
          label={t('list.search')}
          description={t('list.searchIn', { fields: caps.searchFields.map((f) => dyn('fields', f.split('.')[0] ?? f)).join(', ') })}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={LIMITS.searchMax}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          dir="auto"
          w={260}
          data-testid="list-search"
        />
      )}
      {caps.status && (
        <NativeSelect
          label={t('list.status')}
          data={[{ value: '', label: t('list.anyStatus') }, ...caps.statuses.map((s) => ({ value: s, label: dyn('status', s) }))]}
          value={filters.status ?? ''}
          onChange={(e) => onFilters({ ...filters, status: e.currentTarget.value || null })}
          w={190}
          data-testid="list-status"
        />
      )}
      {caps.createdAfter && (
        <TextInput type="date" label={t('list.createdAfter')} value={filters.createdAfter ?? ''} onChange={(e) => onFilters({ ...filters, createdAfter: e.currentTarget.value || null })} w={170} />
      )}
      {caps.updatedAfter && (
        <TextInput type="date" label={t('list.updatedAfter')} value={filters.updatedAfter ?? ''} onChange={(e) => onFilters({ ...filters, updatedAfter: e.currentTarget.value || null })} w={170} />
      )}
      {hasFilters(filters) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => { setSearch(''); onFilters({ search: '', status: null, createdAfter: null, updatedAfter: null }); }}>
          {t('list.clearFilters')}
        </Button>
      )}
      <Group gap={4} ms="auto" wrap="wrap" data-testid="list-tools">{children}</Group>
    </Group>
  );
}
