import { LOCAL_AREAS, LOCAL_QUERY_LIMITS, currencyDecimals, decimalToScaled, localColumn, scaledToDecimal, type LocalAggregateInput, type LocalAggregateOutput, type LocalColumn, type LocalFilter, type LocalKeyset, type LocalQueryInput, type LocalQueryOutput } from '../../../shared';
import type { SortLanguage } from './collation';
import { likeText } from './hits';
import { ORDINAL, hasIndex, indexName, isRanked, q, rankOf, storedOf, tableOf } from './layout';
import { ANSWERS_MAX_BYTES, Answers } from './answers';
import { CoreError } from '../errors';
import { owedBasis, owedExpr, owedTag } from './owed';
import { hitsOf, letterOf, searchClause, type Clause } from './search';
import type { SqlRow, SqlValue } from './sql';
import type { LocalStore } from './store';

/**
 * SQL for local.query and local.aggregate, built from checked input only: column names come from
 * the contract (never from the caller's text), every value is a bound parameter.
 */
const and = (parts: Clause[]): Clause => ({ sql: parts.length ? parts.map((p) => `(${p.sql})`).join(' AND ') : '1', params: parts.flatMap((p) => p.params) });

/**
 * A filter value as stored: booleans as 0 / 1, date-times in UTC with milliseconds (the API's form),
 * amounts in major units at their column's scale (a bound finer than the scale stays a number: the
 * comparison with the held integers is still exact).
 */
function stored(col: LocalColumn, v: string | number | boolean): SqlValue {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (col.kind === 'datetime' && typeof v === 'string') return new Date(v).toISOString();
  if (col.scale !== undefined && typeof v === 'number') {
    const exact = Number(decimalToScaled(String(v), col.scale) ?? NaN);
    return Number.isSafeInteger(exact) ? exact : v * 10 ** col.scale;
  }
  return v;
}

/** A column as SQL over the area's rows (`r`): the area's order field is the mark. */
const columnSql = (area: string, name: string) => `r.${q(storedOf(LOCAL_AREAS[area]!, name))}`;

function filterClause(area: string, f: LocalFilter): Clause {
  const col = localColumn(area, f.column)!;
  const c = columnSql(area, col.name);
  switch (f.op) {
    case 'equals': return { sql: `${c} = ?`, params: [stored(col, f.value)] };
    case 'in': return { sql: `${c} IN (${f.values.map(() => '?').join(', ')})`, params: f.values.map((v) => stored(col, v)) };
    case 'contains': return { sql: `${c} LIKE ? ESCAPE '\\'`, params: [likeText(f.value)] };
    case 'empty': {
      const blank = col.kind === 'text' ? `${c} IS NULL OR ${c} = ''` : `${c} IS NULL`;
      return { sql: f.empty ? blank : `NOT (${blank})`, params: [] };
    }
    case 'range': {
      const parts: Clause[] = [];
      const bound = (op: string, v: string | number | boolean | undefined) => { if (v !== undefined) parts.push({ sql: `${c} ${op} ?`, params: [stored(col, v)] }); };
      bound('>=', f.gte); bound('>', f.gt); bound('<=', f.lte); bound('<', f.lt);
      return and(parts);
    }
  }
}

export function whereOf(store: LocalStore, area: string, filters: readonly LocalFilter[], search: string | undefined): Clause {
  const parts = filters.map((f) => filterClause(area, f));
  const s = searchClause(store, area, search);
  if (s) parts.push(s);
  return and(parts);
}

interface SortKey { expr: string; dir: 'asc' | 'desc'; stored?: string }
/** From this many matching rows on, the page is read in the order of the first sort key's index. */
const DRIVE_BY_SORT_FROM = 2_000;
/** Kinds of column that hold a few values, each in many rows. */
const FEW_VALUES = new Set<LocalColumn['kind']>(['enum', 'bool', 'currency']);
/** A search matching under 1 in this many of the area's records reads its matches and sorts them. */
const SPARSE = 8;

