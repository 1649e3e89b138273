import { currencyDecimals, type LocalArea, type LocalColumn } from '../../../shared';
import type { SqlValue } from './sql';

/** A record's values for the copy's columns: typed, money in major units, booleans as 0 / 1. */
export type Rec = Record<string, unknown>;

export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

export function at(rec: Rec, path: string): unknown {
  let cur: unknown = rec;
  for (const seg of path.split('.')) {
    if (!isRec(cur)) return undefined;
    cur = cur[seg];
  }
  return cur;
}

const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** One column's value of a record (null when absent or not of the column's kind). */
export function columnValue(rec: Rec, col: LocalColumn, currencyOf: (name: string) => unknown): SqlValue {
  const v = at(rec, col.path);
  if (v === null || v === undefined) return null;
  switch (col.kind) {
    case 'int': return typeof v === 'number' && Number.isInteger(v) ? v : null;
    case 'bool': return typeof v === 'boolean' ? (v ? 1 : 0) : null;
    case 'quantity': return num(v);
    case 'money': {
      const n = num(v);
      if (n === null) return null;
      if (!col.minor) return n;
      const cur = currencyOf(col.currency ?? 'currency');
      return n / 10 ** currencyDecimals(typeof cur === 'string' ? cur : 'ILS');
    }
    default: return typeof v === 'string' ? v : null;
  }
}

/** Every column value of a record, in the area's column order (id first). */
export function rowValues(area: LocalArea, rec: Rec): Map<string, SqlValue> {
  const byName = new Map(area.columns.map((c) => [c.name, c]));
  const currencyOf = (name: string) => { const c = byName.get(name); return c ? at(rec, c.path) : undefined; };
  return new Map(area.columns.map((c) => [c.name, columnValue(rec, c, currencyOf)]));
}

/** The text the search box looks through: every text column, one per line. */
export function searchText(area: LocalArea, values: Map<string, SqlValue>): string {
  return area.search.map((n) => values.get(n)).filter((v): v is string => typeof v === 'string' && v !== '').join('\n');
}

/** The record's mark: when it last changed (or was made, for areas without an update time). */
export function markOf(area: LocalArea, rec: Rec): string | null {
  const v = rec[area.order];
  return typeof v === 'string' ? v : null;
}
