import { Table } from '@mantine/core';
import type { RecordChanges } from '../forms/revisions';
import { useT } from '../i18n';
import { labelKeyOf } from '../lib/format';
import { FieldValue } from './FieldValue';

/** One of the two versions a table shows: its record, its column's heading and its cells' `data-side`. */
export interface Version { row: unknown; heading: string; side: string }

/**
 * Two versions of one record side by side, field by field and table by table, as recordChanges found
 * them (a write refused for a stale revision, an outbox entry the service moved past).
 */
export function VersionsTable({ changes, field, versions, attrs }: {
  changes: RecordChanges; field: string; versions: readonly [Version, Version]; attrs: Record<`data-${string}`, string>;
}) {
  const { t, dyn } = useT();
  return (
    <Table withTableBorder verticalSpacing={4} {...attrs}>
      <Table.Thead>
        <Table.Tr><Table.Th scope="col">{field}</Table.Th>{versions.map((v) => <Table.Th key={v.side} scope="col">{v.heading}</Table.Th>)}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.fields.map((f) => (
          <Table.Tr key={f.key} data-field={f.key}>
            <Table.Td>{dyn('fields', labelKeyOf(f))}</Table.Td>
            {versions.map((v) => <Table.Td key={v.side} data-side={v.side}><FieldValue spec={f} row={v.row} withCopy={false} names /></Table.Td>)}
          </Table.Tr>
        ))}
        {changes.tables.map((c) => (
          <Table.Tr key={c.spec.rows} data-field={c.spec.rows}>
            <Table.Td>{dyn('tables', c.spec.title)}</Table.Td>
            {versions.map((v, i) => <Table.Td key={v.side} data-side={v.side}>{t('stale.rows', { count: i === 0 ? c.before : c.after })}</Table.Td>)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
