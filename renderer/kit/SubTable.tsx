import { useMemo } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useT } from '../i18n';
import { ScreenButton, useGo } from '../nav/links';
import { toAction, toRecord } from '../nav/paths';
import { isNumericKind, type ActionSpec, type SubTableSpec } from '../resources/types';
import { FieldValue, cellClassOf } from './FieldValue';
import { getPath, labelKeyOf } from '../lib/format';
import { useWriteBlock } from '../session/usePermissions';
import { WriteGate } from './WriteGate';
import { useHeadingLevel } from './headingLevel';
import { PaperSection } from './PaperSection';

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
        <WriteGate key={a.key} reason={block(a.route)}>
          {(disabled) => disabled
            ? <Button size="compact-sm" variant="subtle" leftSection={<IconEdit size={14} aria-hidden />} disabled data-testid={`row-${a.key}`}>{dyn('actions', a.key)}</Button>
            : <ScreenButton screen={toAction(rowActions.area, rowActions.recordId, a.key, rowId)} size="compact-sm" variant="subtle" leftSection={<IconEdit size={14} aria-hidden />} data-testid={`row-${a.key}`} data-row-id={rowId}>{dyn('actions', a.key)}</ScreenButton>}
        </WriteGate>
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
    <PaperSection titleId={headingId} title={<>{dyn('tables', spec.title)} {!pending && <span className="paper-section-count">({list.length})</span>}</>} level={level}>
      {pending ? (
        <Text c="dimmed" size="sm" role="status" aria-busy="true">{t('app.loading')}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">{t('detail.noRows')}</Text>
      ) : (
        // Plain elements styled like the list's table (app.css .list-table): a record shows several, and plain cells are cheap.
        <div className="list-scroll">
          <table className="list-table sub-table" aria-labelledby={headingId} data-testid={`subtable-${spec.rows}`}>
            <thead>
              <tr>
                {spec.columns.map((c) => <th key={c.key} scope="col" className={isNumericKind(c.kind) ? 'end' : undefined}>{dyn('fields', labelKeyOf(c))}</th>)}
                {withActions && <th scope="col"><span className="visually-hidden">{t('form.rowActions')}</span></th>}
              </tr>
            </thead>
            <tbody>
              {list.map((r, i) => (
                <tr
                  key={String(getPath(r, 'id') ?? i)}
                  data-stripe={i % 2 === 0 || undefined}
                  {...(spec.rowLink ? { tabIndex: 0, className: 'clickable-row', onClick: () => open(r), onKeyDown: (e: React.KeyboardEvent) => { if (e.key === 'Enter') open(r); } } : {})}
                >
                  {spec.columns.map((c) => <td key={c.key} className={cellClassOf(c.kind)}><FieldValue spec={c} row={r} currency={typeof currency === 'string' ? currency : undefined} withCopy={false} names /></td>)}
                  {withActions && <td><RowButtons row={r} rowActions={rowActions} /></td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PaperSection>
  );
}
