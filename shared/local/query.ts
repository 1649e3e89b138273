import { z } from 'zod';
import { LIMITS } from '../query';
import { FILTERS_BY_KIND, LOCAL_AREA_KEYS, localColumn, type LocalColumn } from './columns';
import { OWED_TOTAL_REASONS, owedProblem } from './owed';

/**
 * What the screens may ask of the local copy (local.query, local.aggregate): filters on the columns
 * the contract derives (shared/local/columns.ts), each only with the operators its kind allows,
 * sorts on any column, one text search, a page by offset or keyset. Checked strictly: an unknown
 * column, an operator the kind does not take or a value of the wrong type is refused.
 */
export const LOCAL_QUERY_LIMITS = { filters: 24, inValues: 200, sortKeys: 4, pageMax: 500, offsetMax: 10_000_000, groupsMax: 1_000, textMax: 200, batchMax: 64 } as const;

const areaSchema = z.enum(LOCAL_AREA_KEYS);
const columnName = z.string().min(1).max(64);
const scalar = z.union([z.string().max(LOCAL_QUERY_LIMITS.textMax), z.number().finite(), z.boolean()]);

export const localFilterSchema = z.discriminatedUnion('op', [
  z.strictObject({ column: columnName, op: z.literal('equals'), value: scalar }),
  z.strictObject({ column: columnName, op: z.literal('in'), values: z.array(scalar).min(1).max(LOCAL_QUERY_LIMITS.inValues) }),
  z.strictObject({
    column: columnName, op: z.literal('range'),
    gte: scalar.optional(), gt: scalar.optional(), lte: scalar.optional(), lt: scalar.optional(),
  }).refine((r) => r.gte !== undefined || r.gt !== undefined || r.lte !== undefined || r.lt !== undefined, 'a range needs at least one bound'),
  z.strictObject({ column: columnName, op: z.literal('contains'), value: z.string().trim().min(1).max(LIMITS.searchMax) }),
  /** `empty: true` keeps rows where the field is null or blank; false, where it holds something. */
  z.strictObject({ column: columnName, op: z.literal('empty'), empty: z.boolean() }),
]);
export type LocalFilter = z.infer<typeof localFilterSchema>;

export const localSortSchema = z.strictObject({ column: columnName, direction: z.enum(['asc', 'desc']) });
export type LocalSort = z.infer<typeof localSortSchema>;

/** A keyset position: the sort values of the last row shown and its id. */
export const localKeysetSchema = z.strictObject({
  values: z.array(z.union([scalar, z.null()])).max(LOCAL_QUERY_LIMITS.sortKeys),
  id: z.string().min(1).max(64),
  /** The numbering of the area's collation ranks the position was made in: a position of an older one is refused (local_page_moved). */
  epoch: z.number().int().min(0).optional(),
});
export type LocalKeyset = z.infer<typeof localKeysetSchema>;

const pageSchema = z.union([
  z.strictObject({ offset: z.number().int().min(0).max(LOCAL_QUERY_LIMITS.offsetMax), limit: z.number().int().min(1).max(LOCAL_QUERY_LIMITS.pageMax) }),
  z.strictObject({ after: localKeysetSchema.nullable(), limit: z.number().int().min(1).max(LOCAL_QUERY_LIMITS.pageMax) }),
]);

const isoDateRe = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTimeRe = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a value does not fit a column, or null when it does. */
export function valueProblem(col: LocalColumn, v: unknown): string | null {
  switch (col.kind) {
    case 'int': case 'money': case 'quantity':
      return typeof v === 'number' ? null : 'must be a number';
    case 'bool':
      return typeof v === 'boolean' ? null : 'must be true or false';
    case 'date':
      return typeof v === 'string' && isoDateRe.test(v) ? null : 'must be a date YYYY-MM-DD';
    case 'datetime':
      return typeof v === 'string' && isoDateTimeRe.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'must be an ISO 8601 date-time with a zone';
    case 'id': case 'ref':
      return typeof v === 'string' && uuidRe.test(v) ? null : 'must be a UUID';
    case 'enum':
      return typeof v === 'string' && col.values?.includes(v) ? null : `must be one of: ${(col.values ?? []).join(', ')}`;
    case 'text': case 'currency':
      return typeof v === 'string' ? null : 'must be text';
  }
}

type Issue = { path: (string | number)[]; message: string };

/** Every problem of the filters and sorts of one area (unknown columns, operators, values). */
export function filterProblems(area: string, filters: readonly LocalFilter[], sort: readonly LocalSort[]): Issue[] {
  const issues: Issue[] = [];
  filters.forEach((f, i) => {
    const col = localColumn(area, f.column);
    if (!col) { issues.push({ path: ['filters', i, 'column'], message: `${area} has no column ${f.column}` }); return; }
    if (!FILTERS_BY_KIND[col.kind].includes(f.op)) { issues.push({ path: ['filters', i, 'op'], message: `${f.column} cannot be filtered with ${f.op}` }); return; }
    const values = f.op === 'equals' ? [f.value] : f.op === 'in' ? f.values : f.op === 'range' ? [f.gte, f.gt, f.lte, f.lt].filter((v) => v !== undefined) : [];
    values.forEach((v) => {
      const p = valueProblem(col, v);
      if (p) issues.push({ path: ['filters', i], message: `${f.column} ${p}` });
    });
  });
  sort.forEach((s, i) => {
    if (!localColumn(area, s.column)) issues.push({ path: ['sort', i, 'column'], message: `${area} has no column ${s.column}` });
  });
  return issues;
}

