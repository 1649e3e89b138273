import { z } from 'zod';
import { fieldSemantics, unwrapField, type RefArea } from '../semantics';
import { ROUTES, type RouteId } from '../routes/table';
import type { ListSpec } from '../routes/define';
import { RESOURCE_AREAS } from '../resources';
import type { Permission } from '../permissions';

/**
 * The local copy's columns, derived from each list route's read schema and its field semantics:
 * every scalar field of a record (and of its nested objects, not of its lists) becomes a typed
 * column, indexed where screens sort and filter by it, its text ordered as words or as a code by its
 * meaning. Nothing here is written per area.
 */
export const LOCAL_KINDS = ['id', 'text', 'enum', 'int', 'money', 'quantity', 'date', 'datetime', 'bool', 'ref', 'currency'] as const;
export type LocalKind = (typeof LOCAL_KINDS)[number];

export interface LocalColumn {
  /** The SQL column: the field path with "__" for dots ("customer__name"). */
  name: string;
  /** The field's path in the record ("customer.name"). */
  path: string;
  kind: LocalKind;
  nullable: boolean;
  /** Enum values (read side). */
  values?: readonly string[];
  /** Money: the column of its currency; `minor` when the record holds minor units. */
  currency?: string;
  minor?: boolean;
  /** Money and quantities: the copy holds the value times 10^scale, an exact integer (LOCAL_SCALE). */
  scale?: number;
  /** References: the areas the id may name. */
  to?: readonly RefArea[];
  /**
   * Text ordered as a reader of the user's language expects (names, cities, titles, descriptions);
   * false for codes and addresses (numbers, postal codes, SKUs, emails, phones), ordered by their characters.
   */
  collated: boolean;
  /** Sorted and filtered through an index of its own (kinds of a few values, and the area's order field, are not). */
  indexed: boolean;
}

/**
 * Amounts are held in the copy as exact integers, so that sums are exact: money in 1/10,000 of its
 * major unit (each currency's minor unit divides it: ILS cents x100, JPY x10,000, KWD fils x10),
 * quantities in thousandths. One scale for every currency keeps a filter or sort in major units (what
 * the screens send) one comparison over the column's index, whatever the rows' currencies.
 */
export const LOCAL_SCALE = { money: 4, quantity: 3 } as const;
/** Meanings of text that is a code or an address, not words (shared/semantics.ts). */
const CODE_KINDS = new Set(['code', 'email', 'phone', 'countryCode', 'color']);
/** Kinds whose values are few, each in many rows: an index of them would be large and rarely chosen. */
const FEW_VALUE_KINDS = new Set<LocalKind>(['enum', 'bool', 'currency']);

/** How a column may be filtered, by kind: the query contract reads this table. */
export const FILTERS_BY_KIND: Record<LocalKind, readonly ('equals' | 'in' | 'range' | 'contains' | 'empty')[]> = {
  id: ['equals', 'in'],
  text: ['equals', 'in', 'contains', 'empty'],
  enum: ['equals', 'in', 'empty'],
  int: ['equals', 'in', 'range', 'empty'],
  money: ['range', 'empty'],
  quantity: ['range', 'empty'],
  date: ['equals', 'range', 'empty'],
  datetime: ['range', 'empty'],
  bool: ['equals', 'empty'],
  ref: ['equals', 'in', 'empty'],
  currency: ['equals', 'in', 'empty'],
};

export interface LocalArea {
  area: string;
  list: RouteId;
  get: RouteId | undefined;
  permission: Permission;
  /** `updated`: kept fresh by `updated_after`; `created`: by `created_after` (no update time). */
  freshness: 'updated' | 'created';
  /** The list's order field, also the copy's watermark. */
  order: 'updated_at' | 'created_at';
  columns: readonly LocalColumn[];
  /** Columns the one search box looks through. */
  search: readonly string[];
  /** Fields every record holds with the same value (`object: "customer"`): the copy keeps them once, not per record. */
  constants: readonly { path: string; value: string | number | boolean | null }[];
}

const MAX_DEPTH = 1;

