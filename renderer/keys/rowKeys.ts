/** What a key pressed on a table row does; DOM-free, so unit tests run it under Node. */
export type RowMove = 'next' | 'previous' | 'first' | 'last' | 'open' | 'nextPage' | 'previousPage' | 'select';

export interface KeyLike { key: string; code?: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; shiftKey?: boolean }

/**
 * Arrows and j / k move through rows, Home / End to the ends, Enter opens, x picks the row for a bulk
 * action (with shift, the range up to it). Left and right turn the
 * page in the reading direction: in right-to-left the next page is to the left. j and k are read
 * by their place on the keyboard too (event.code), so they work with a Hebrew layout.
 */
export function rowKeyMove(e: KeyLike, dir: 'ltr' | 'rtl'): RowMove | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const letter = e.code === 'KeyJ' || e.key === 'j' ? 'j' : e.code === 'KeyK' || e.key === 'k' ? 'k' : null;
  if (e.code === 'KeyX' || e.key === 'x' || e.key === 'X') return 'select';
  if (e.shiftKey && e.key !== 'Enter') return null;
  if (e.key === 'ArrowDown' || letter === 'j') return 'next';
  if (e.key === 'ArrowUp' || letter === 'k') return 'previous';
  if (e.key === 'Home') return 'first';
  if (e.key === 'End') return 'last';
  if (e.key === 'Enter') return 'open';
  if (e.key === 'ArrowRight') return dir === 'ltr' ? 'nextPage' : 'previousPage';
  if (e.key === 'ArrowLeft') return dir === 'ltr' ? 'previousPage' : 'nextPage';
  return null;
}

/** The row index a move lands on, within 0..count-1 (null for moves that are not within the page). */
export function targetIndex(move: RowMove, from: number, count: number): number | null {
  if (count === 0) return null;
  switch (move) {
    case 'next': return Math.min(from + 1, count - 1);
    case 'previous': return Math.max(from - 1, 0);
    case 'first': return 0;
    case 'last': return count - 1;
    default: return null;
  }
}
