import { Badge, Group, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { isActive, localColumnOf, type ColumnFilter } from '../../rules/localTable';
import type { FieldSpec } from '../../resources/types';
import { formatDate, labelKeyOf } from '../../lib/format';

/**
 * The table's column filters in words ("Payment status: Unpaid, Partially paid · Due date: … – 24
 * Nov 2026"): a link may filter on columns the table does not show, so what it keeps is said here.
 */
export function ActiveFilters({ area, filters, columns }: { area: string; filters: readonly ColumnFilter[]; columns: readonly FieldSpec[] }) {
  const { t, dyn, maybe, locale } = useT();
  const active = filters.filter((f) => isActive(area, f));
  if (active.length === 0) return null;
  const labelOf = (key: string) => {
    const spec = columns.find((c) => c.key === key);
    return spec ? dyn('fields', labelKeyOf(spec)) : dyn('fields', key.split('.').pop() ?? key);
  };
  const valueOf = (f: ColumnFilter): string => {
    const kind = localColumnOf(area, f.column)?.kind;
    const word = (v: string) => {
      const status = maybe('status', v);
      return status !== v ? status : maybe('enums', v);
    };
    const day = (v: string) => (v && (kind === 'date' || kind === 'datetime') ? formatDate(v, locale) : v || '…');
    switch (f.op) {
      case 'in': return kind === 'id' ? t('localList.records', { count: f.values.length }) : f.values.map(word).join(', ');
      case 'range': return `${day(f.from)} – ${day(f.to)}`;
      case 'contains': return `“${f.text}”`;
      case 'is': return f.value ? t('app.yes') : t('app.no');
      case 'ref': return f.name || f.id;
      case 'empty': return f.empty ? t('localList.empty') : t('localList.notEmpty');
    }
  };
  return (
    <Group gap={6} wrap="wrap" data-testid="active-filters" aria-label={t('localList.activeFilters')} role="group">
      <Text size="sm" c="dimmed">{t('localList.activeFilters')}:</Text>
      {active.map((f) => (
        <Badge key={f.column} variant="light" color="gray" tt="none" size="lg" fw={500} data-column={f.column}>
          <bdi>{labelOf(f.column)}</bdi>: <bdi>{valueOf(f)}</bdi>
        </Badge>
      ))}
    </Group>
  );
}