function sortKeys(store: LocalStore, input: LocalQueryInput, language: SortLanguage): SortKey[] {
  // The tie-break is the id's ordinal, whose order is the ids' (ordinals.ts).
  if (!input.sort.length) return [{ expr: 'r.w', dir: 'desc' }, { expr: `r.${ORDINAL}`, dir: 'desc' }];
  const keys = input.sort.map((s): SortKey => {
    const col = localColumn(input.area, s.column)!;
    if (!isRanked(col)) {
      const stored = storedOf(LOCAL_AREAS[input.area]!, col.name);
      return { expr: `r.${q(stored)}`, dir: s.direction, stored };
    }
    store.ranks.ensure(input.area, col.name, language);
    return { expr: `r.${q(rankOf(col.name, language))}`, dir: s.direction, stored: rankOf(col.name, language) };
  });
  // The tie-break runs the way the last key does, so one (column, ordinal) index serves both directions.
  return [...keys, { expr: `r.${ORDINAL}`, dir: keys.at(-1)!.dir }];
}

/** The index a stored column is read in, where it has one (and the area's fill has made it). */
const indexOf = (store: LocalStore, area: string, stored: string | undefined): string | null =>
  stored !== undefined && store.isIndexed(area) && hasIndex(area, stored) ? q(indexName(area, stored)) : null;

/**
 * Where the keyset position's id puts the rows after it among those with its sort values: the ordinal
 * of the next id in the sort's direction (rows from that ordinal on), or null when there is none.
 */
function tieBound(store: LocalStore, area: string, id: string, dir: 'asc' | 'desc'): number | null {
  const t = tableOf(area);
  const r = store.db.prepare(dir === 'asc' ? `SELECT ${ORDINAL} AS o FROM ${t} WHERE id > ? ORDER BY id LIMIT 1` : `SELECT ${ORDINAL} AS o FROM ${t} WHERE id < ? ORDER BY id DESC LIMIT 1`).get(id);
  return r && r.o !== null ? Number(r.o) : null;
}

