import { Suspense, lazy, useState } from 'react';
import { Button } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useT } from '../../i18n';
import type { ColumnToggle } from './ListToolbar';

// The chooser (a positioned popover) loads on first use: a list appears without its code.
const ColumnChooser = lazy(() => import('./ColumnChooser'));

/** "Columns": the button, and the chooser once the user asks for it. */
export function ColumnsButton({ columns, onToggleColumn }: { columns: ColumnToggle[]; onToggleColumn: (id: string, visible: boolean) => void }) {
  const { t } = useT();
  const [wanted, setWanted] = useState(false);
  const button = (props: { onClick?: () => void }) => (
    <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />} data-testid="columns-button" {...props}>{t('list.columns')}</Button>
  );
  if (!wanted) return button({ onClick: () => setWanted(true) });
  return (
    <Suspense fallback={button({})}>
      <ColumnChooser columns={columns} onToggleColumn={onToggleColumn} label={t('list.columns')} openAtOnce />
    </Suspense>
  );
}
