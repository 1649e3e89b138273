import { useMemo } from 'react';
import { Button, Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { ScreenButton, useGo } from '../../router/links';
import { toAction, toRecord } from '../../router/paths';
import { isNumericKind, type ActionSpec, type SubTableSpec } from '../../resources/types';
import { FieldValue } from '../../components/FieldValue';
import { getPath, labelKeyOf } from '../../lib/format';
import { useWriteBlock } from '../../data/usePermissions';
import { Gate } from './RecordActions';
import { useHeadingLevel } from '../../components/headingLevel';

/** Actions on one row of a record's table (edit a lead's activity), for the record they belong to. */
export interface RowActions { area: string; recordId: string; actions: readonly ActionSpec[] }

function sortedRows(list: unknown[], sort: SubTableSpec['sort']): unknown[] {
  if (!sort) return list;
  const key = (r: unknown) => String(getPath(r, sort.key) ?? '');
  // ISO timestamps and dates sort as text; the copy keeps the record's own order untouched.
  return [...list].sort((a, b) => (sort.desc ? key(b).localeCompare(key(a)) : key(a).localeCompare(key(b))));
}

function RowButtons({ row, rowActions }: { row: unknown; rowActions: RowActions }) {
  const { dyn } = useT();
  const block = useWriteBlock();
  const rowId = getPath(row, 'id');
  if (typeof rowId !== 'string') return null;
  return (
    <Group gap={4} wrap="nowrap">
      {rowActions.actions.map((a) => (
        <Gate key={a.key} reason={block(a.route)}>
          {(disabled) => disabled
            ? <Button size="compact-sm" variant="subtle" leftSection={<IconEdit size={14} aria-hidden />} disabled data-testid={`row-${a.key}`}>{dyn('actions', a.key)}</Button>
            : <ScreenButton screen={toAction(rowActions.area, rowActions.recordId, a.key, rowId)} size="compact-sm" variant="subtle" leftSection={<IconEdit size={14} aria-hidden />} data-testid={`row-${a.key}`} data-row-id={rowId}>{dyn('actions', a.key)}</ScreenButton>}
        </Gate>
      ))}
    </Group>
  );
}

/** An embedded table of a record (lead activities, document lines, recipes ...), with actions on its rows where declared. */
export function SubTable({ spec, record, rowActions, pending = false }: { spec: SubTableSpec; record: unknown; rowActions?: RowActions; /** The record does not carry these rows yet. */ pending?: boolean }) {
  const { t, dyn } = useT();
  const go = useGo();
  const rows = getPath(record, spec.rows);
  const list = useMemo(() => sortedRows(Array.isArray(rows) ? rows : [], spec.sort), [rows, spec.sort]);
  const currency = getPath(record, 'currency');
  const headingId = `sub-${spec.rows}`;
  const withActions = rowActions !== undefined && rowActions.actions.length > 0;
  const level = useHeadingLevel();
  const open = (r: unknown) => {
    const id = spec.rowLink ? getPath(r, spec.rowLink.id) : undefined;
    if (spec.rowLink && typeof id === 'string') go(toRecord(spec.rowLink.area, id));
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={level} size="h4" id={headingId} mb="sm">{dyn('tables', spec.title)} {!pending && <Text span c="dimmed" size="sm">({list.length})</Text>}</Title>
      {pending ? (
        <Text c="dimmed" size="sm" role="status" aria-busy="true">{t('app.loading')}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">{t('detail.noRows')}</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover={!!spec.rowLink} aria-labelledby={headingId} data-testid={`subtable-${spec.rows}`}>
            <Table.Thead>
              <Table.Tr>
                {spec.columns.map((c) => <Table.Th key={c.key} scope="col" ta={isNumericKind(c.kind) ? 'end' : undefined}>{dyn('fields', labelKeyOf(c))}</Table.Th>)}
                {withActions && <Table.Th scope="col"><span className="visually-hidden">{t('form.rowActions')}</span></Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r, i) => (
                <Table.Tr
                  key={String(getPath(r, 'id') ?? i)}
                  {...(spec.rowLink ? { tabIndex: 0, className: 'clickable-row', onClick: () => open(r), onKeyDown: (e: React.KeyboardEvent) => { if (e.key === 'Enter') open(r); } } : {})}
                >
                  {spec.columns.map((c) => <Table.Td key={c.key} ta={isNumericKind(c.kind) ? 'end' : undefined}><FieldValue spec={c} row={r} currency={typeof currency === 'string' ? currency : undefined} withCopy={false} names /></Table.Td>)}
                  {withActions && <Table.Td><RowButtons row={r} rowActions={rowActions} /></Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