/** Totals by area generation and filter: paging through one result counts it once. */
const totals = new Answers<number>(ANSWERS_MAX_BYTES, () => 8);
/** How many rows match, or with `atMost`, how many up to that many (the walk stops there). */
function countOf(store: LocalStore, area: string, where: Clause, search: string | undefined, atMost?: number): number {
  // The whole area: the count the store keeps as it writes (a first unfiltered list counted every row, 5 ms cold at 100,000).
  if (where.sql === '1' && !search?.trim()) return atMost === undefined ? store.count(area) : Math.min(atMost, store.count(area));
  // The search text too: the clause names the table of its matches, which holds another search's later.
  const question = `${where.sql}|${JSON.stringify(where.params)}|${search?.trim() ?? ''}${atMost === undefined ? '' : `|at most ${atMost}`}`;
  const t = tableOf(area);
  return totals.get(store, area, question, () => Number((atMost === undefined
    ? store.db.prepare(`SELECT count(*) AS n FROM ${t} r WHERE ${where.sql}`).get(...where.params)
    : store.db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${t} r WHERE ${where.sql} LIMIT ?)`).get(...where.params, atMost))!.n));
}

/**
 * Rows after a keyset position, with SQLite's order of NULLs (first ascending, last descending); the
 * last key, the ordinal, from `tie` on (tieBound).
 */
function afterClause(keys: SortKey[], after: LocalKeyset, tie: number | null): Clause {
  const vals: SqlValue[] = after.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
  const ors: Clause[] = [];
  keys.forEach((k, i) => {
    const eq: Clause[] = keys.slice(0, i).map((p, j) => (vals[j] === null ? { sql: `${p.expr} IS NULL`, params: [] } : { sql: `${p.expr} = ?`, params: [vals[j]!] }));
    const v = vals[i] ?? null;
    let beyond: Clause | null;
    if (i === keys.length - 1) beyond = tie === null ? null : { sql: `${k.expr} ${k.dir === 'asc' ? '>=' : '<='} ?`, params: [tie] };
    else if (k.dir === 'asc') beyond = v === null ? { sql: `${k.expr} IS NOT NULL`, params: [] } : { sql: `${k.expr} > ?`, params: [v] };
    else beyond = v === null ? null : { sql: `${k.expr} < ? OR ${k.expr} IS NULL`, params: [v] };
    if (beyond) ors.push(and([...eq, beyond]));
  });
  return ors.length ? { sql: ors.map((o) => `(${o.sql})`).join(' OR '), params: ors.flatMap((o) => o.params) } : { sql: '0', params: [] };
}

/**
 * Where the page's rows are read from. A search that matches few records: from its matches, sorted
 * (walking the sorted area would pass over most of it to find them). A large result sorted by a
 * column: in that column's index order, stopping after the page (SQLite would otherwise pick a
 * filter's index, look up every match and sort them all).
 */
function fromOf(store: LocalStore, input: LocalQueryInput, keys: SortKey[], total: number): string {
  const t = tableOf(input.area);
  const hits = hitsOf(store, input.area, input.search);
  if (hits && hits.count * SPARSE < store.count(input.area)) return `${hits.table} h CROSS JOIN ${t} r ON r.rid = h.rid`;
  const first = keys[0]!.stored;
  const index = indexOf(store, input.area, first ?? 'w');
  // One letter alone: the sort's index holds the letters, so walking it reads no row (4 ms at most over 100,000).
  if (!input.filters.length && index && letterOf(store, input.area, input.search) !== null) return `${t} r INDEXED BY ${index}`;
  if (!first || total < DRIVE_BY_SORT_FROM || !store.isIndexed(input.area)) return `${t} r`;
  // With a further key the index orders only the first: over the whole area, a column of a few values
  // (a status) would be read run by run, each whole, and sorted (status, then name: 190 to 260 ms at
  // 100,000 customers; a scan keeping the page's rows, 50 to 70).
  const few = FEW_VALUES.has(localColumn(input.area, input.sort[0]!.column)!.kind);
  const whole = !input.filters.length && !input.search?.trim();
  if (keys.length > 2 && few && whole) return `${t} r NOT INDEXED`;
  return index ? `${t} r INDEXED BY ${index}` : `${t} r`;
}

/**
 * A window inside the first sort key's first run of equal values, when that run is long (an optional
 * column's empty values, which sort first): read as the run alone in the next key's index order.
 * SQLite would walk the first key's index and sort the whole run to return its first rows (contact,
 * then name, at 100,000 customers: 70 to 90 ms a window).
 */
function leadingRun(store: LocalStore, input: LocalQueryInput, keys: SortKey[], where: Clause, end: number): { run: Clause; from: string } | null {
  const [first, next] = keys;
  if (keys.length < 3 || !first?.stored || !next?.stored || input.search?.trim() || !store.isIndexed(input.area)) return null;
  const t = tableOf(input.area);
  const firstIndex = indexOf(store, input.area, first.stored);
  const nextIndex = indexOf(store, input.area, next.stored);
  if (!nextIndex) return null;
  const head = store.db.prepare(`SELECT ${first.expr} AS v FROM ${t} r${firstIndex ? ` INDEXED BY ${firstIndex}` : ''} WHERE ${where.sql} ORDER BY ${first.expr} ${first.dir.toUpperCase()} LIMIT 1`).get(...where.params);
  if (!head) return null;
  const v = head.v ?? null;
  const run: Clause = v === null ? { sql: `${first.expr} IS NULL`, params: [] } : { sql: `${first.expr} = ?`, params: [v] };
  // Whether the run holds the window and is long: counted only that far (the whole run, cold, took 15 ms of a first sort's 38).
  const need = Math.max(DRIVE_BY_SORT_FROM, end);
  const n = countOf(store, input.area, and([where, run]), undefined, need);
  return n >= need ? { run, from: `${t} r INDEXED BY ${nextIndex}` } : null;
}

export function runQuery(store: LocalStore, input: LocalQueryInput, ready: boolean, asOf: string | null): LocalQueryOutput {
  const keys = sortKeys(store, input, input.language);
  const where = whereOf(store, input.area, input.filters, input.search);
  // A search alone matches exactly its set of records, already counted when the set was found (counting
  // them again looked up every match: 30 to 40 ms for one letter over 100,000 customers).
  const hits = input.filters.length ? null : hitsOf(store, input.area, input.search);
  const total = hits ? hits.count : countOf(store, input.area, where, input.search);
  const page = input.page;
  // Nothing matches: no walk of an index to find that out again.
  if (total === 0) return { rows: [], total, next: null, ready, as_of: asOf };
  const limit = page.limit;
  const parts = [where];
  if ('after' in page && page.after) {
    if (page.after.values.length !== keys.length - 1) return { rows: [], total, next: null, ready, as_of: asOf };
    // Ranks numbered again since the position was given: its values no longer place it (a page would skip or repeat rows).
    if (page.after.epoch !== undefined && page.after.epoch !== store.ranks.epoch(input.area)) throw pageMoved();
    parts.push(afterClause(keys, page.after, tieBound(store, input.area, page.after.id, keys.at(-1)!.dir)));
  }
  const offset = 'offset' in page ? page.offset : 0;
  const lead = 'offset' in page && total >= DRIVE_BY_SORT_FROM ? leadingRun(store, input, keys, where, offset + limit) : null;
  if (lead) parts.push(lead.run);
  const w = and(parts);
  // Inside the first key's run, that key is the same for every row: the order is the keys after it.
  const order = (lead ? keys.slice(1) : keys).map((k) => `${k.expr} ${k.dir.toUpperCase()}`).join(', ');
  const sel = keys.slice(0, -1).map((k, i) => `${k.expr} AS k${i}`);
  // The page's row ids first (the narrow table and its indexes), then their records: skipped rows cost no record read.
  const cols = `r.rid AS rid, r.id AS id${sel.length ? `, ${sel.join(', ')}` : ''}`;
  // A search's many matches in an order read slowly before: their window from the order kept (hits.ts).
  const many = hits && !lead && 'offset' in page && hits.count > limit ? hits : null;
  const kept = many ? store.hits.ordered(many, order, `${tableOf(input.area)} r`) : null;
  let rows: SqlRow[];
  if (kept) {
    rows = store.db.prepare(`SELECT ${cols} FROM ${kept} o CROSS JOIN ${tableOf(input.area)} r ON r.rid = o.rid WHERE o.pos > ? AND o.pos <= ? ORDER BY o.pos`).all(offset, offset + limit);
  } else {
    const t0 = performance.now();
    rows = store.db.prepare(`SELECT ${cols} FROM ${lead ? lead.from : fromOf(store, input, keys, total)} WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...w.params, limit, offset);
    if (many) store.hits.noteRead(many, order, performance.now() - t0);
  }
  const recs = store.records(input.area, rows.map((r) => Number(r.rid)));
  const last = rows.at(-1);
  const more = rows.length === limit && (!('offset' in page) || offset + limit < total);
  const next: LocalKeyset | null = last && more ? { values: sel.map((_s, i) => last[`k${i}`] ?? null), id: String(last.id), epoch: store.ranks.epoch(input.area) } : null;
  return { rows: rows.map((r) => recs.get(Number(r.rid)) ?? {}), total, next, ready, as_of: asOf };
}

