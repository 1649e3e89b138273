import { ROUTES, routeQuerySchema, type ListSpec, type RouteId, type ListQuery } from '../../../shared';
import { invalidFilter, issuesText } from '../errors';
import { compareDesc, sortKeyOf, type SortField } from '../store/table';
import { cursorBinding, type CursorCodec, type CursorPosition } from './cursor';

export function listSpecOf(id: RouteId): ListSpec | undefined {
  const r: { list?: ListSpec } = ROUTES[id];
  return r.list;
}

/** Query text -> one value per name; a repeated name is refused. */
export function queryObject(params: URLSearchParams): Record<string, string> {
  // No prototype: `__proto__`, `constructor` or `toString` are plain (unknown) parameters.
  const out = Object.create(null) as Record<string, string>;
  for (const [k, v] of params) {
    if (Object.hasOwn(out, k)) throw invalidFilter(`Parameter ${k} is given more than once`);
    out[k] = v;
  }
  return out;
}

/** Exactly the route's parameters (spec 4.1), with clean messages. */
export function parseListQuery(id: RouteId, raw: Record<string, string>): ListQuery {
  const schema = routeQuerySchema(id);
  if (!schema) throw new Error(`${id} is not a list route`);
  const r = schema.safeParse(raw, { reportInput: true });
  if (!r.success) throw invalidFilter(issuesText(r.error, 'parameter'));
  const q = r.data as ListQuery;
  for (const f of ['created_after', 'updated_after'] as const) {
    const v = q[f];
    // Validated by the schema; normalised to the stored format so comparisons are plain string comparisons.
    if (v !== undefined) q[f] = new Date(Date.parse(v)).toISOString();
  }
  return q;
}

type Row = { id: string; created_at: string; updated_at?: string };

function valueAt(row: unknown, path: string): unknown {
  let cur: unknown = row;
  for (const part of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** First index whose row sorts strictly after the cursor position. */
function startIndex(rows: readonly Row[], field: SortField, pos: CursorPosition | undefined): number {
  if (!pos) return 0;
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const r = rows[mid]!;
    if (compareDesc(sortKeyOf(r, field), r.id, pos.key, pos.id) > 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface ListInput<T extends Row> {
  routeId: RouteId;
  businessId: string;
  query: ListQuery;
  /** Visible rows already sorted by the route's sort field desc, id desc. */
  rows: readonly T[];
  include?: (row: T) => boolean;
  codec: CursorCodec;
}

export interface ListOutput<T> { rows: T[]; page: { has_more: boolean; next_cursor: string | null } }

/** Filters (AND), search, cursor and limit over a sorted array; stops at limit + 1 rows. */
export function runList<T extends Row>(input: ListInput<T>): ListOutput<T> {
  const spec = listSpecOf(input.routeId)!;
  const q = input.query;
  const field = spec.sort.field;
  const binding = cursorBinding([input.routeId, input.businessId, q.status, q.search?.toLowerCase(), q.created_after, q.updated_after]);
  const pos = q.cursor !== undefined ? input.codec.decode(q.cursor, binding) : undefined;
  const limit = q.limit ?? 50;
  const needle = q.search ? q.search.toLowerCase() : undefined;
  const status = q.status;

  const matches = (row: T): boolean => {
    if (input.include && !input.include(row)) return false;
    if (q.created_after !== undefined && !(row.created_at > q.created_after)) return false;
    if (q.updated_after !== undefined && !((row.updated_at ?? row.created_at) > q.updated_after)) return false;
    if (status !== undefined && String(valueAt(row, spec.statusField)).toLowerCase() !== status) return false;
    if (needle !== undefined) {
      const hit = spec.searchFields.some((f) => {
        const v = valueAt(row, f);
        return typeof v === 'string' && v.toLowerCase().includes(needle);
      });
      if (!hit) return false;
    }
    return true;
  };

  const out: T[] = [];
  let hasMore = false;
  for (let i = startIndex(input.rows, field, pos); i < input.rows.length; i++) {
    const row = input.rows[i]!;
    if (!matches(row)) continue;
    if (out.length === limit) { hasMore = true; break; }
    out.push(row);
  }
  const last = out[out.length - 1];
  const next = hasMore && last ? input.codec.encode({ key: sortKeyOf(last, field), id: last.id }, binding) : null;
  return { rows: out, page: { has_more: hasMore, next_cursor: next } };
}
