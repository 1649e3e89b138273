import { useCallback, useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CellKind, FieldSpec } from '../../resources/types';
import { HeaderRow, ListRow, useFocusRef, useRowKeys, type HeaderTools, type ListTableProps } from './ListTable';
import type { RowSource } from './rowSource';


/** Every row is one line (cells do not wrap), so rows have one height and nothing needs measuring. */
export const ROW_HEIGHT = 42;
/**
 * Rows per item of the virtualiser: it works out every item's place again when the count changes
 * (a search or filter: 2 ms at 100,000 rows), so it places blocks of rows and the rows follow.
 */
const BLOCK = 5;

/** Starting widths of a fixed-layout table by what a column holds; a width the user gave wins. */
const KIND_WIDTH: Record<CellKind, number> = {
  text: 220, status: 170, enum: 170, money: 150, decimalMoney: 150, number: 110, percent: 100, quantity: 120, date: 150,
  timestamp: 190, boolean: 100, id: 130, idList: 170, tags: 210, namedList: 210, color: 110, json: 240, bytes: 100, issues: 260,
  country: 150, currency: 170, revision: 120,
};

const widthOf = (c: FieldSpec, widths: Readonly<Record<string, number>>) => widths[c.key] ?? KIND_WIDTH[c.kind];

/**
 * Thousands of rows in a scrolling box that renders only the rows in view (TanStack Virtual), with
 * spacer rows above and below: still one real table (header, row numbers for screen readers), with
 * fixed column widths so rows coming into view never shift the columns.
 */
export default function VirtualListTable({ tableId, source, columns, headers, rowId, onOpen, caption, busy, widths, onResize, focusRef, tools }: Omit<ListTableProps, 'rows'> & { source: RowSource; tools?: HeaderTools }) {
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const { count, rowAt, onRange } = source;
  const v = useVirtualizer({ count: Math.ceil(count / BLOCK), getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT * BLOCK, overscan: 2 });
  const focusIndex = useCallback((i: number) => {
    v.scrollToIndex(Math.floor(i / BLOCK), { align: 'auto' });
    // The row is in the page once the virtualiser has rendered that part of the list.
    let tries = 0;
    const attempt = () => {
      const tr = body.current?.querySelector<HTMLElement>(`tr[data-index="${i}"]`);
      if (tr) { tr.focus({ preventScroll: true }); tr.scrollIntoView({ block: 'nearest' }); }
      else if (tries++ < 10) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  }, [v]);
  useFocusRef(focusRef, focusIndex);
  const onKeyDown = useRowKeys(count, rowAt, onOpen, focusIndex);
  const blocks = v.getVirtualItems();
  const start = (blocks[0]?.index ?? 0) * BLOCK;
  const end = Math.max(start, Math.min(count, ((blocks.at(-1)?.index ?? -1) + 1) * BLOCK) - 1);
  useEffect(() => onRange?.(start, end), [onRange, start, end]);
  // Every row has one height, so the spacers are counted in rows (the last block may be short).
  const top = start * ROW_HEIGHT;
  const bottom = count > 0 ? (count - end - 1) * ROW_HEIGHT : 0;
  const items = count > 0 ? Array.from({ length: end - start + 1 }, (_, k) => start + k) : [];
  const width = columns.reduce((sum, c) => sum + widthOf(c, widths), 0);
  return (
    <div ref={scroller} className="list-scroll list-virtual" data-testid="list-virtual" tabIndex={-1}>
      <table id={tableId} className="list-table fixed" style={{ width }} aria-labelledby="screen-title" aria-rowcount={count + 1} data-testid="list-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>{columns.map((c) => <col key={c.key} style={{ width: widthOf(c, widths) }} />)}</colgroup>
        <thead><HeaderRow columns={columns} headers={headers} onResize={onResize} tools={tools} /></thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {top > 0 && <tr className="spacer" aria-hidden style={{ height: top }}><td colSpan={columns.length} /></tr>}
          {items.map((index) => {
            const r = rowAt(index);
            // A row of a window still on its way: its place, empty, so the scroll position stays true.
            if (!r) return <tr key={`pending-${index}`} className="pending-row" data-index={index} aria-rowindex={index + 2} aria-busy><td colSpan={columns.length} /></tr>;
            return <ListRow key={String(r.id ?? index)} row={r} index={index} columns={columns} rowId={rowId} onOpen={onOpen} />;
          })}
          {bottom > 0 && <tr className="spacer" aria-hidden style={{ height: bottom }}><td colSpan={columns.length} /></tr>}
        </tbody>
      </table>
    </div>
  );
}