/** A keyset position made under ranks numbered since: the reader starts its walk again. */
export const PAGE_MOVED = 'local_page_moved';
const pageMoved = () => new CoreError('invalid_request', 'The order of the rows changed while they were being read; read them again from the start.', { code: PAGE_MOVED });

/** An exact sum (an integer at its column's scale) as the decimal text the answer carries. */
const sumText = (col: LocalColumn, currency: string | null, v: bigint): string => {
  if (col.kind === 'money') return scaledToDecimal(v, col.scale ?? 0, currencyDecimals(currency ?? 'ILS'));
  if (col.kind === 'quantity') return scaledToDecimal(v, col.scale ?? 0, 3);
  return v.toString();
};

const aggregateAnswers = new Answers<LocalAggregateOutput['groups']>();

/** The bytes of answers and counts a copy keeps in memory (bounded: answers.ts). */
export const cachedBytes = (store: LocalStore) => ({ answers: aggregateAnswers.bytes(store), counts: totals.bytes(store) });

/**
 * Counts and sums in one pass over the matching rows: grouped by the asked column and by each summed
 * money column's currency, the counts added up per group here (a count and a sum apart read every
 * matching row twice). Answers are kept until the area changes (answers.ts). Sums are of integers
 * (amounts at their scale), read as text: exact, however large.
 */
