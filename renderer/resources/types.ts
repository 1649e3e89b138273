import type { z } from 'zod';
import type { CellKind, ListSpec, RouteData, RouteId, Routes } from '../../shared';

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

export { CELL_KINDS, type CellKind } from '../../shared';
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
  /** What users can write in this area; absent for read-only areas. */
  writes?: WriteDecl;
  /** How a record is named where it is picked or linked (default: its detail heading). */
  label?: (row: Record<string, unknown>) => string;
}

/** Routes that change something (every method but GET). */
export type WriteRouteId = { [K in RouteId]: Routes[K] extends { method: 'GET' } ? never : K }[RouteId];
/** Write routes that take a body. */
type BodyOf<K extends RouteId> = Routes[K] extends { body?: infer B } ? Exclude<B, undefined> : never;
export type BodyRouteId = { [K in WriteRouteId]: [BodyOf<K>] extends [never] ? never : BodyOf<K> extends z.ZodType ? K : never }[WriteRouteId];
export type BodyInput<R extends BodyRouteId> = BodyOf<R> extends z.ZodType ? z.input<BodyOf<R>> : never;
/** Top-level fields of a route's body. */
export type BodyKey<R extends BodyRouteId> = keyof Known<NonNullable<BodyInput<R>>> & string;

/** One input of a form: a top-level body field, with how lists and pickers behave. */
export interface FormFieldSpec {
  key: string;
  /** Label key under `fields.` when the body's name reads badly (a product's `description` is its name). */
  label?: string;
  /** Lists of objects: the element fields shown as columns, in order (default: all). */
  columns?: readonly string[];
  /** Label keys (under `fields.`) for element or nested fields whose own name reads badly ("value" of a phone). */
  labels?: Readonly<Record<string, string>>;
  /** A reference column that fills other columns of its row from the picked record (a line's name and price). */
  fill?: Readonly<Record<string, (row: Record<string, unknown>) => Record<string, unknown>>>;
  /** A boolean column only one row may have (the primary phone). */
  exclusive?: string;
  /** Starting values of a row the user adds (a payment dated today). */
  newRow?: () => Record<string, unknown>;
  /** Key of a hint under `hints.`. */
  hint?: string;
  /** A free-form object edited with the inputs of this route's body where its keys are known (a draft's document). */
  structured?: { route: BodyRouteId; fields: readonly string[] };
}
export interface FormSectionSpec { title: string; fields: FormFieldSpec[] }

/** A figure computed from the form as the user types (an estimate: the server's figures replace it). */
export interface FormSummaryLine { label: string; value: string }

export interface FormSpec {
  route: BodyRouteId;
  sections: FormSectionSpec[];
  /** Starting values of a new record, body-shaped. */
  initial?: () => Record<string, unknown>;
  /** Figures computed from the current values. */
  summary?: (values: Record<string, unknown>, locale: string) => FormSummaryLine[];
}

/** Something a record can have done to it: close, reopen, change a status, add an activity ... */
export interface ActionSpec {
  /** The screen's path segment and the label key under `actions.`. */
  key: string;
  route: WriteRouteId;
  /** A form for the body; without one the action asks for a confirmation and runs. */
  form?: FormSpec;
  danger?: boolean;
  /** Offered only for records this says yes to. */
  when?: (record: Record<string, unknown>) => boolean;
  /** Whether a record shows the action took effect (resolves an unknown outcome by reading it). */
  settled?: (record: Record<string, unknown>) => boolean;
}

export interface WriteDecl {
  create?: FormSpec;
  edit?: FormSpec;
  /** Soft or hard delete; a form when the route takes a body (a reason, a confirmation). */
  delete?: { route: WriteRouteId; form?: FormSpec; when?: (record: Record<string, unknown>) => boolean };
  restore?: { route: WriteRouteId };
  actions?: ActionSpec[];
  /** Other areas whose records a write here changes (a document's payments, stock, tasks). */
  affects?: readonly string[];
}
