import type { ListSpec, RouteData, RouteId, Routes } from '../../shared';

/** Ids of collection routes (they carry a `list` spec). */
export type ListRouteId = { [K in RouteId]: Routes[K] extends { list: ListSpec } ? K : never }[RouteId];
/** Ids of single-record GET routes usable for a detail view. */
export type ReadRouteId = { [K in RouteId]: Routes[K] extends { method: 'GET'; response: { envelope: 'single' } } ? K : never }[RouteId];

export type ListItem<L extends ListRouteId> = RouteData<Routes[L]>[number];
export type ReadData<R extends ReadRouteId> = RouteData<Routes[R]>;

/** Drops the index signature zod's looseObject adds, so paths stay checkable. */
type Known<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
type Obj<V> = NonNullable<V> extends readonly unknown[] ? never : NonNullable<V> extends object ? NonNullable<V> : never;
/** Field paths one or two levels deep ("name", "customer.name"). */
export type Path<T> = {
  [K in keyof Known<T> & string]: K | (Obj<Known<T>[K]> extends never ? never : `${K}.${keyof Known<Obj<Known<T>[K]>> & string}`);
}[keyof Known<T> & string];
/** Fields holding arrays, with their element type. */
export type ArrayKey<T> = { [K in keyof Known<T> & string]: NonNullable<Known<T>[K]> extends readonly unknown[] ? K : never }[keyof Known<T> & string];
export type Elem<T, K extends ArrayKey<T>> = NonNullable<Known<T>[K]> extends readonly (infer E)[] ? E : never;

export const CELL_KINDS = [
  'text', 'status', 'enum', 'money', 'decimalMoney', 'number', 'percent', 'quantity', 'date', 'timestamp', 'boolean', 'id', 'idList', 'tags', 'namedList', 'color', 'json', 'bytes',
] as const;
export type CellKind = (typeof CELL_KINDS)[number];
/** Kinds shown as numbers: aligned to the end of the column in either direction. */
export const isNumericKind = (k: CellKind) => k === 'money' || k === 'decimalMoney' || k === 'number' || k === 'percent' || k === 'quantity' || k === 'bytes';

/** Group keys of the navigation. */
export const GROUP_KEYS = ['sales', 'catalog', 'documents', 'expenses', 'settings'] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

/** A column or field after type checking; paths are plain strings from here on. */
export interface FieldSpec {
  key: string;
  kind: CellKind;
  /** i18n key under `fields.`; defaults to the last segment of `key`. */
  label?: string;
  /** Path of the currency for money kinds. */
  currency?: string;
  /** Makes the value a link to a record of another area. */
  link?: { area: string; id: string };
  /** Hidden by default in the list (still in the column menu). */
  hidden?: boolean;
}

export interface SectionSpec { title: string; fields: FieldSpec[] }
export interface SubTableSpec { title: string; rows: string; columns: FieldSpec[]; rowLink?: { area: string; id: string } }

export interface DetailSpec {
  /** Single-record route, or none when the area only has a list (detail comes from the list row). */
  route?: ReadRouteId;
  /** Path shown as the heading. */
  title: string;
  sections: SectionSpec[];
  tables: SubTableSpec[];
  /** Shows Open PDF / Save PDF (documents). */
  pdf?: boolean;
}

export interface ResourceDecl {
  area: string;
  list?: { route: ListRouteId; columns: FieldSpec[]; /** path of the id the detail route takes */ rowId: string };
  detail: DetailSpec;
}