export function runAggregate(store: LocalStore, input: LocalAggregateInput, ready: boolean, asOf: string | null): LocalAggregateOutput {
  const owed = input.owed ? owedBasis(store, input.area) : null;
  const question = JSON.stringify([input.filters, input.search ?? '', input.group_by ?? null, input.sums]) + (owed ? `|owed ${owedTag(store, input.area, owed)}` : '');
  const groups = aggregateAnswers.get(store, input.area, question, () => aggregateGroups(store, input, owed?.basis === 'balance'));
  return { groups, ready, as_of: asOf, ...(owed ? { owed } : {}) };
}

function aggregateGroups(store: LocalStore, input: LocalAggregateInput, balances: boolean): LocalAggregateOutput['groups'] {
  const where = whereOf(store, input.area, input.filters, input.search);
  const g = input.group_by ? columnSql(input.area, input.group_by) : 'NULL';
  const sums = input.sums.map((name) => localColumn(input.area, name)!);
  const curs = [...new Set(sums.map((c) => (c.kind === 'money' && c.currency ? c.currency : null)).filter((c): c is string => c !== null))];
  const sel = [
    `${g} AS g`, ...curs.map((c, i) => `${columnSql(input.area, c)} AS c${i}`), 'count(*) AS n',
    ...sums.flatMap((c, i) => [`CAST(sum(${balances ? owedExpr(input.area, c) : columnSql(input.area, c.name)}) AS TEXT) AS s${i}`, `count(${columnSql(input.area, c.name)}) AS k${i}`]),
  ];
  const rows = store.db.prepare(`SELECT ${sel.join(', ')} FROM ${tableOf(input.area)} r WHERE ${where.sql} GROUP BY ${['1', ...curs.map((_c, i) => String(i + 2))].join(', ')}`).all(...where.params);
  type Group = LocalAggregateOutput['groups'][number];
  const groups = new Map<SqlValue, { group: Group; sums: Map<string, { col: LocalColumn; currency: string | null; v: bigint }> }>();
  for (const r of rows) {
    const key = r.g ?? null;
    let at = groups.get(key);
    if (!at) { at = { group: { key, count: 0, sums: [] }, sums: new Map() }; groups.set(key, at); }
    at.group.count += Number(r.n);
    sums.forEach((col, i) => {
      if (!Number(r[`k${i}`])) return;
      const c = col.kind === 'money' && col.currency ? r[`c${curs.indexOf(col.currency)}`] : null;
      const currency = typeof c === 'string' ? c : null;
      const slot = `${i}|${currency ?? ''}`;
      const v = BigInt(String(r[`s${i}`] ?? '0'));
      const held = at.sums.get(slot);
      if (held) held.v += v; else at.sums.set(slot, { col, currency, v });
    });
  }
  const bool = input.group_by && localColumn(input.area, input.group_by)!.kind === 'bool';
  return [...groups.values()]
    .sort((a, b) => b.group.count - a.group.count || String(a.group.key).localeCompare(String(b.group.key)))
    // The largest groups first, equal ones by key.
    .slice(0, LOCAL_QUERY_LIMITS.groupsMax)
    .map(({ group, sums: s }) => ({
      key: bool && typeof group.key === 'number' ? group.key === 1 : group.key,
      count: group.count,
      sums: [...s.values()].map((x) => ({ column: x.col.name, currency: x.currency, value: sumText(x.col, x.currency, x.v) })),
    }));
}
