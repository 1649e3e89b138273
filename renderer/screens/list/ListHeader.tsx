import { memo, useRef } from 'react';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { FieldSpec } from '../../resources/types';
import { isNumericKind } from '../../resources/types';
import { VIEW_LIMITS } from '../../../shared/views';
import { dirOf, useT } from '../../i18n';

/** On the local copy, each column's header sorts by it (shift adds a key) and carries its filter. */
export interface HeaderTools {
  /** The column's place among the sort keys, or null when it is not one. */
  sortOf: (key: string) => { direction: 'asc' | 'desc'; rank: number } | null;
  /** Whether the copy can sort by the column. */
  sortable: (key: string) => boolean;
  onSort: (key: string, additive: boolean) => void;
  /** The column's filter button (it opens the column's editor), or null. */
  filter: (key: string) => React.ReactNode;
  /** "Sort by {{column}}" in the user's language, for the header button's name. */
  sortLabel: (header: string) => string;
}

const clampWidth = (w: number) => Math.round(Math.min(VIEW_LIMITS.widthMax, Math.max(VIEW_LIMITS.widthMin, w)));

/**
 * The drag handle at a column header's end. Dragging away from the column widens it, in either
 * direction (in right-to-left the end is the left edge); a double click gives the width back to the
 * table. Pointer only: the keyboard sets widths in the Columns chooser.
 */
function ColumnResizer({ id, onResize }: { id: string; onResize: (id: string, width: number | null) => void }) {
  const { lang } = useT();
  const sign = dirOf(lang) === 'rtl' ? -1 : 1;
  const start = useRef<{ x: number; width: number } | null>(null);
  return (
    <span
      className="col-resizer"
      aria-hidden
      data-testid={`resize-${id}`}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={() => onResize(id, null)}
      onPointerDown={(e) => {
        const th = e.currentTarget.parentElement;
        if (!th) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = { x: e.clientX, width: th.getBoundingClientRect().width };
      }}
      onPointerMove={(e) => {
        if (start.current) onResize(id, clampWidth(start.current.width + (e.clientX - start.current.x) * sign));
      }}
      onPointerUp={(e) => {
        start.current = null;
        e.currentTarget.releasePointerCapture(e.pointerId);
      }}
    />
  );
}

/**
 * Whether a click on a header cell sorts: anywhere in the cell but its filter button and resize
 * handle, and not a click inside the filter's editor (a portal, whose events still reach the cell).
 */
function sortsFrom(e: React.MouseEvent<HTMLElement>): boolean {
  const target = e.target as Element;
  return e.currentTarget.contains(target) && target.closest('.filter-button, .col-resizer') === null;
}

/** A header that sorts: its name as a button, the direction and (with several keys) its place. */
function SortHeader({ label, sort, tools, columnKey }: { label: string; sort: ReturnType<HeaderTools['sortOf']>; tools: HeaderTools; columnKey: string }) {
  const Arrow = sort?.direction === 'desc' ? IconArrowDown : IconArrowUp;
  return (
    <button type="button" className="sort-button" onClick={(e) => { e.stopPropagation(); tools.onSort(columnKey, e.shiftKey); }} title={tools.sortLabel(label)} data-testid={`sort-${columnKey}`}>
      <span>{label}</span>
      {sort && <Arrow size={12} aria-hidden />}
      {sort && sort.rank > 0 && <span className="sort-rank" aria-hidden>{sort.rank + 1}</span>}
    </button>
  );
}

/**
 * The header row: each column's name and its resize handle (after the selection's, when rows can be
 * picked); on the local copy a click anywhere on the cell sorts (its name is the sort button for the
 * keyboard) and a filter sits beside it. Rendered again only when
 * its columns, names or tools change (not for each answer of rows).
 */
export const HeaderRow = memo(function HeaderRow({ columns, headers, onResize, selectHeader, tools }: { columns: readonly FieldSpec[]; headers: readonly string[]; onResize: (id: string, width: number | null) => void; selectHeader?: string | undefined; tools?: HeaderTools | undefined }) {
  return (
    <tr aria-rowindex={1}>
      {selectHeader !== undefined && <th scope="col" className="select-cell"><span className="visually-hidden">{selectHeader}</span></th>}
      {columns.map((c, i) => {
        const sort = tools?.sortOf(c.key) ?? null;
        const sortable = tools?.sortable(c.key) ?? false;
        return (
          <th key={c.key} scope="col" className={[isNumericKind(c.kind) ? 'end' : '', i === 0 ? 'held' : ''].join(' ').trim() || undefined} data-col={c.key}
            aria-sort={sortable ? (sort ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
            onClick={tools && sortable ? (e) => { if (sortsFrom(e)) tools.onSort(c.key, e.shiftKey); } : undefined}>
            {tools && sortable ? <SortHeader label={headers[i] ?? c.key} sort={sort} tools={tools} columnKey={c.key} /> : headers[i]}
            {tools?.filter(c.key)}
            <ColumnResizer id={c.key} onResize={onResize} />
          </th>
        );
      })}
    </tr>
  );
});

