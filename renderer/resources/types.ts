import type { z } from 'zod';
import type { CellKind, ColumnFilter, LocalSort, RouteData, RouteId, Routes } from '../../shared';

import type { ListRouteId, ReadRouteId, WriteRouteId } from '../../shared';

export type { ListRouteId, ReadRouteId, WriteRouteId };

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

export { CELL_KINDS, type CellKind } from '../../shared/display';
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
export interface SubTableSpec {
  title: string;
  rows: string;
  columns: FieldSpec[];
  rowLink?: { area: string; id: string };
  /** Rows shown in the order of this field (a lead's activities by when they happened). */
  sort?: { key: string; desc?: boolean };
}

export interface DetailSpec {
  /** Single-record route, or none when the area only has a list (detail comes from the list row). */
  route?: ReadRouteId;
  /** Path shown as the heading. */
  title: string;
  sections: SectionSpec[];
  tables: SubTableSpec[];
  /** Shows Open PDF / Save PDF (documents). */
  pdf?: boolean;
  /** A state the record is in that changes what it means, said above its fields (a voided expense, with why). */
  banners?: BannerSpec[];
  /** Other areas' records that name this one (a customer's documents), from the local copy. */
  related?: RelatedSpec[];
  /**
   * The page paints at once from the local copy's row when the copy holds the area, instead of after
   * the detail route's answer (a network's round trip); the fields only that route gives show as
   * loading until it answers, and its record then replaces the row.
   */
  firstFromCopy?: boolean;
}

/** What a related section's filters are counted against: the day it is on the user's clock. */
export interface RelatedContext { today: string }

interface RelatedBase {
  /** Title key under `related.`, and the section's test id. */
  key: string;
  area: string;
  /** The list column of `area` that holds this record's id ("customer.id"). */
  by: string;
}

/** Figures of the records that name this one (a customer's open balance), each a link to them. */
export interface RelatedTotals {
  kind: 'totals';
  key: string;
  /** Key under `related.notes.` saying what the figures count. */
  note?: string;
  figures: (RelatedBase & { filters: (c: RelatedContext) => ColumnFilter[]; sum?: string; sort?: LocalSort[] })[];
}

/** A figure per value of one column (a supplier's expenses by review status). */
export interface RelatedGrouped extends RelatedBase { kind: 'grouped'; column: string; values: readonly string[]; sum?: string }

/** The records themselves: the first few in order (`parts` first to last: open documents before the rest), and a link to them all. */
export interface RelatedRecords extends RelatedBase {
  kind: 'records';
  columns: FieldSpec[];
  sort: LocalSort[];
  parts?: readonly (readonly ColumnFilter[])[];
  /** Found through another area's records that name this one (a supplier's payments through its expenses' allocations). */
  through?: { area: string; by: string; ids: (row: Record<string, unknown>) => string[] };
  limit?: number;
}

export type RelatedSpec = RelatedTotals | RelatedGrouped | RelatedRecords;

export interface BannerSpec {
  /** Key under `banners.`, and the banner's test id. */
  key: string;
  when: (record: Record<string, unknown>) => boolean;
  /** Path of a value shown with it (the void reason). */
  detail?: string;
  color: 'red' | 'orange' | 'gray' | 'blue';
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
  /** Shown only while the form's values say yes (a loss reason for a lost lead); hidden values are still sent. */
  shownWhen?: (values: Record<string, unknown>) => boolean;
  /** A top-level reference that fills other top-level fields from the picked record (a supplier's name). */
  fills?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Which records a picker offers, by this field's key or a list column's key (approved expenses only). */
  pick?: Readonly<Record<string, PickFilter>>;
}

/** A narrower choice of records in a picker: the list route's own filters, then a test of each row. */
export interface PickFilter {
  /** Query parameters the target's list route accepts (status). */
  query?: Readonly<Record<string, string>>;
  accept?: (row: Record<string, unknown>) => boolean;
}
export interface FormSectionSpec { title: string; fields: FormFieldSpec[] }

/** A figure computed from the form as the user types (an estimate: the server's figures replace it). */
export interface FormSummaryLine { label: string; value: string }

export interface FormSpec {
  route: BodyRouteId;
  sections: FormSectionSpec[];
  /** Starting values of a new record, body-shaped. */
  initial?: () => Record<string, unknown>;
  /**
   * A create form started from a record of another area (a document from a draft): per source area,
   * the starting values taken from that record, over `initial`. The source area's `starts` offers it.
   */
  prefill?: Readonly<Record<string, (source: Record<string, unknown>) => Record<string, unknown>>>;
  /** Figures computed from the current values. */
  summary?: (values: Record<string, unknown>, locale: string) => FormSummaryLine[];
  /** Sends only what changed, and null for a cleared value, like an edit form (an action that edits a row). */
  changesOnly?: boolean;
  /** Key under `hints.` of what the figures are (default: an estimate at the standard VAT rate). */
  summaryNote?: string;
  /** Starting values of an action form from the record it acts on (what a payment still allocates), beyond its revision. */
  fromRecord?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Offered only for records this says yes to (an expense is edited only before approval). */
  when?: (record: Record<string, unknown>) => boolean;
  /**
   * What the answer holds, shown after saving instead of leaving the form: the path of the id of the
   * area's record written (a payment's `payment_id`) and tables of the records it changed (updated balances).
   */
  result?: { id?: string; tables: SubTableSpec[] };
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
  /**
   * An action on one row of a list of the record (edit a lead's activity): offered on each row of the
   * sub-table over `rows`, whose id fills the route's `param`; the form starts from the row.
   */
  row?: { rows: string; param: string };
  /** The action adds a row to this list of the record (an activity): an unknown outcome is resolved by finding it there. */
  adds?: string;
  /** What stops the action on this record, shown in words (keys under `issues.`, the server's text as a fallback); the button is disabled while any remain. */
  blockers?: (record: Record<string, unknown>) => { code: string; message?: string }[];
}

export interface StartSpec {
  /** The area of the record started. */
  area: string;
  /** Key under `starts.` of the button. */
  label: string;
  /** Offered only for records this says yes to (a payment for an expense that still owes). */
  when?: (record: Record<string, unknown>) => boolean;
  /** Where the user lands after saving: back on the record they started from (default), or on the new one (a draft is used up). */
  after?: 'source' | 'created';
}

export interface WriteDecl {
  create?: FormSpec;
  edit?: FormSpec;
  /**
   * Soft or hard delete; a form when the route takes a body (a reason, a confirmation). Offered only
   * where `when` says yes (where the service would refuse it); `whyNot` (a key under `notOffered.`)
   * tells the user why it is not offered elsewhere.
   */
  delete?: { route: WriteRouteId; form?: FormSpec; when?: (record: Record<string, unknown>) => boolean; whyNot?: string };
  restore?: { route: WriteRouteId };
  actions?: ActionSpec[];
  /**
   * New records of other areas a record starts, filled from it (a customer's new document, a draft's
   * document): each is a button to that area's create form (whose `prefill` names this area).
   */
  starts?: readonly StartSpec[];
  /** Other areas whose records a write here changes (a document's payments, stock, tasks). */
  affects?: readonly string[];
}
