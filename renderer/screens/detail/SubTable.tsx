import { Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useT } from '../../i18n';
import { useGo } from '../../router/links';
import { toRecord } from '../../router/paths';
import { isNumericKind, type SubTableSpec } from '../../resources/types';
import { FieldValue } from '../../components/FieldValue';
import { getPath, labelKeyOf } from '../../lib/format';
import { useHeadingLevel } from '../../components/headingLevel';

/** An embedded table of a record (lead activities, document lines, recipes ...). */
export function SubTable({ spec, record, pending = false }: { spec: SubTableSpec; record: unknown; /** The record does not carry these rows yet. */ pending?: boolean }) {
  const { t, dyn } = useT();
  const go = useGo();
  const rows = getPath(record, spec.rows);
  const list = Array.isArray(rows) ? rows : [];
  const currency = getPath(record, 'currency');
  const headingId = `sub-${spec.rows}`;
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
              <Table.Tr>{spec.columns.map((c) => <Table.Th key={c.key} scope="col" ta={isNumericKind(c.kind) ? 'end' : undefined}>{dyn('fields', labelKeyOf(c))}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r, i) => (
                <Table.Tr
                  key={String(getPath(r, 'id') ?? i)}
                  {...(spec.rowLink ? { tabIndex: 0, className: 'clickable-row', onClick: () => open(r), onKeyDown: (e: React.KeyboardEvent) => { if (e.key === 'Enter') open(r); } } : {})}
                >
                  {spec.columns.map((c) => <Table.Td key={c.key} ta={isNumericKind(c.kind) ? 'end' : undefined}><FieldValue spec={c} row={r} currency={typeof currency === 'string' ? currency : undefined} withCopy={false} names /></Table.Td>)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
