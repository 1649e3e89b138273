import { useEffect, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Popover, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/he';
import '@mantine/dates/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { IconColumns, IconFilterOff, IconRefresh, IconSearch } from '@tabler/icons-react';
import { LIMITS } from '../../../shared';
import { useT } from '../../i18n';
import { hasFilters, type FilterCaps, type FilterValues } from '../../state/filters';

export interface ColumnToggle { id: string; label: string; visible: boolean }

interface Props {
  caps: FilterCaps;
  filters: FilterValues;
  onFilters: (f: FilterValues) => void;
  columns: ColumnToggle[];
  onToggleColumn: (id: string, visible: boolean) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Filters the route accepts (and only those), column visibility and refresh. */
export function ListToolbar({ caps, filters, onFilters, columns, onToggleColumn, onRefresh, refreshing }: Props) {
  const { t, dyn, lang } = useT();
  const [search, setSearch] = useState(filters.search);
  const [debounced] = useDebouncedValue(search, 350);
  useEffect(() => {
    if (debounced !== filters.search) onFilters({ ...filters, search: debounced });
    // Only the debounced text drives the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <DatesProvider settings={{ locale: lang }}>
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
        <Select
          label={t('list.status')}
          placeholder={t('list.anyStatus')}
          data={caps.statuses.map((s) => ({ value: s, label: dyn('status', s) }))}
          value={filters.status}
          onChange={(v) => onFilters({ ...filters, status: v })}
          clearable
          w={190}
          data-testid="list-status"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {caps.createdAfter && (
        <DateInput label={t('list.createdAfter')} value={filters.createdAfter} onChange={(v) => onFilters({ ...filters, createdAfter: v })} clearable valueFormat="YYYY-MM-DD" w={160} />
      )}
      {caps.updatedAfter && (
        <DateInput label={t('list.updatedAfter')} value={filters.updatedAfter} onChange={(v) => onFilters({ ...filters, updatedAfter: v })} clearable valueFormat="YYYY-MM-DD" w={160} />
      )}
      {hasFilters(filters) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => { setSearch(''); onFilters({ search: '', status: null, createdAfter: null, updatedAfter: null }); }}>
          {t('list.clearFilters')}
        </Button>
      )}
      <Group gap={4} ms="auto">
        {/* A popover of plain checkboxes: a menu may hold only menu items, and these are form controls. */}
        <Popover position="bottom-end" withinPortal trapFocus shadow="md">
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>{t('list.columns')}</Button>
          </Popover.Target>
          <Popover.Dropdown aria-label={t('list.columns')}>
            <Stack gap="xs" role="group" aria-label={t('list.columns')} data-testid="column-toggles">
              {columns.map((c) => (
                <Checkbox key={c.id} label={c.label} checked={c.visible} onChange={(e) => onToggleColumn(c.id, e.currentTarget.checked)} />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Tooltip label={t('app.refresh')}>
          <ActionIcon variant="default" size="lg" aria-label={t('app.refresh')} onClick={onRefresh} loading={refreshing}>
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
    </DatesProvider>
  );
}
