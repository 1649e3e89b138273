import type { Row } from './ListTable';

/**
 * Where a virtualised table's rows come from: every row in memory (load all), or a count with rows
 * read in windows as they come into view (the local copy), `onRange` telling which are in view.
 */
export interface RowSource {
  count: number;
  rowAt: (i: number) => Row | undefined;
  onRange?: (start: number, end: number) => void;
}
export const sourceOf = (rows: readonly Row[]): RowSource => ({ count: rows.length, rowAt: (i) => rows[i] });
