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

/**
 * What a record's field at one path can be, worked out once per path: the column it may sit in, the
 * area's constant, whether its object is walked, and the shape's text for each case. A fill meets the
 * same few paths on every record, so its shapes are written from these fragments without a tree of
 * their own (a shape's text was most of what the engine allocated during a fill).
 */
interface PathInfo {
  readonly key: string; // `["name",`: the field's key as the shape's text has it
  readonly mark: boolean;
  readonly col: LocalColumn | undefined;
  readonly colText: string;
  readonly hasConstant: boolean;
  readonly constant: LocalArea['constants'][number]['value'] | undefined;
  readonly constantText: string;
  readonly walked: boolean;
  readonly children: Map<string, PathInfo>;
  readonly path: string;
}

type Plan = { byPath: Map<string, LocalColumn>; nested: Set<string>; constants: Map<string, LocalArea['constants'][number]['value']>; root: PathInfo };
/** Fields met per object past which their paths are worked out each time rather than kept (an API that sends unbounded keys). */
const MAX_FIELDS = 512;

function pathInfo(a: LocalArea, p: Omit<Plan, 'root'>, path: string, key: string): PathInfo {
  const col = p.byPath.get(path);
  const hasConstant = p.constants.has(path);
  const constant = p.constants.get(path);
  return {
    key: `[${JSON.stringify(key)},`, mark: path === a.order, col, colText: col ? JSON.stringify({ c: col.name }) : '',
    hasConstant, constant, constantText: hasConstant ? JSON.stringify({ k: constant }) : '',
    walked: path === '' || p.nested.has(path), children: new Map(), path,
  };
}

const plans = new WeakMap<LocalArea, Plan>();
function planOf(a: LocalArea): Plan {
  let p = plans.get(a);
  if (!p) {
    const nested = new Set(a.columns.filter((c) => c.path.includes('.')).map((c) => c.path.slice(0, c.path.lastIndexOf('.'))));
    const base = { byPath: new Map(a.columns.map((c) => [c.path, c])), nested, constants: new Map(a.constants.map((c) => [c.path, c.value])) };
    p = { ...base, root: pathInfo(a, base, '', '') };
    plans.set(a, p);
  }
  return p;
}

function childOf(a: LocalArea, plan: Plan, parent: PathInfo, key: string): PathInfo {
  let info = parent.children.get(key);
  if (!info) {
    info = pathInfo(a, plan, parent.path ? `${parent.path}.${key}` : key, key);
    if (parent.children.size < MAX_FIELDS) parent.children.set(key, info);
  }
  return info;
}

/** A column's stored value as the record held it (booleans are stored as 0 / 1). */
const decode = (c: LocalColumn | 'w', v: SqlParam | undefined): unknown => (c !== 'w' && c.kind === 'bool' && v !== null && v !== undefined ? v === 1 : (v ?? null));

const MARK_TEXT = JSON.stringify({ c: 'w' });
/** Where a field's value is: the record's mark, its column, the area's constant, a nested shape, or the rest. */
const MARK = 0, COLUMN = 1, CONSTANT = 2, NESTED = 3, REST = 4;

function whereIs(a: LocalArea, info: PathInfo, v: unknown, values: readonly SqlParam[]): number {
  if (info.mark && typeof v === 'string') return MARK;
  const col = info.col;
  if (col && Object.is(decode(col, values[positionOf(a, col.name)]), v)) return COLUMN;
  if (info.hasConstant && Object.is(info.constant, v)) return CONSTANT;
  if (isRec(v) && info.walked) return NESTED;
  return REST;
}

/** The shape's text: `JSON.stringify` of its `Shape` tree, written from the paths' fragments. */
function shapeText(a: LocalArea, plan: Plan, o: Rec, info: PathInfo, values: readonly SqlParam[]): string {
  let text = '{"o":[';
  let first = true;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined) continue;
    const child = childOf(a, plan, info, k);
    const where = whereIs(a, child, v, values);
    const value = where === MARK ? MARK_TEXT : where === COLUMN ? child.colText : where === CONSTANT ? child.constantText
      : where === NESTED ? shapeText(a, plan, v as Rec, child, values) : '0';
    text += `${first ? '' : ','}${child.key}${value}]`;
    first = false;
  }
  return `${text}]}`;
}

/**
 * The shapes met, as a tree of the fields' paths and where each value was: a record that takes a
 * path through it already taken ends at its shape's text without writing it again. A field's path
 * names its parents, so the steps alone tell where a nested object ends. Bounded: past MAX_STEPS,
 * shapes are written out each time.
 */
interface Step { readonly next: Map<PathInfo, Step[]>; text?: string }
const MAX_STEPS = 4_096;
const walks = new WeakMap<Plan, { start: Step; steps: number }>();

/** Walks the record once, its rest put in `rest` whatever happens; its shape's text when the walk stayed within the tree. */
function walkedShape(a: LocalArea, plan: Plan, rec: Rec, values: readonly SqlParam[], rest: unknown[]): string | null {
  let w = walks.get(plan);
  if (!w) { w = { start: { next: new Map() }, steps: 0 }; walks.set(plan, w); }
  const tree = w;
  let step = tree.start;
  let within = tree.steps <= MAX_STEPS;
  const go = (info: PathInfo, where: number) => {
    let ways = step.next.get(info);
    if (!ways) { ways = []; step.next.set(info, ways); }
    let s = ways[where];
    if (!s) { s = { next: new Map() }; ways[where] = s; tree.steps += 1; }
    step = s;
  };
  const object = (o: Rec, info: PathInfo) => {
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (v === undefined) continue;
      const child = childOf(a, plan, info, k);
      if (child !== info.children.get(k)) within = false; // a path not kept: its steps would not be met again
      const where = whereIs(a, child, v, values);
      if (within) go(child, where);
      if (where === NESTED) object(v as Rec, child);
      else if (where === REST) rest.push(v);
    }
  };
  object(rec, plan.root);
  if (!within) return null;
  return (step.text ??= shapeText(a, plan, rec, plan.root, values));
}

/** The shape of a record and the values it keeps beside the row (`values`: its columns' values, values.ts: rowValues). */
export function shapeOf(a: LocalArea, rec: Rec, values: readonly SqlParam[]): { shape: string; rest: unknown[] } {
  const plan = planOf(a);
  const rest: unknown[] = [];
  const shape = walkedShape(a, plan, rec, values, rest) ?? shapeText(a, plan, rec, plan.root, values);
  return { shape, rest };
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
