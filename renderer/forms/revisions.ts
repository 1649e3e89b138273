import { ROUTES, type RouteDef, type RouteId } from '../../shared';
import { canonical } from '../../shared';
import { getPath } from '../lib/format';
import type { FieldSpec, SubTableSpec } from '../resources/types';
import { modelOf, type FieldModel } from './model';

/**
 * Revisions (spec 4.2 rule 4) on the write side: which revision a write expects of the record it
 * acts on, the body of a write that needs no input but that, and what changed in a record between
 * the version the user saw and the one the service holds now. Pure, so they run under Node.
 */
type Rec = Record<string, unknown>;

/** The revision a read record is at, or null for records without one. */
export function revisionOfRecord(record: unknown): number | null {
  const v = getPath(record, 'revision');
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/** A form's revisions of the record it acts on, from that record ({ expected_revision: 4 }). */
export function ownRevisions(models: readonly FieldModel[], record: unknown): Rec {
  const rev = revisionOfRecord(record);
  if (rev === null) return {};
  return Object.fromEntries(models.filter((m) => m.kind === 'revision' && !m.revisionOf).map((m) => [m.key, rev]));
}

/**
 * The body of a write whose every field is the record's revision or a confirmation (approve an
 * expense, delete a category): the user's answer to the confirmation dialog is the confirmation.
 * Null when the route needs input a form must ask for; undefined when it takes no body.
 */
export function commandBody(route: RouteId, record: unknown): Rec | null | undefined {
  const def: RouteDef = ROUTES[route];
  if (!def.body) return undefined;
  const models = modelOf(def.body);
  if (models.some((m) => !(m.kind === 'confirmation' || (m.kind === 'revision' && !m.revisionOf)))) return null;
  const out: Rec = { ...ownRevisions(models, record) };
  for (const m of models) if (m.kind === 'confirmation') out[m.key] = true;
  return models.every((m) => m.key in out) ? out : null;
}

/** Fields that change with every write and say nothing the user decides on. */
const BOOKKEEPING = new Set(['id', 'revision', 'created_at', 'updated_at']);

export interface RecordChanges {
  /** Fields whose value differs, as the detail view shows them. */
  fields: FieldSpec[];
  /** Embedded tables (lines, allocations) that differ, with their row counts. */
  tables: { spec: SubTableSpec; before: number; after: number }[];
}

const same = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);

/**
 * What differs between two versions of a record, field by field in the order the detail view
 * shows them (each field once), and table by table.
 */
export function recordChanges(before: unknown, after: unknown, fields: readonly FieldSpec[], tables: readonly SubTableSpec[]): RecordChanges {
  const seen = new Set<string>();
  const changed = fields.filter((f) => {
    if (BOOKKEEPING.has(f.key) || seen.has(f.key)) return false;
    seen.add(f.key);
    return !same(getPath(before, f.key), getPath(after, f.key));
  });
  const rows = (r: unknown, path: string) => { const v = getPath(r, path); return Array.isArray(v) ? v : []; };
  const changedTables = tables.flatMap((spec) => {
    const a = rows(before, spec.rows);
    const b = rows(after, spec.rows);
    return same(a, b) ? [] : [{ spec, before: a.length, after: b.length }];
  });
  return { fields: changed, tables: changedTables };
}
