import { z } from 'zod';
import { LIMITS } from './query';

/**
 * What the app remembers about how the user looks at their data: the colour theme (for the app)
 * and, per connection profile and table, the table's layout and filters plus named views.
 * Main keeps them in its settings store; these schemas bound what the window may ask it to keep.
 */

export const THEMES = ['light', 'dark', 'system'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

export const VIEW_LIMITS = {
  /** Columns of one table (the widest list has about 15). */
  columns: 64,
  /** Column keys are field paths ("customer.name"). */
  columnKey: 64,
  widthMin: 48,
  widthMax: 1200,
  /** Named views per table. */
  named: 20,
  nameMax: 60,
  /** Tables per profile (every list area, with room to grow). */
  tables: 64,
  areaKey: 64,
} as const;

export const VIEW_PAGE_SIZES = [25, 50, 100] as const;
/** A day, or a day and time, on a wall clock (the user's time zone): what a date filter holds. */
const wallMoment = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'a date as YYYY-MM-DD, or YYYY-MM-DDTHH:mm');
const columnKey = z.string().min(1).max(VIEW_LIMITS.columnKey);
const bounded = <V extends z.ZodType>(value: V) =>
  z.record(columnKey, value).refine((r) => Object.keys(r).length <= VIEW_LIMITS.columns, `at most ${VIEW_LIMITS.columns} columns`);

const typed = z.string().max(200);
/** A filter the user set on one column of a table on the local copy, as typed (renderer/rules/localTable.ts builds the query). */
export const columnFilterSchema = z.discriminatedUnion('op', [
  z.object({ column: columnKey, op: z.literal('range'), from: typed, to: typed }),
  z.object({ column: columnKey, op: z.literal('in'), values: z.array(typed).max(200) }),
  z.object({ column: columnKey, op: z.literal('contains'), text: typed }),
  z.object({ column: columnKey, op: z.literal('is'), value: z.boolean() }),
  z.object({ column: columnKey, op: z.literal('ref'), id: z.string().max(64), name: typed }),
  z.object({ column: columnKey, op: z.literal('empty'), empty: z.boolean() }),
]);
export type ColumnFilter = z.infer<typeof columnFilterSchema>;
/** A sort key of a table on the local copy: the copy's column name ("customer__name"). */
export const viewSortSchema = z.object({ column: columnKey, direction: z.enum(['asc', 'desc']) });

/** What a link into a list carries (renderer/nav/paths.ts LinkView): column filters and a sort, checked like a saved view's. */
export const linkViewSchema = z.object({
  filters: z.array(columnFilterSchema).max(VIEW_LIMITS.columns),
  sort: z.array(viewSortSchema).max(4),
});
export type LinkView = z.infer<typeof linkViewSchema>;

/** One table's layout and filters: what a named view holds, and what the table shows now. */
export const tableViewSchema = z.object({
  columnVisibility: bounded(z.boolean()),
  /** Column keys in the order shown; columns not listed follow in their declared order. */
  columnOrder: z.array(columnKey).max(VIEW_LIMITS.columns),
  /** Widths in CSS pixels of the columns the user resized. */
  columnSizing: bounded(z.number().int().min(VIEW_LIMITS.widthMin).max(VIEW_LIMITS.widthMax)),
  pageSize: z.literal(VIEW_PAGE_SIZES),
  filters: z.object({
    search: z.string().max(LIMITS.searchMax),
    status: z.string().min(1).max(LIMITS.statusMax).nullable(),
    createdAfter: wallMoment.nullable(),
    updatedAfter: wallMoment.nullable(),
  }),
  /** On the local copy: sort keys and a filter per column (older views have neither). */
  sort: z.array(viewSortSchema).max(4).default([]),
  columnFilters: z.array(columnFilterSchema).max(VIEW_LIMITS.columns).default([]),
});
export type TableView = z.infer<typeof tableViewSchema>;

const viewName = z.string().trim().min(1).max(VIEW_LIMITS.nameMax);

/** A table's current view, its named views (names unique) and which named view is applied, if any. */
export const tableViewsSchema = z.object({
  current: tableViewSchema,
  named: z.array(z.object({ name: viewName, view: tableViewSchema })).max(VIEW_LIMITS.named)
    .refine((list) => new Set(list.map((v) => v.name.toLocaleLowerCase())).size === list.length, 'view names must differ'),
  active: viewName.nullable(),
});
export type TableViews = z.infer<typeof tableViewsSchema>;

export const areaKeySchema = z.string().regex(/^[a-z][a-z0-9-]*$/, 'an area name').max(VIEW_LIMITS.areaKey);
/** Every table of one profile. */
export const profileViewsSchema = z.record(areaKeySchema, tableViewsSchema)
  .refine((r) => Object.keys(r).length <= VIEW_LIMITS.tables, `at most ${VIEW_LIMITS.tables} tables`);
export type ProfileViews = z.infer<typeof profileViewsSchema>;
