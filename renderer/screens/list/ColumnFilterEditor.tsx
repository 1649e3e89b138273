import { useRef, useState } from 'react';
import { Button, Checkbox, Group, Popover, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { invoke } from '../../bridge/invoke';
import { editorOf, localColumnOf, type ColumnFilter } from '../../rules/localTable';
import { labelOf } from '../../resources/lookup';
import type { ColumnFilterProps } from './columnFilter';

/** The editor a column's filter opens, by what the column holds: a range, choices, a record, text, yes or no. */
export default function ColumnFilterEditor({ area, columnKey, label, display, value, onChange, renderButton }: ColumnFilterProps & { renderButton: (onClick?: () => void) => React.ReactElement }) {
  const { t } = useT();
  const target = useRef<HTMLSpanElement>(null);
  const col = localColumnOf(area, columnKey);
  const editor = col ? editorOf(col) : null;
  if (!col || !editor) return null;
  return (
    <Popover position="bottom-start" withinPortal trapFocus shadow="md" defaultOpened onClose={() => target.current?.querySelector('button')?.focus()}>
      <Popover.Target><span ref={target}>{renderButton()}</span></Popover.Target>
      <Popover.Dropdown aria-label={t('localList.filterOf', { column: label })} data-testid={`filter-editor-${columnKey}`}>
        <Stack gap="xs" w={260}>
          <Text size="sm" fw={600}>{t('localList.filterOf', { column: label })}</Text>
          {editor === 'range-number' && <Range columnKey={columnKey} value={value} onChange={onChange} type="text" inputMode="decimal" />}
          {editor === 'range-date' && <Range columnKey={columnKey} value={value} onChange={onChange} type="date" />}
          {editor === 'choice' && <Choices columnKey={columnKey} values={col.values ?? []} display={display} value={value} onChange={onChange} />}
          {editor === 'text' && <Contains columnKey={columnKey} value={value} onChange={onChange} />}
          {editor === 'yesno' && (
            <SegmentedControl
              data={[{ value: 'any', label: t('localList.any') }, { value: 'yes', label: t('app.yes') }, { value: 'no', label: t('app.no') }]}
              value={value?.op === 'is' ? (value.value ? 'yes' : 'no') : 'any'}
              onChange={(v) => onChange(v === 'any' ? null : { column: columnKey, op: 'is', value: v === 'yes' })}
            />
          )}
          {editor === 'ref' && <RefPick columnKey={columnKey} to={col.to?.[0] ?? null} value={value} onChange={onChange} />}
          {col.nullable && (
            <Checkbox label={t('localList.onlyEmpty')} checked={value?.op === 'empty' && value.empty} onChange={(e) => onChange(e.currentTarget.checked ? { column: columnKey, op: 'empty', empty: true } : null)} data-testid={`filter-empty-${columnKey}`} />
          )}
          <Group justify="flex-end"><Button size="xs" variant="subtle" onClick={() => onChange(null)} disabled={!value}>{t('localList.clearColumn')}</Button></Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

type Part = { columnKey: string; value: ColumnFilter | null; onChange: (f: ColumnFilter | null) => void };

function Range({ columnKey, value, onChange, type, inputMode }: Part & { type: 'text' | 'date'; inputMode?: 'decimal' }) {
  const { t } = useT();
  const from = value?.op === 'range' ? value.from : '';
  const to = value?.op === 'range' ? value.to : '';
  const set = (f: string, tt: string) => onChange(f || tt ? { column: columnKey, op: 'range', from: f, to: tt } : null);
  return (
    <Group gap="xs" grow wrap="nowrap">
      <TextInput type={type} inputMode={inputMode} label={t('localList.from')} value={from} onChange={(e) => set(e.currentTarget.value, to)} dir="ltr" data-testid={`filter-from-${columnKey}`} data-autofocus />
      <TextInput type={type} inputMode={inputMode} label={t('localList.to')} value={to} onChange={(e) => set(from, e.currentTarget.value)} dir="ltr" data-testid={`filter-to-${columnKey}`} />
    </Group>
  );
}

function Choices({ columnKey, values, display, value, onChange }: Part & { values: readonly string[]; display: ColumnFilterProps['display'] }) {
  const { dyn, maybe } = useT();
  const picked = value?.op === 'in' ? value.values : [];
  const name = (v: string) => (display === 'status' ? dyn('status', v) : display === 'enum' ? maybe('enums', v) : v);
  return (
    <Checkbox.Group value={picked} onChange={(vs) => onChange(vs.length ? { column: columnKey, op: 'in', values: vs } : null)}>
      <Stack gap={4} mah={240} style={{ overflowY: 'auto' }}>
        {values.map((v) => <Checkbox key={v} value={v} label={name(v)} data-testid={`filter-choice-${v}`} />)}
      </Stack>
    </Checkbox.Group>
  );
}

function Contains({ columnKey, value, onChange }: Part) {
  const { t } = useT();
  const text = value?.op === 'contains' ? value.text : '';
  return <TextInput label={t('localList.contains')} value={text} onChange={(e) => onChange(e.currentTarget.value ? { column: columnKey, op: 'contains', text: e.currentTarget.value } : null)} dir="auto" data-autofocus data-testid={`filter-text-${columnKey}`} />;
}

/** A record of the referenced area, found in the local copy by what the user types. */
function RefPick({ columnKey, to, value, onChange }: Part & { to: string | null }) {
  const { t, lang } = useT();
  const [search, setSearch] = useState('');
  const q = useQuery({
    queryKey: ['local', 'area', to ?? '', 'pick', search],
    queryFn: ({ signal }) => invoke('local.query', { area: to!, filters: [], sort: [], language: lang, page: { offset: 0, limit: 8 }, ...(search.trim() ? { search: search.trim() } : {}) }, signal),
    enabled: to !== null,
  });
  if (!to) return null;
  return (
    <Stack gap={4}>
      {value?.op === 'ref' && <Text size="sm" dir="auto" data-testid={`filter-ref-${columnKey}`}>{value.name}</Text>}
      <TextInput label={t('localList.findRecord')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} dir="auto" data-autofocus />
      {(q.data?.rows ?? []).map((r) => (
        <Button key={String(r.id)} size="compact-sm" variant="subtle" justify="flex-start" onClick={() => onChange({ column: columnKey, op: 'ref', id: String(r.id), name: labelOf(to, r) })} dir="auto">
          {labelOf(to, r)}
        </Button>
      ))}
    </Stack>
  );
}
