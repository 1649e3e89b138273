import type { LocalArea, LocalColumn } from '../../../shared';
import type { SqlDb, SqlParam, SqlRow } from './sql';
import { isRec, positionOf, type Rec } from './values';

/**
 * Each record is kept once: the values its typed columns hold exactly are read back from them, and
 * only the rest (lists, money as the API wrote it, fields of no column) is kept beside the row, as a
 * list of values in the order of its shape. A shape is the record's keys in order and, for each,
 * where its value is: a column, the area's constant (`object: "customer"`), a nested shape, or the
 * next value of the rest. An area's records share a few shapes, each kept once (`_shapes`), so no
 * record carries its keys. Read back, a record is the API's record exactly: the same keys in the
 * same order, the same values.
 */
type Shape = 0 | { c: string } | { k: string | number | boolean | null } | { o: [string, Shape][] };
export interface Encoded { s: number; v: string }

type Plan = { byPath: Map<string, LocalColumn>; nested: Set<string>; constants: Map<string, LocalArea['constants'][number]['value']> };
const plans = new WeakMap<LocalArea, Plan>();
function planOf(a: LocalArea): Plan {
  let p = plans.get(a);
  if (!p) {
    const nested = new Set(a.columns.filter((c) => c.path.includes('.')).map((c) => c.path.slice(0, c.path.lastIndexOf('.'))));
    p = { byPath: new Map(a.columns.map((c) => [c.path, c])), nested, constants: new Map(a.constants.map((c) => [c.path, c.value])) };
    plans.set(a, p);
  }
  return p;
}

/** A column's stored value as the record held it (booleans are stored as 0 / 1). */
const decode = (c: LocalColumn | 'w', v: SqlParam | undefined): unknown => (c !== 'w' && c.kind === 'bool' && v !== null && v !== undefined ? v === 1 : (v ?? null));

/** The shape of a record and the values it keeps beside the row (`values`: its columns' values, values.ts: rowValues). */
export function shapeOf(a: LocalArea, rec: Rec, values: readonly SqlParam[]): { shape: string; rest: unknown[] } {
  const plan = planOf(a);
  const rest: unknown[] = [];
  const node = (v: unknown, path: string): Shape => {
    if (path === a.order && typeof v === 'string') return { c: 'w' };
    const col = plan.byPath.get(path);
    if (col && Object.is(decode(col, values[positionOf(a, col.name)]), v)) return { c: col.name };
    if (plan.constants.has(path) && Object.is(plan.constants.get(path), v)) return { k: plan.constants.get(path)! };
    if (isRec(v) && (path === '' || plan.nested.has(path))) return object(v, path);
    rest.push(v);
    return 0;
  };
  const object = (o: Rec, path: string): Shape =>
    ({ o: Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => [k, node(v, path ? `${path}.${k}` : k)]) });
  const shape = object(rec, '');
  return { shape: JSON.stringify(shape), rest };
}

type Build = (row: SqlRow, rest: unknown[], at: { i: number }) => unknown;

function compile(a: LocalArea, s: Shape): Build {
  if (s === 0) return (_row, rest, at) => rest[at.i++];
  if ('k' in s) { const k = s.k; return () => k; }
  if ('c' in s) {
    const name = s.c;
    const col = name === 'w' ? 'w' : (a.columns.find((c) => c.name === name) ?? 'w');
    return (row) => decode(col, row[name]);
  }
  const fields = s.o.map(([k, child]) => [k, compile(a, child)] as const);
  return (row, rest, at) => {
    const out: Rec = {};
    for (const [k, build] of fields) {
      const v = build(row, rest, at);
      // An own "__proto__" field stays a field, as JSON.parse keeps it.
      if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
    }
    return out;
  };
}

/** The shapes of one copy, by area: numbered as they are first met, read back once each. */
export class Shapes {
  private readonly byArea = new Map<string, { ids: Map<string, number>; builds: Map<number, Build> }>();

  constructor(private readonly db: SqlDb) {}

  private of(area: string) {
    let m = this.byArea.get(area);
    if (!m) {
      m = { ids: new Map(), builds: new Map() };
      for (const r of this.db.prepare('SELECT s, shape FROM _shapes WHERE area = ?').all(area)) m.ids.set(String(r.shape), Number(r.s));
      this.byArea.set(area, m);
    }
    return m;
  }

  /** A record as kept beside its row (written in the caller's transaction: a new shape is kept with it). */
  encode(a: LocalArea, rec: Rec, values: readonly SqlParam[]): Encoded {
    const { shape, rest } = shapeOf(a, rec, values);
    const m = this.of(a.area);
    let s = m.ids.get(shape);
    if (s === undefined) {
      s = m.ids.size + 1;
      this.db.prepare('INSERT INTO _shapes (area, s, shape) VALUES (?, ?, ?)').run(a.area, s, shape);
      m.ids.set(shape, s);
    }
    return { s, v: JSON.stringify(rest) };
  }

  /** The record a row and its rest stand for. */
  decode(a: LocalArea, row: SqlRow, s: number, v: string): Rec {
    const m = this.of(a.area);
    let build = m.builds.get(s);
    if (!build) {
      const text = [...m.ids].find(([, id]) => id === s)?.[0];
      if (text === undefined) throw new Error(`the local copy has no shape ${s} of ${a.area}`);
      build = compile(a, JSON.parse(text) as Shape);
      m.builds.set(s, build);
    }
    return build(row, JSON.parse(v) as unknown[], { i: 0 }) as Rec;
  }

  /** Forgets what is held of an area (it was cleared, or a write that met a new shape was rolled back). */
  forget(area: string): void {
    this.byArea.delete(area);
  }
}
