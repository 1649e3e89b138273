import { lazy } from 'react';
import { Button } from '@mantine/core';
import { IconLayoutList } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { LazyOnClick } from '../../kit/LazyOnClick';
import { appliedView, useTableViews } from './useTableViews';
import type { ViewsMenuProps } from './ViewsMenu';

const ViewsMenu = lazy(() => import('./ViewsMenu'));

/** "Views" (or the applied view's name): the button, and the menu of named views once asked for. */
export function ViewsButton(props: Omit<ViewsMenuProps, 'label' | 'openAtOnce'>) {
  const { t } = useT();
  const applied = appliedView(useTableViews(props.area), props.current);
  const label = applied ? `${t('views.activeButton', { name: applied.name })}${applied.changed ? ` (${t('views.changed')})` : ''}` : t('views.button');
  return (
    <LazyOnClick button={(onClick) => <Button variant="default" leftSection={<IconLayoutList size={16} aria-hidden />} data-testid="views-button" onClick={onClick}><span dir="auto">{label}</span></Button>}>
      <ViewsMenu {...props} label={label} openAtOnce />
    </LazyOnClick>
  );
}