const withAreaChecks = <T extends { area: string; filters: LocalFilter[]; sort?: LocalSort[] }>(schema: z.ZodType<T>) =>
  schema.superRefine((v, ctx) => {
    for (const issue of filterProblems(v.area, v.filters, v.sort ?? [])) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const localQueryInputSchema = withAreaChecks(z.strictObject({
  area: areaSchema,
  filters: z.array(localFilterSchema).max(LOCAL_QUERY_LIMITS.filters).default([]),
  sort: z.array(localSortSchema).max(LOCAL_QUERY_LIMITS.sortKeys).default([]),
  search: z.string().trim().max(LIMITS.searchMax).optional(),
  /** The language whose collation orders text ("he": Hebrew first, as a Hebrew reader expects). */
  language: z.enum(['en', 'he']).default('en'),
  page: pageSchema.default({ offset: 0, limit: 100 }),
}));
export type LocalQueryInput = z.output<typeof localQueryInputSchema>;

export const localQueryOutputSchema = z.object({
  /** Records exactly as the API returned them. */
  rows: z.array(z.record(z.string(), z.unknown())),
  /** Rows matching the filters and search, over all pages. */
  total: z.number().int().min(0),
  /** Where the next keyset page starts; null after the last row. */
  next: localKeysetSchema.nullable(),
  /** Whether the area's copy is complete (filled) and when it was last brought up to date. */
  ready: z.boolean(),
  as_of: z.string().nullable(),
});
export type LocalQueryOutput = z.infer<typeof localQueryOutputSchema>;

export const localMeasureSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('count') }),
  z.strictObject({ op: z.literal('sum'), column: columnName }),
]);

export const localAggregateInputSchema = withAreaChecks(z.strictObject({
  area: areaSchema,
  filters: z.array(localFilterSchema).max(LOCAL_QUERY_LIMITS.filters).default([]),
  search: z.string().trim().max(LIMITS.searchMax).optional(),
  /** Group by this column (none: one group of everything). */
  group_by: columnName.optional(),
  /** Sums of money, quantities or integers; money is summed per currency. */
  sums: z.array(columnName).max(8).default([]),
  /**
   * The area's owed amount (LOCAL_OWED: a document's total) summed as what is still owed on each
   * record: the amount less the payments recorded against it, where the copy holds them all.
   */
  owed: z.boolean().optional(),
})).superRefine((v, ctx) => {
  const owed = v.owed ? owedProblem(v.area, v.sums) : null;
  if (owed) ctx.addIssue({ code: 'custom', path: ['owed'], message: owed });
  if (v.group_by !== undefined) {
    const g = localColumn(v.area, v.group_by);
    if (!g) ctx.addIssue({ code: 'custom', path: ['group_by'], message: `${v.area} has no column ${v.group_by}` });
  }
  v.sums.forEach((s, i) => {
    const c = localColumn(v.area, s);
    if (!c || !['money', 'quantity', 'int'].includes(c.kind)) ctx.addIssue({ code: 'custom', path: ['sums', i], message: `${s} is not an amount, quantity or number of ${v.area}` });
  });
});
export type LocalAggregateInput = z.output<typeof localAggregateInputSchema>;

export const localSumSchema = z.object({
  column: z.string(),
  /** Money: the currency these rows share (one sum per currency); null for quantities and numbers. */
  currency: z.string().nullable(),
  /** The exact sum as a decimal string (money in major units with its currency's decimals). */
  value: z.string(),
});
/**
 * What an answer asked for what is owed holds: balances (each record's amount less its payments), or
 * the amounts alone and why (the key cannot read the payments, or their copy is still filling).
 */
export const localOwedBasisSchema = z.discriminatedUnion('basis', [
  z.strictObject({ basis: z.literal('balance') }),
  z.strictObject({ basis: z.literal('total'), why: z.enum(OWED_TOTAL_REASONS) }),
]);
export type LocalOwedBasis = z.infer<typeof localOwedBasisSchema>;

export const localAggregateOutputSchema = z.object({
  groups: z.array(z.object({ key: z.union([z.string(), z.number(), z.boolean(), z.null()]), count: z.number().int().min(0), sums: z.array(localSumSchema) })),
  ready: z.boolean(),
  as_of: z.string().nullable(),
  /** With `owed` asked: what its sums are. */
  owed: localOwedBasisSchema.optional(),
});
export type LocalAggregateOutput = z.infer<typeof localAggregateOutputSchema>;

/** One read of local.readMany: a query's rows or an aggregate's groups, each checked as its own operation's input. */
export const localReadSchema = z.union([z.strictObject({ query: localQueryInputSchema }), z.strictObject({ aggregate: localAggregateInputSchema })]);
export type LocalRead = z.output<typeof localReadSchema>;

/** Several reads in one call (a screen's sections as they mount): answered in order. */
export const localReadManyInputSchema = z.strictObject({
  reads: z.array(localReadSchema).min(1).max(LOCAL_QUERY_LIMITS.batchMax),
});
export type LocalReadManyInput = z.output<typeof localReadManyInputSchema>;

export const localReadResultSchema = z.union([z.object({ query: localQueryOutputSchema }), z.object({ aggregate: localAggregateOutputSchema })]);
export type LocalReadResult = z.infer<typeof localReadResultSchema>;
export const localReadManyOutputSchema = z.object({ results: z.array(localReadResultSchema) });
export type LocalReadManyOutput = z.infer<typeof localReadManyOutputSchema>;
