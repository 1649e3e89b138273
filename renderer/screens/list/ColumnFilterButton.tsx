import { lazy } from 'react';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { LazyOnClick } from '../../kit/LazyOnClick';
import type { ColumnFilterProps } from './columnFilter';

const ColumnFilterEditor = lazy(() => import('./ColumnFilterEditor'));

/** A column's filter: a small button in its header; the editor (a popover of inputs by the column's kind) loads on the first click. */
export function ColumnFilterButton(props: ColumnFilterProps) {
  const Icon = props.active ? IconFilterFilled : IconFilter;
  const button = (onClick?: () => void) => (
    <button type="button" className="filter-button" data-active={props.active || undefined} aria-label={props.buttonLabel} title={props.buttonLabel} onClick={onClick} data-testid={`filter-${props.columnKey}`}>
      <Icon size={13} aria-hidden />
    </button>
  );
  return <LazyOnClick button={button}><ColumnFilterEditor {...props} renderButton={button} /></LazyOnClick>;
}
