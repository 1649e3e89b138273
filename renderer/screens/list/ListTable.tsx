import { memo } from 'react';
import type { FieldSpec } from '../../resources/types';
import { isNumericKind } from '../../resources/types';
import { FieldValue } from '../../components/FieldValue';
import { getPath } from '../../lib/format';

type Row = Record<string, unknown>;

interface RowProps {
  row: Row;
  columns: readonly FieldSpec[];
  rowId: string;
  onOpen: (row: Row) => void;
}

/** One row; rendered again only when its record or the visible columns change (a page of 100 stays put). */
const ListRow = memo(function ListRow({ row, columns, rowId, onOpen }: RowProps) {
  return (
    <tr
      tabIndex={0}
      className="clickable-row"
      data-row-id={String(getPath(row, rowId) ?? '')}
      data-id={String(row.id ?? '')}
      onClick={() => onOpen(row)}
      onKeyDown={(e) => { if (e.key === 'Enter') onOpen(row); }}
    >
      {columns.map((c) => (
        <td key={c.key} className={isNumericKind(c.kind) ? 'end' : undefined}>
          <FieldValue spec={c} row={row} withCopy={false} />
        </td>
      ))}
    </tr>
  );
});

/**
 * A page of records as a plain table (app.css .list-table): cells are the declarations' own field
 * values, without a styled component per cell, so a page of 100 rows paints in one frame.
 */
export function ListTable({ rows, columns, headers, rowId, onOpen, caption, busy }: {
  rows: readonly Row[];
  columns: readonly FieldSpec[];
  headers: readonly string[];
  rowId: string;
  onOpen: (row: Row) => void;
  caption: string;
  busy: boolean;
}) {
  return (
    <div className="list-scroll">
      <table className="list-table" aria-labelledby="screen-title" data-testid="list-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{columns.map((c, i) => <th key={c.key} scope="col" className={isNumericKind(c.kind) ? 'end' : undefined}>{headers[i]}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((r, i) => <ListRow key={String(r.id ?? i)} row={r} columns={columns} rowId={rowId} onOpen={onOpen} />)}
        </tbody>
      </table>
    </div>
  );
}
