/**
 * One collection of one business: rows by id, a set of soft-deleted (hidden) ids, and sorted
 * views rebuilt lazily after a change, so list calls scan a ready array instead of sorting.
 */
export type SortField = 'updated_at' | 'created_at';
interface Row { id: string; created_at: string; updated_at?: string }

export interface TableDump<T> { rows: T[]; hidden: string[] }

/** Descending by the sort field, then by id descending (the spec's tie-break). */
export function compareDesc(aKey: string, aId: string, bKey: string, bId: string): number {
  if (aKey !== bKey) return aKey < bKey ? 1 : -1;
  if (aId !== bId) return aId < bId ? 1 : -1;
  return 0;
}

export const sortKeyOf = (row: Row, field: SortField): string => (field === 'updated_at' ? row.updated_at ?? row.created_at : row.created_at);

export class Table<T extends Row> {
  private readonly rows = new Map<string, T>();
  private readonly hidden = new Set<string>();
  private readonly sortedCache = new Map<SortField, T[]>();

  constructor(rows: readonly T[] = [], hidden: readonly string[] = []) {
    for (const r of rows) this.rows.set(r.id, r);
    for (const id of hidden) if (this.rows.has(id)) this.hidden.add(id);
  }

  /** A visible row, or undefined (missing and soft-deleted look the same). */
  get(id: string): T | undefined {
    return this.hidden.has(id) ? undefined : this.rows.get(id);
  }
  /** A row even when soft-deleted (for restore). */
  getAny(id: string): T | undefined {
    return this.rows.get(id);
  }
  isHidden(id: string): boolean {
    return this.hidden.has(id);
  }
  put(row: T): T {
    this.rows.set(row.id, row);
    this.sortedCache.clear();
    return row;
  }
  hide(id: string): void {
    this.hidden.add(id);
    this.sortedCache.clear();
  }
  unhide(id: string): void {
    this.hidden.delete(id);
    this.sortedCache.clear();
  }
  remove(id: string): void {
    this.rows.delete(id);
    this.hidden.delete(id);
    this.sortedCache.clear();
  }
  /** Every row, soft-deleted ones included, unordered. */
  everyRow(): T[] {
    return [...this.rows.values()];
  }
  /** Visible rows, unordered. */
  values(): T[] {
    return [...this.rows.values()].filter((r) => !this.hidden.has(r.id));
  }
  get size(): number {
    return this.rows.size - this.hidden.size;
  }

  /** Visible rows sorted by `field` desc, id desc. Cached until the next change. */
  sorted(field: SortField): readonly T[] {
    let out = this.sortedCache.get(field);
    if (!out) {
      out = this.values().sort((a, b) => compareDesc(sortKeyOf(a, field), a.id, sortKeyOf(b, field), b.id));
      this.sortedCache.set(field, out);
    }
    return out;
  }

  dump(): TableDump<T> {
    return { rows: [...this.rows.values()], hidden: [...this.hidden] };
  }
  static load<T extends Row>(d: TableDump<T>): Table<T> {
    return new Table(d.rows, d.hidden);
  }
}
