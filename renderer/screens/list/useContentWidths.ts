import { useLayoutEffect, useRef, useState } from 'react';
import type { FieldSpec } from '../../resources/types';
import { isCuttable } from '../../rules/columnFit';

/**
 * A cell's padding on both sides and its border (app.css .list-table), and the room a header's sort
 * button leaves its filter (.sort-button's max-width).
 */
const CELL_EDGES = 26;

/**
 * The width a cell's content takes laid out on one line: what is shown, and what an element inside it
 * cuts off (a header's name ending in an ellipsis). A header's resize handle, at its edge, is not content.
 */
function contentWidth(cell: Element): number {
  const range = document.createRange();
  let left = Infinity;
  let right = -Infinity;
  let hidden = 0;
  for (const node of cell.childNodes) {
    if (node instanceof Element && node.classList.contains('col-resizer')) continue;
    range.selectNode(node);
    const r = range.getBoundingClientRect();
    if (r.width > 0) { left = Math.min(left, r.left); right = Math.max(right, r.right); }
    if (node instanceof Element) for (const el of [node, ...node.querySelectorAll('*')]) hidden += Math.max(0, el.scrollWidth - el.clientWidth);
  }
  return (right > left ? right - left : 0) + hidden;
}

/** Rows measured whole per set of columns: enough to size names and headers; past them only what is never cut is, each by its own box. */
const MEASURED_ROWS = 60;

/**
 * The widest value on screen (and the header) of each column, measured after each render and before
 * the paint: a column that is not cut short is then never narrower than what it shows (an amount cut
 * to "2₪" reads as another number), and one that may be is no wider than it needs (rules/columnFit.ts).
 * The header and the first rows are measured whole; after them only the values never cut (amounts,
 * chips, dates), each by its own box, so scrolling through thousands of rows costs next to nothing. Rows are measured once, as they come
 * into view, and widths only grow, so scrolling does not make the columns jump back and forth.
 */
export function useContentWidths(table: React.RefObject<HTMLTableElement | null>, columns: readonly FieldSpec[]): Readonly<Record<string, number>> {
  const [need, setNeed] = useState<Readonly<Record<string, number>>>({});
  // Other columns (or their headers in another language): every row is measured again.
  const seen = useRef({ columns, rows: new WeakSet<Element>(), whole: 0 });
  if (seen.current.columns !== columns) seen.current = { columns, rows: new WeakSet<Element>(), whole: 0 };
  // After every render (rows come into view without anything given here changing); it sets state only to grow.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = table.current;
    if (!el) return;
    const s = seen.current;
    const kept = columns.map((c) => !isCuttable(c.kind));
    if (s.whole >= MEASURED_ROWS && !kept.includes(true)) return;
    const rows = [...el.querySelectorAll('thead > tr, tbody > tr.clickable-row')].filter((tr) => !s.rows.has(tr));
    if (rows.length === 0) return;
    let grown: Record<string, number> | null = null;
    const grow = (key: string, width: number) => { if (width > ((grown ?? need)[key] ?? 0)) (grown ??= { ...need })[key] = width; };
    for (const tr of rows) {
      s.rows.add(tr);
      const whole = s.whole < MEASURED_ROWS;
      if (whole) s.whole += 1;
      columns.forEach((c, i) => {
        const cell = tr.children[i];
        if (!cell) return;
        if (whole) grow(c.key, Math.ceil(contentWidth(cell)) + CELL_EDGES);
        else if (kept[i]) {
          const value = cell.firstElementChild;
          if (value instanceof HTMLElement) grow(c.key, Math.ceil(value.offsetWidth) + CELL_EDGES);
        }
      });
    }
    if (grown) setNeed(grown);
  });
  return need;
}
