import { lazy, memo } from 'react';
import { Button } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { LazyOnClick } from '../../kit/LazyOnClick';
import type { ColumnTools } from './ListToolbar';

const ColumnChooser = lazy(() => import('./ColumnChooser'));

/** "Columns": the button, and the chooser once the user asks for it. */
export const ColumnsButton = memo(function ColumnsButton({ tools }: { tools: ColumnTools }) {
  const { t } = useT();
  return (
    <LazyOnClick button={(onClick) => <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />} data-testid="columns-button" onClick={onClick}>{t('list.columns')}</Button>}>
      <ColumnChooser tools={tools} label={t('list.columns')} openAtOnce />
    </LazyOnClick>
  );
});
