import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import type { ExportFormat, ExportStart } from '../../../shared';
import { asBridgeError, invoke } from '../../bridge/invoke';
import { labelsOf, useT } from '../../i18n';
import { notify } from '../../kit/notify';
import type { FieldSpec, ListRouteId } from '../../resources/types';
import { buildListQuery, type FilterValues } from '../../rules/filters';
import { exportStarted } from '../../bridge/exports';

interface Props {
  route: ListRouteId;
  /** The table's name in the user's language. */
  title: string;
  filters: FilterValues;
  /** The columns on screen, in order, with their headers. */
  columns: readonly FieldSpec[];
  headers: readonly string[];
}

/**
 * Export the table as it is filtered, with the columns it shows, over all pages: main asks where
 * to save and writes the file; progress shows in the shell's export tray.
 */
export function ExportButton({ route, title, filters, columns, headers }: Props) {
  const { t, lang, locale } = useT();
  const [asking, setAsking] = useState(false);
  const start = async (format: ExportFormat) => {
    const { limit: _limit, cursor: _cursor, ...query } = buildListQuery(route, filters, 100, undefined);
    const input: ExportStart = {
      route, query, format, title, locale, rtl: lang === 'he',
      columns: columns.map((c, i) => ({ key: c.key, kind: c.kind, label: headers[i] ?? c.key, ...(c.currency ? { currency: c.currency } : {}) })),
      texts: { status: labelsOf('status', lang), enums: labelsOf('enums', lang), yes: t('app.yes'), no: t('app.no') },
    };
    setAsking(true);
    try {
      const r = await invoke('export.start', input);
      if (r.started) exportStarted({ job_id: r.job_id, format, title, file_name: r.file_name });
    } catch (e) {
      const err = asBridgeError(e);
      notify({ tone: 'error', title: t('exporter.failed'), message: err.kind === 'api' ? t('errors.kind.api') : t(`errors.kind.${err.kind}`), requestId: err.request_id });
    } finally {
      setAsking(false);
    }
  };
  return (
    // No focus placeholder inside role="menu" (axe: a menu holds menu items only).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />} loading={asking} title={t('exporter.menuTitle')} data-testid="export-menu">
          {t('exporter.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => void start('csv')} data-testid="export-csv">{t('exporter.csv')}</Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => void start('xlsx')} data-testid="export-xlsx">{t('exporter.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
