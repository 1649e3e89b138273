import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { FieldSpec } from '../../resources/types';
import { FieldValue, cellClassOf } from '../../kit/FieldValue';
import { HeaderRow } from './ListHeader';

export { HeaderRow, type HeaderTools } from './ListHeader';
import { getPath } from '../../lib/format';
import { dirOf, useT } from '../../i18n';
import { rowKeyMove, targetIndex } from '../../keys/rowKeys';
import { useFillWindow } from '../../kit/useFillWindow';
import { markOf, notKnownYet } from '../../rules/outbox';
import { NotYetKnown, WaitingMark } from '../../kit/outboxText';

const NO_BOX: React.RefObject<HTMLElement | null> = { current: null };

export type Row = Record<string, unknown>;
export type PageMove = 'nextPage' | 'previousPage';

/** Rows the user picks for a bulk action: a checkbox each (x on a focused row; shift for a range). */
export interface RowSelection {
  selected: ReadonlySet<string>;
  onToggle: (id: string, range: boolean) => void;
  /** The checkbox's accessible name ("Select <the row's name>"). */
  labelOf: (row: Row) => string;
  /** Rows that cannot be picked have no checkbox (an expense something blocks). */
  can: (row: Row) => boolean;
  /** The selection column's header, for screen readers. */
  header: string;
}
type RowPick = Pick<RowSelection, 'onToggle' | 'labelOf' | 'can'>;

interface RowProps {
  row: Row;
  index: number;
  columns: readonly FieldSpec[];
  rowId: string;
  onOpen: (row: Row) => void;
  /** With a selection: whether this row is picked, and how to pick it. */
  selected?: boolean;
  pick?: RowPick | undefined;
}

const stop = (e: React.MouseEvent) => e.stopPropagation();
/** The first column stays in view while a wide table scrolls sideways (app.css .held). */
const heldClassOf = (kind: FieldSpec['kind']): string => { const c = cellClassOf(kind); return c ? `${c} held` : 'held'; };

/** One row; rendered again only when its record, its selection or the visible columns change (a page of 100 stays put). */
export const ListRow = memo(function ListRow({ row, index, columns, rowId, onOpen, selected = false, pick }: RowProps) {
  const id = String(row.id ?? '');
  // Made or changed offline: marked until the service has it (the copy's rows only).
  const mark = markOf(row);
  return (
    <tr
      tabIndex={0}
      className="clickable-row"
      data-row-id={String(getPath(row, rowId) ?? '')}
      data-id={String(row.id ?? '')}
      data-index={index}
      data-stripe={index % 2 === 0 || undefined}
      data-local={mark?.state}
      aria-rowindex={index + 2}
      onClick={() => onOpen(row)}
    >
      {pick && (
        <td className="select-cell" onClick={stop}>
          {pick.can(row) && (
            <input type="checkbox" checked={selected} onChange={() => undefined} onClick={(e) => pick.onToggle(id, e.shiftKey)} aria-label={pick.labelOf(row)} data-testid="row-select" />
          )}
        </td>
      )}
      {columns.map((c, i) => (
        <td key={c.key} className={i === 0 ? heldClassOf(c.kind) : cellClassOf(c.kind)}>
          {mark && i === 0 && <WaitingMark mark={mark} />}
          {mark?.area && notKnownYet(mark.area, row, c.key) ? <NotYetKnown /> : <FieldValue spec={c} row={row} withCopy={false} />}
        </td>
      ))}
    </tr>
  );
});

/**
 * Widths the user gave columns, as one small style sheet for this table: rows need no per-cell
 * style, so resizing a column re-renders no row.
 */
export function WidthStyle({ tableId, columns, widths, offset = 0 }: { tableId: string; columns: readonly FieldSpec[]; widths: Readonly<Record<string, number>>; offset?: number }) {
  const rules = columns.flatMap((c, i) => {
    const w = widths[c.key];
    if (!w) return [];
    const n = i + 1 + offset;
    const cells = `#${tableId}>thead>tr>th:nth-child(${n}),#${tableId}>tbody>tr>td:nth-child(${n})`;
    // An amount is never cut short: its column takes the width given, or more when an amount needs it.
    if (c.kind === 'money' || c.kind === 'decimalMoney') return [`${cells}{width:${w}px;min-width:${w}px}`];
    return [`${cells}{width:${w}px;min-width:${w}px;max-width:${w}px;overflow:hidden;text-overflow:ellipsis}#${tableId}>tbody>tr>td:nth-child(${n}) .cell-text{max-width:100%}`];
  });
  return rules.length ? <style>{rules.join('')}</style> : null;
}