function columnsOf(schema: z.ZodType, prefix: string, depth: number, parentNullable: boolean, order: string): LocalColumn[] {
  const { inner } = unwrapField(schema);
  if (!(inner instanceof z.ZodObject)) return [];
  const out: LocalColumn[] = [];
  for (const [key, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const { inner: f, nullable, optional } = unwrapField(field);
    const meta = fieldSemantics.get(f);
    const col = (kind: LocalKind, extra: Partial<LocalColumn> = {}): LocalColumn => ({
      name: path.replaceAll('.', '__'), path, kind, nullable: nullable || optional || parentNullable,
      collated: kind === 'text' && !CODE_KINDS.has(meta?.kind ?? ''), indexed: kind !== 'id' && !FEW_VALUE_KINDS.has(kind) && path !== order, ...extra,
    });
    const sibling = (p: string) => (prefix ? `${prefix}.${p}` : p).replaceAll('.', '__');
    if (meta?.kind === 'ref') out.push(col('ref', { to: meta.to }));
    else if (meta?.kind === 'money') out.push(col('money', { currency: sibling(meta.currency), minor: f instanceof z.ZodNumber, scale: LOCAL_SCALE.money }));
    else if (meta?.kind === 'quantity') out.push(col('quantity', { scale: LOCAL_SCALE.quantity }));
    else if (meta?.kind === 'date' || meta?.kind === 'datetime' || meta?.kind === 'currency') out.push(col(meta.kind));
    else if (f instanceof z.ZodEnum) out.push(col('enum', { values: f.options.map(String) }));
    else if (f instanceof z.ZodString) out.push(col(key === 'id' && depth === 0 ? 'id' : key === 'id' ? 'ref' : 'text'));
    else if (f instanceof z.ZodNumber) out.push(col('int'));
    else if (f instanceof z.ZodBoolean) out.push(col('bool'));
    else if (f instanceof z.ZodObject && depth < MAX_DEPTH) out.push(...columnsOf(f, path, depth + 1, nullable || optional, order));
    // Lists, free-form objects, literals and nulls are kept in the record only.
  }
  return out;
}

/**
 * What the one search box looks through: every text column, and the numbers that name a record
 * (a document's number: "10076" finds it as its text would).
 */
const searched = (c: LocalColumn): boolean => c.kind === 'text' || (c.kind === 'int' && /(^|_)number$/.test(c.name));

/** Fields of a record schema (not nested) that admit one value only: literals and nulls. */
function constantsOf(schema: z.ZodType): LocalArea['constants'] {
  const { inner } = unwrapField(schema);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([path, field]) => {
    if (field instanceof z.ZodNull) return [{ path, value: null }];
    if (field instanceof z.ZodLiteral && field.values.size === 1) {
      const value = [...field.values][0];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return [{ path, value }];
    }
    return [];
  });
}

/** The list routes whose records the copy keeps, one per area (the business itself is one record, not a list). */
function buildLocalAreas(): Record<string, LocalArea> {
  const out: Record<string, LocalArea> = {};
  for (const a of Object.values(RESOURCE_AREAS)) {
    if (!a.list) continue;
    const route = ROUTES[a.list] as { list?: ListSpec; response: { data: z.ZodType }; permissions: readonly Permission[] };
    if (!route.list) continue;
    const columns = columnsOf(route.response.data, '', 0, false, route.list.sort.field);
    out[a.key] = {
      area: a.key, list: a.list, get: a.get, permission: route.permissions[0]!,
      freshness: route.list.params.includes('updated_after') ? 'updated' : 'created',
      order: route.list.sort.field,
      columns,
      search: columns.filter(searched).map((c) => c.name),
      constants: constantsOf(route.response.data),
    };
  }
  return out;
}

export const LOCAL_AREAS: Readonly<Record<string, LocalArea>> = buildLocalAreas();
export const LOCAL_AREA_KEYS = Object.keys(LOCAL_AREAS) as [string, ...string[]];

/** One column of an area by its name, or undefined. */
export const localColumn = (area: string, name: string): LocalColumn | undefined =>
  LOCAL_AREAS[area]?.columns.find((c) => c.name === name);
