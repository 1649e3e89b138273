import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { fitWidths } from '../../rules/columnFit';
import { useFillWindow } from '../../kit/useFillWindow';
import { HeaderRow, ListRow, useFocusRef, useRowKeys, type HeaderTools, type ListTableProps } from './ListTable';
import type { RowSource } from './rowSource';
import { useContentWidths } from './useContentWidths';


/** Every row is one line (cells do not wrap), so rows have one height and nothing needs measuring. */
export const ROW_HEIGHT = 42;
/**
 * Rows per item of the virtualiser: it works out every item's place again when the count changes
 * (a search or filter: 2 ms at 100,000 rows), so it places blocks of rows and the rows follow.
 */
const BLOCK = 5;

/** The width of the box the table sits in, kept as the window changes. */
function useBoxWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(Infinity);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    const watch = new ResizeObserver(() => setWidth(el.clientWidth));
    watch.observe(el);
    return () => watch.disconnect();
  }, [ref]);
  return width;
}

/**
 * Thousands of rows in a scrolling box that renders only the rows in view (TanStack Virtual), with
 * spacer rows above and below: still one real table (header, row numbers for screen readers), with
 * fixed column widths so rows coming into view never shift the columns. The columns fit the box
 * (rules/columnFit.ts) or the box scrolls sideways with the first column held; the box ends at the
 * window's bottom.
 */
export default function VirtualListTable({ tableId, source, columns, headers, rowId, onOpen, caption, busy, widths, onResize, focusRef, tools }: Omit<ListTableProps, 'rows'> & { source: RowSource; tools?: HeaderTools }) {
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const table = useRef<HTMLTableElement>(null);
  useFillWindow(scroller);
  const box = useBoxWidth(scroller);
  const need = useContentWidths(table, columns);
  const fitted = fitWidths(columns.map((c) => ({ kind: c.kind, given: widths[c.key], need: need[c.key] })), box);
  const { count, rowAt, onRange } = source;
  const v = useVirtualizer({ count: Math.ceil(count / BLOCK), getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT * BLOCK, overscan: 2 });

  // The row a key asked for (End: the last of thousands) may not be read yet: it takes the focus when it comes.
  const wanted = useRef<number | null>(null);
  const focusWanted = useCallback(() => {
    const i = wanted.current;
    if (i === null) return;
    const tr = body.current?.querySelector<HTMLElement>(`tr.clickable-row[data-index="${i}"]`);
    if (!tr) return;
    wanted.current = null;
    // Not when the user has gone on to something else meanwhile (the search box, a menu).
    const at = document.activeElement;
    if (at && at !== document.body && !scroller.current?.contains(at)) return;
    tr.focus({ preventScroll: true });
    tr.scrollIntoView({ block: 'nearest' });
  }, []);
  useLayoutEffect(focusWanted);
  const focusIndex = useCallback((i: number) => {
    wanted.current = i;
    // Until the row is there, the box holds the focus (the row leaving view would drop it on the page).
    if (body.current?.contains(document.activeElement)) scroller.current?.focus({ preventScroll: true });
    v.scrollToIndex(Math.floor(i / BLOCK), { align: 'auto' });
    requestAnimationFrame(focusWanted);
  }, [v, focusWanted]);
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
  const width = fitted.reduce((sum, w) => sum + w, 0);
  return (
    <div ref={scroller} className="list-scroll list-virtual" data-testid="list-virtual" tabIndex={-1}>
      <table ref={table} id={tableId} className="list-table fixed" style={{ width }} aria-labelledby="screen-title" aria-rowcount={count + 1} data-testid="list-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>{columns.map((c, i) => <col key={c.key} style={{ width: fitted[i] }} />)}</colgroup>
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
