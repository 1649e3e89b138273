import { currencyDecimals, decimalToScaled, type LocalArea, type LocalColumn } from '../../../shared';
import type { SqlParam } from './sql';

/** A record's values for the copy's columns: typed, amounts as exact scaled integers, booleans as 0 / 1. */
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

/** A 64-bit integer as SQLite takes it: a number while exact, else a bigint. */
const int64 = (v: bigint): SqlParam => (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v);

/** A decimal amount (text or number) times 10^scale, exact; null when it has more places than that. */
function scaledOf(v: unknown, scale: number): SqlParam {
  const text = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
  const n = text === null ? null : decimalToScaled(text, scale);
  return n === null ? null : int64(n);
}

/** One column's value of a record (null when absent or not of the column's kind). */
export function columnValue(rec: Rec, col: LocalColumn, currencyOf: (name: string) => unknown): SqlParam {
  return convert(at(rec, col.path), col, currencyOf);
}

function convert(v: unknown, col: LocalColumn, currencyOf: (name: string) => unknown): SqlParam {
  if (v === null || v === undefined) return null;
  switch (col.kind) {
    case 'int': return typeof v === 'number' && Number.isInteger(v) ? v : null;
    case 'bool': return typeof v === 'boolean' ? (v ? 1 : 0) : null;
    case 'quantity': return scaledOf(v, col.scale ?? 0);
    case 'money': {
      if (!col.minor) return scaledOf(v, col.scale ?? 0);
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) return null;
      const cur = currencyOf(col.currency ?? 'currency');
      const shift = (col.scale ?? 0) - decimalsOf(typeof cur === 'string' ? cur : 'ILS');
      // Minor units of a currency with more places than the copy keeps cannot be held exactly.
      if (shift < 0) return null;
      const n = v * 10 ** shift; // exact while safe: both are integers
      return Number.isSafeInteger(n) ? n : BigInt(v) * 10n ** BigInt(shift);
    }
    default: return typeof v === 'string' ? v : null;
  }
}

const decimals = new Map<string, number>();
const decimalsOf = (currency: string): number => {
  let d = decimals.get(currency);
  if (d === undefined) { d = currencyDecimals(currency); decimals.set(currency, d); }
  return d;
};

/** Per area, each column with its path split once (a fill reads 25 columns of 100,000 records). */
const plans = new WeakMap<LocalArea, { col: LocalColumn; segs: string[] }[]>();
function planOf(area: LocalArea) {
  let p = plans.get(area);
  if (!p) { p = area.columns.map((col) => ({ col, segs: col.path.split('.') })); plans.set(area, p); }
  return p;
}
const walk = (rec: Rec, segs: string[]): unknown => {
  let cur: unknown = rec;
  for (const s of segs) { if (!isRec(cur)) return undefined; cur = cur[s]; }
  return cur;
};

/** Where each column sits in `rowValues`' answer. */
const positions = new WeakMap<LocalArea, Map<string, number>>();
export function positionOf(area: LocalArea, name: string): number {
  let m = positions.get(area);
  if (!m) { m = new Map(area.columns.map((c, i) => [c.name, i])); positions.set(area, m); }
  return m.get(name) ?? -1;
}

/** Every column value of a record, in the area's column order (arrays, not maps: a fill makes millions). */
export function rowValues(area: LocalArea, rec: Rec): SqlParam[] {
  const plan = planOf(area);
  const raw: unknown[] = new Array(plan.length);
  for (let i = 0; i < plan.length; i++) raw[i] = walk(rec, plan[i]!.segs);
  const currencyOf = (name: string) => raw[positionOf(area, name)];
  const out: SqlParam[] = new Array(plan.length);
  for (let i = 0; i < plan.length; i++) out[i] = convert(raw[i], plan[i]!.col, currencyOf);
  return out;
}

/** The text the search box looks through: every searched column (text, and numbers that name a record), one per line. */
export function searchText(area: LocalArea, values: readonly SqlParam[]): string {
  let text = '';
  for (const n of area.search) {
    const v = values[positionOf(area, n)];
    const part = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
    if (part !== '') text = text === '' ? part : `${text}\n${part}`;
  }
  return text;
}

/**
 * The letters and digits a record's search text holds, one bit each (a-z folded as SQLite's LIKE folds
 * them, 0-9, and the Hebrew letters א to ת with the final forms), kept in the `letters` column at the
 * end of every sort index: a one-character search reads that bit while it walks the sorted rows,
 * instead of every record's text (6 to 9 ms through the router against 37 to 50 for a first Hebrew
 * letter over 100,000 customers).
 */
export function letterBit(ch: string): number | null {
  return ch.length === 1 ? bitOfCode(ch.charCodeAt(0)) : null;
}

function bitOfCode(code: number): number | null {
  const c = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  if (c >= 0x30 && c <= 0x39) return 26 + c - 0x30;
  if (c >= 0x5d0 && c <= 0x5ea) return 36 + c - 0x5d0;
  return null;
}

/** The letters column's value: bits 0 to 62 (SQLite's integers are signed 64-bit). */
export function lettersOf(text: string): bigint {
  // Two 31-bit halves as numbers: a BigInt per character would cost a fill 100,000 records' worth.
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < text.length; i++) {
    const b = bitOfCode(text.charCodeAt(i));
    if (b === null) continue;
    if (b < 31) lo |= 1 << b; else hi |= 1 << (b - 31);
  }
  return BigInt(lo >>> 0) | (BigInt(hi >>> 0) << 31n);
}

/** The record's mark: when it last changed (or was made, for areas without an update time). */
export function markOf(area: LocalArea, rec: Rec): string | null {
  const v = rec[area.order];
  return typeof v === 'string' ? v : null;
}