/**
 * Keys on the rows of a table (rowKeys.ts): moves the focus from row to row, opens a row, turns
 * the page. `focusIndex` puts the focus on a row by its index (a virtualised body scrolls to it first).
 */
export function useRowKeys(count: number, rowAt: (i: number) => Row | undefined, onOpen: (row: Row) => void, focusIndex: (i: number) => void, onPage?: (move: PageMove) => void, selection?: RowSelection) {
  const { lang } = useT();
  const dir = dirOf(lang);
  return useCallback((e: React.KeyboardEvent<HTMLElement>) => {
    const tr = e.target as HTMLElement;
    // Only the row itself: a link or button inside it keeps its own keys.
    if (tr.tagName !== 'TR' || tr.dataset.index === undefined) return;
    const move = rowKeyMove(e, dir);
    if (!move) return;
    const index = Number(tr.dataset.index);
    if (move === 'open') {
      const row = rowAt(index);
      if (row) { e.preventDefault(); onOpen(row); }
    } else if (move === 'select') {
      const row = rowAt(index);
      if (selection && row && selection.can(row)) { e.preventDefault(); selection.onToggle(String(row.id ?? ''), e.shiftKey); }
    } else if (move === 'nextPage' || move === 'previousPage') {
      if (onPage) { e.preventDefault(); onPage(move); }
    } else {
      const to = targetIndex(move, index, count);
      if (to !== null) { e.preventDefault(); focusIndex(to); }
    }
  }, [count, rowAt, onOpen, focusIndex, onPage, selection, dir]);
}

export interface ListTableProps {
  tableId: string;
  rows: readonly Row[];
  columns: readonly FieldSpec[];
  headers: readonly string[];
  rowId: string;
  onOpen: (row: Row) => void;
  caption: string;
  busy: boolean;
  widths: Readonly<Record<string, number>>;
  onResize: (id: string, width: number | null) => void;
  onPage?: (move: PageMove) => void;
  /** Set to the table's way of focusing a row by index (the screen focuses rows after a page turn or a drawer). */
  focusRef?: React.RefObject<(i: number) => void>;
  /** Rows can be picked for a bulk action. */
  selection?: RowSelection;
  /** The table scrolls in its own box that ends at the window's bottom, its header row kept in view (a work queue). */
  fill?: boolean;
}

/** Hands the table's row focusing to the screen. */
export function useFocusRef(focusRef: ListTableProps['focusRef'], focusIndex: (i: number) => void): void {
  useEffect(() => { if (focusRef) focusRef.current = focusIndex; }, [focusRef, focusIndex]);
}

/**
 * A page of records as a plain table (app.css .list-table): cells are the declarations' own field
 * values, without a styled component per cell, so a page of 100 rows paints in one frame.
 */
export function ListTable({ tableId, rows, columns, headers, rowId, onOpen, caption, busy, widths, onResize, onPage, focusRef, selection, fill = false }: ListTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useFillWindow(fill ? box : NO_BOX);
  const focusIndex = useCallback((i: number) => body.current?.querySelector<HTMLElement>(`tr[data-index="${i}"]`)?.focus(), []);
  useFocusRef(focusRef, focusIndex);
  const rowAt = useCallback((i: number) => rows[i], [rows]);
  const onKeyDown = useRowKeys(rows.length, rowAt, onOpen, focusIndex, onPage, selection);
  const { onToggle, labelOf, can } = selection ?? {};
  const pick = useMemo(() => (onToggle && labelOf && can ? { onToggle, labelOf, can } : undefined), [onToggle, labelOf, can]);
  return (
    <div ref={box} className={fill ? 'list-scroll list-fill' : 'list-scroll'}>
      <WidthStyle tableId={tableId} columns={columns} widths={widths} offset={selection ? 1 : 0} />
      <table id={tableId} className={selection ? 'list-table selectable' : 'list-table'} aria-labelledby="screen-title" aria-rowcount={rows.length + 1} data-testid="list-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead><HeaderRow columns={columns} headers={headers} onResize={onResize} selectHeader={selection?.header} /></thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {rows.map((r, i) => <ListRow key={String(r.id ?? i)} row={r} index={i} columns={columns} rowId={rowId} onOpen={onOpen} selected={selection?.selected.has(String(r.id ?? ''))} pick={pick} />)}
        </tbody>
      </table>
    </div>
  );
}
