import { useEffect, useMemo, useState } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { LIMITS } from '../../../shared';
import { useT } from '../../i18n';
import { emptyFilters, hasFilters, userTimeZone, type FilterCaps, type FilterValues } from '../../rules/filters';

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
 * "Created / updated on or after": a day, and a time when the user wants one, on the user's own clock
 * (rules/filters.ts onOrAfter sends exactly that moment); the time waits for a day.
 */
function OnOrAfter({ which, value, onChange }: { which: 'created' | 'updated'; value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useT();
  const [day = '', time = ''] = value?.split('T') ?? [];
  const zone = useMemo(userTimeZone, []);
  const join = (d: string, tm: string) => (d ? (tm ? `${d}T${tm}` : d) : null);
  const label = t(which === 'created' ? 'list.createdOnOrAfter' : 'list.updatedOnOrAfter');
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <TextInput type="date" label={label} description={t('list.yourClock', { zone })} value={day} onChange={(e) => onChange(join(e.currentTarget.value, time))} w={190} data-testid={`filter-${which}-day`} />
      {/* Named after its date: two time boxes in one bar must not share a name. */}
      <TextInput type="time" label={t('list.fromTime')} aria-label={t('list.timeOf', { what: label })} value={time} disabled={!day} onChange={(e) => onChange(join(day, e.currentTarget.value))} w={130} data-testid={`filter-${which}-time`} />
    </Group>
  );
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
      {caps.createdAfter && <OnOrAfter which="created" value={filters.createdAfter} onChange={(createdAfter) => onFilters({ ...filters, createdAfter })} />}
      {caps.updatedAfter && <OnOrAfter which="updated" value={filters.updatedAfter} onChange={(updatedAfter) => onFilters({ ...filters, updatedAfter })} />}
      {hasFilters(filters) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => { setSearch(''); onFilters(emptyFilters()); }}>
          {t('list.clearFilters')}
        </Button>
      )}
      <Group gap={4} ms="auto" wrap="wrap" data-testid="list-tools">{children}</Group>
    </Group>
  );
}
