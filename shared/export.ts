import { z } from 'zod';
import { CELL_KINDS } from './display';
import { routeQuerySchema } from './routes/derived';
import { ROUTES, ROUTE_IDS, type RouteId } from './routes/table';

/**
 * Exports of a table: the renderer names the list route, its filters and the columns it shows
 * (labels and value words in the user's language); main walks every page and writes the file.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LIMITS = {
  columns: 64,
  labelChars: 200,
  titleChars: 120,
  /** Status and enum words sent for translation. */
  textEntries: 500,
  textChars: 200,
  /** One file holds at most this many rows (an XLSX sheet holds 1,048,576 with its header). */
  maxRows: 1_000_000,
  /**
   * An XLSX file's cells at most, in bytes (text as UTF-8, 8 per number or date): the workbook is
   * built in memory in one go, so this bounds it (CSV streams to disk and has no such limit).
   */
  xlsxCellBytes: 32 * 1024 * 1024,
  /** Page size of the walk: the API's largest (spec 8), so the fewest requests. */
  pageSize: 100,
} as const;

/** Why a call waits before trying again (the client's retry loop tells its caller). */
export const RETRY_REASONS = ['rate_limited', 'unavailable', 'server_error', 'network', 'timeout'] as const;
export type RetryReason = (typeof RETRY_REASONS)[number];

export const LIST_ROUTE_IDS = ROUTE_IDS.filter((id) => ROUTES[id].kind === 'list' && (ROUTES[id] as { list?: unknown }).list !== undefined);
const listRouteId = z.enum(LIST_ROUTE_IDS as [RouteId, ...RouteId[]]);

/** A record path one or two levels deep, as the declarations write them ("customer.name"). */
const fieldPath = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z_][A-Za-z0-9_]{0,63})?$/, 'must be a field path like name or customer.name');
const word = z.string().max(EXPORT_LIMITS.textChars);
const words = z.record(z.string().max(64), word).refine((r) => Object.keys(r).length <= EXPORT_LIMITS.textEntries, `at most ${EXPORT_LIMITS.textEntries} entries`);

export const exportColumnSchema = z.strictObject({
  key: fieldPath,
  kind: z.enum(CELL_KINDS),
  label: z.string().trim().min(1).max(EXPORT_LIMITS.labelChars),
  currency: fieldPath.optional(),
});
export type ExportColumn = z.infer<typeof exportColumnSchema>;

/** The table's filters: what a page query holds apart from paging (the export pages by itself). */
const exportQuery = z.strictObject({
  search: z.string().optional(),
  status: z.string().optional(),
  created_after: z.string().optional(),
  updated_after: z.string().optional(),
});

export const exportStartSchema = z.strictObject({
  route: listRouteId,
  query: exportQuery,
  format: z.enum(EXPORT_FORMATS),
  /** The table's name in the user's language: the file's suggested name and the sheet's. */
  title: z.string().trim().min(1).max(EXPORT_LIMITS.titleChars),
  /** Intl locale of the table's numbers and dates. */
  locale: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, 'must be a locale like en-US or he-IL'),
  /** Right-to-left sheet (Hebrew). */
  rtl: z.boolean(),
  columns: z.array(exportColumnSchema).min(1).max(EXPORT_LIMITS.columns),
  texts: z.strictObject({ status: words, enums: words, yes: word, no: word }),
}).superRefine((v, ctx) => {
  // One column per field: a column listed twice only multiplies what a file holds.
  const seen = new Set<string>();
  v.columns.forEach((c, i) => {
    if (seen.has(c.key)) ctx.addIssue({ code: 'custom', path: ['columns', i, 'key'], message: 'each field may be exported once' });
    seen.add(c.key);
  });
  // Exactly the filters the route accepts (same schema as the client's pre-send check).
  const parsed = routeQuerySchema(v.route)?.safeParse(v.query);
  if (parsed && !parsed.success) for (const i of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['query', ...i.path.map(String)], message: i.message });
});
export type ExportStart = z.infer<typeof exportStartSchema>;

export const EXPORT_STATES = ['running', 'waiting', 'writing', 'done', 'failed', 'cancelled'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const isFinished = (s: ExportState) => s === 'done' || s === 'failed' || s === 'cancelled';
