import { z } from 'zod';
import { permissionSchema } from './permissions';
import { ROUTE_IDS, type RouteId } from './routes/table';
import { uuid } from './primitives';
import { leadSchema } from './schemas/leads';
import { ATTACHMENT_LIMITS } from './assumptions';
import { BASE_URL_MESSAGES, baseUrlProblem } from './base-url';
import { EXPORT_FORMATS, EXPORT_STATES, RETRY_REASONS, exportStartSchema } from './export';
import { ACTIVITY_OUTCOMES, activityWriteRouteSchema } from './activity';
import { areaKeySchema, profileViewsSchema, tableViewsSchema, themeSchema } from './views';

export { BASE_URL_MESSAGES, BASE_URL_PROBLEMS, baseUrlProblem, isLoopbackHost, type BaseUrlProblem } from './base-url';

/**
 * The bridge contract between the renderer and main: a closed list of operations,
 * each with zod schemas for input and output. Replies are results, never thrown errors.
 * Inputs are strict: a field an operation does not take is refused, not dropped.
 */

export const ERROR_KINDS = [
  'api',               // the API answered with an error (status, code, request_id)
  'network',           // no answer: connection refused, reset, DNS
  'timeout',           // no answer in time
  'cancelled',         // the caller abandoned the call
  'invalid_response',  // the answer did not match the contract
  'unknown_outcome',   // a non-idempotent write may or may not have happened; look it up first
  'invalid_request',   // caught before sending (parameter bounds, body shape)
  'invalid_input',     // bridge input failed validation in main
  'unknown_operation',
  'forbidden_sender',
  'no_profile',
  'vault',
  'internal',
] as const;
export const errorKindSchema = z.enum(ERROR_KINDS);
export type ErrorKind = z.infer<typeof errorKindSchema>;

/** A reply carries at most this many field errors (50,000 bad query keys once made a 3 MB reply). */
export const MAX_FIELD_ERRORS = 20;
/** Server-given `code` and `type` must look like this to be shown or logged; anything else is dropped. */
export const ERROR_CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
/** Server-given request ids: letters, digits and a few separators, at most 128 characters. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const bridgeErrorSchema = z.object({
  kind: errorKindSchema,
  status: z.number().int().optional(),
  code: z.string().regex(ERROR_CODE_PATTERN).optional(),
  type: z.string().regex(ERROR_CODE_PATTERN).optional(),
  message: z.string(),
  request_id: z.string().regex(REQUEST_ID_PATTERN).optional(),
  retry_after: z.number().optional(),
  field_errors: z.array(fieldErrorSchema).max(MAX_FIELD_ERRORS).optional(),
  /** The Idempotency-Key / client_request_id a failed write used, so a user's retry can reuse it. */
  idempotency_key: z.string().optional(),
});
export type BridgeError = z.infer<typeof bridgeErrorSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Bounds of the texts a reply's error carries: field errors name the keys of the input, and a hostile
 * page can send a key of megabytes; a server can send a message as long.
 */
export const ERROR_TEXT_LIMITS = { message: 1000, path: 200, fieldMessage: 300 } as const;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The error with its message and field errors within ERROR_TEXT_LIMITS (plus `slack` characters
 * each) and MAX_FIELD_ERRORS.
 */
export function boundedError(e: BridgeError, slack = 0): BridgeError {
  const out: BridgeError = { ...e, message: clip(e.message, ERROR_TEXT_LIMITS.message + slack) };
  if (e.field_errors) {
    out.field_errors = e.field_errors.slice(0, MAX_FIELD_ERRORS).map((f) => ({ path: clip(f.path, ERROR_TEXT_LIMITS.path + slack), message: clip(f.message, ERROR_TEXT_LIMITS.fieldMessage + slack) }));
  }
  return out;
}
export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError };

/** Languages of the UI; main asks its native questions in the one the user chose. */
export const UI_LANGUAGES = ['en', 'he'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const ENVIRONMENTS = ['live', 'test'] as const;
export const environmentSchema = z.enum(ENVIRONMENTS);
export const VAULT_BACKENDS = ['os', 'basic_text', 'unavailable'] as const;

/** All the renderer ever learns about a connection profile: never the key. */
export const profileMetaSchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: environmentSchema,
  base_url: z.string(),
  key_last4: z.string().length(4),
  status: z.enum(['untested', 'ok', 'error']),
  status_code: z.string().nullable(),
  business_name: z.string().nullable(),
  permissions_known: z.array(permissionSchema),
  is_demo: z.boolean(),
  session_only: z.boolean(),
});
export type ProfileMeta = z.infer<typeof profileMetaSchema>;

const profileId = z.string().min(1).max(64);
/** "clipboard": main reads the clipboard itself. "typed": the key is sent once, never echoed. */
const keySource = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('clipboard') }),
  z.strictObject({ source: z.literal('typed'), key: z.string().min(8).max(512) }),
]);
/** https only; http only for loopback (shared/base-url.ts), so a key never goes out in cleartext. */
const baseUrl = z.string().max(2048).superRefine((u, ctx) => {
  const problem = baseUrlProblem(u);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: BASE_URL_MESSAGES[problem] });
});

/**
 * Size limits of api.call: generous for every route, but bounded. Path parameters are at most two
 * (id, activityId); list queries have six parameters at most. The body limit follows the largest
 * body the contract allows: documents.create with 10 attachments of 10,000,000 base64 characters
 * each (shared/bodies/documents.ts), plus 1 MiB for the rest of the document.
 */
export const API_CALL_LIMITS = {
  paramKeys: 8,
  queryKeys: 32,
  keyLength: 64,
  queryValueLength: 2048,
  bodyJsonChars: ATTACHMENT_LIMITS.files * ATTACHMENT_LIMITS.base64Chars + 1024 * 1024,
} as const;

/** A record with a bounded number of bounded keys (the reply's field errors are capped too: MAX_FIELD_ERRORS). */
const limitedRecord = <V extends z.ZodType>(value: V, max: number, what: string) =>
  z.record(z.string().max(API_CALL_LIMITS.keyLength), value).refine((r) => Object.keys(r).length <= max, `at most ${max} ${what}`);

/** The length of the body as JSON, or null when it is not JSON data (a cycle, a BigInt, too deep). */
function jsonLength(value: unknown): number | null {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return null;
  }
}

const apiCallBody = z.unknown().superRefine((v, ctx) => {
  if (v === undefined) return;
  const length = jsonLength(v);
  if (length === null) ctx.addIssue({ code: 'custom', message: 'the body must be JSON data' });
  else if (length > API_CALL_LIMITS.bodyJsonChars) ctx.addIssue({ code: 'custom', message: `the body must be at most ${API_CALL_LIMITS.bodyJsonChars} characters as JSON` });
});

const routeIdSchema = z.enum(ROUTE_IDS as [RouteId, ...RouteId[]]);
const apiCallOutput = z.object({
  data: z.unknown(),
  page: z.object({ has_more: z.boolean(), next_cursor: z.string().nullable() }).optional(),
  request_id: z.string(),
  /** The stored result of an earlier request with the same key (a user's retry of a write that went through). */
  replayed: z.boolean().optional(),
});

/** One write made from the app, as the renderer's mutation path reports it (main adds id and time). */
export const activityRecordSchema = z.strictObject({
  route: activityWriteRouteSchema,
  area: z.string().min(1).max(64),
  record_id: z.string().max(200).nullable(),
  /** The record's name as the user knows it, when known. */
  name: z.string().max(200).nullable(),
  /** The declaration's action key (close, status, approve...) when the write is an action. */
  action: z.string().regex(/^[A-Za-z][A-Za-z_]{0,63}$/).optional(),
  outcome: z.enum(ACTIVITY_OUTCOMES),
  status: z.number().int().min(100).max(599).optional(),
  code: z.string().regex(ERROR_CODE_PATTERN).optional(),
  request_id: z.string().regex(REQUEST_ID_PATTERN).optional(),
  error_kind: errorKindSchema.optional(),
});
export const activityEntrySchema = activityRecordSchema.extend({ id: z.string().max(64), at: z.string().max(40) });
export type ActivityRecord = z.infer<typeof activityRecordSchema>;
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

const jobId = z.string().min(1).max(64);

export const OPERATIONS = {
  'app.info': {
    input: z.strictObject({}),
    output: z.object({ version: z.string(), platform: z.string(), vault_backend: z.enum(VAULT_BACKENDS), locale: z.string() }),
  },
  'profiles.list': {
    input: z.strictObject({}),
    output: z.object({ profiles: z.array(profileMetaSchema), active_id: z.string().nullable() }),
  },
  'profiles.add': {
    input: z.strictObject({ name: z.string().trim().min(1).max(80), environment: environmentSchema, base_url: baseUrl, key: keySource, session_only: z.boolean() }),
    output: profileMetaSchema,
  },
  'profiles.test': {
    input: z.strictObject({ id: profileId }),
    output: z.object({
      profile: profileMetaSchema,
      business_name: z.string(),
      readable: z.array(permissionSchema),
      denied: z.array(permissionSchema),
      /** Write permissions probed without writing (a body no contract accepts). */
      writable: z.array(permissionSchema),
      write_denied: z.array(permissionSchema),
      /** False when the business has the expense feature switched off (spec 4.2 rule 6); null when not known. */
      expenses_enabled: z.boolean().nullable(),
    }),
  },
  'profiles.rename': { input: z.strictObject({ id: profileId, name: z.string().trim().min(1).max(80) }), output: profileMetaSchema },
  'profiles.replaceKey': { input: z.strictObject({ id: profileId, key: keySource }), output: profileMetaSchema },
  'profiles.remove': { input: z.strictObject({ id: profileId }), output: z.object({ removed: z.literal(true) }) },
  'profiles.activate': { input: z.strictObject({ id: profileId }), output: profileMetaSchema },
  'demo.start': { input: z.strictObject({}), output: profileMetaSchema },
  'demo.reset': { input: z.strictObject({}), output: z.object({ reset: z.literal(true) }) },
  /**
   * The demo profile only: completes a lead intake draft the way the application does when its form
   * is saved (the sandbox's control route), so the demo shows the whole path from intake to lead.
   */
  'demo.completeLeadDraft': { input: z.strictObject({ draft_id: uuid }), output: z.object({ lead: leadSchema }) },
  'api.call': {
    input: z.strictObject({
      route: routeIdSchema,
      params: limitedRecord(z.string().max(200), API_CALL_LIMITS.paramKeys, 'path parameters').optional(),
      query: limitedRecord(z.union([z.string().max(API_CALL_LIMITS.queryValueLength), z.number()]), API_CALL_LIMITS.queryKeys, 'query parameters').optional(),
      body: apiCallBody.optional(),
      /** A user's retry passes the key of the first attempt back (rule 1 and 2). */
      idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/).optional(),
    }),
    output: apiCallOutput,
  },
  'pdf.open': { input: z.strictObject({ document_id: uuid, target: z.enum(['system', 'window']) }), output: z.object({ opened: z.literal(true) }) },
  'pdf.save': { input: z.strictObject({ document_id: uuid }), output: z.object({ saved: z.boolean(), file_name: z.string().nullable() }) },
  'links.open': { input: z.strictObject({ url: z.string().url().max(2048) }), output: z.object({ opened: z.boolean() }) },
  'ui.setLanguage': { input: z.strictObject({ language: z.enum(UI_LANGUAGES) }), output: z.object({ language: z.enum(UI_LANGUAGES) }) },
  'clipboard.copy': { input: z.strictObject({ text: z.string().min(1).max(500) }), output: z.object({ copied: z.literal(true) }) },
  /** Asks where to save (native dialog), then walks every page in main; progress comes as export.progress events. */
  'export.start': {
    input: exportStartSchema,
    output: z.discriminatedUnion('started', [
      z.object({ started: z.literal(false) }),
      z.object({ started: z.literal(true), job_id: jobId, file_name: z.string() }),
    ]),
  },
  'export.cancel': { input: z.strictObject({ job_id: jobId }), output: z.object({ cancelled: z.boolean() }) },
  'activity.record': { input: activityRecordSchema, output: z.object({ recorded: z.literal(true) }) },
  /** The active profile's writes, newest first. */
  'activity.list': { input: z.strictObject({}), output: z.object({ entries: z.array(activityEntrySchema) }) },
  /** Light, dark or the system's: one choice for the app (shared/views.ts). */
  'ui.getTheme': { input: z.strictObject({}), output: z.object({ theme: themeSchema }) },
  'ui.setTheme': { input: z.strictObject({ theme: themeSchema }), output: z.object({ theme: themeSchema }) },
  /** Every table's remembered view and named views of one profile. */
  'views.get': { input: z.strictObject({ profile_id: profileId }), output: z.object({ tables: profileViewsSchema }) },
  'views.save': { input: z.strictObject({ profile_id: profileId, area: areaKeySchema, views: tableViewsSchema }), output: z.object({ saved: z.literal(true) }) },
} as const;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export type OperationInput<O extends OperationName> = z.input<(typeof OPERATIONS)[O]['input']>;
export type OperationOutput<O extends OperationName> = z.infer<(typeof OPERATIONS)[O]['output']>;

/** Events main pushes to the renderer. */
export const EVENTS = {
  'profiles.changed': z.object({ active_id: z.string().nullable() }),
  'unsaved.check': z.object({}),
  /** A long export's progress: pages and rows so far, waiting for the rate limit, the end. */
  'export.progress': z.object({
    job_id: jobId,
    state: z.enum(EXPORT_STATES),
    format: z.enum(EXPORT_FORMATS),
    title: z.string(),
    file_name: z.string(),
    pages: z.number().int().min(0),
    rows: z.number().int().min(0),
    /** How many times the export waited because the API asked it to (429) or was unavailable. */
    waits: z.number().int().min(0),
    /** While waiting: why, and for how long. */
    wait_reason: z.enum(RETRY_REASONS).optional(),
    wait_ms: z.number().min(0).optional(),
    error: bridgeErrorSchema.optional(),
  }),
  /** A call is waiting before it tries again (rate limit, unavailable service, lost connection). */
  'api.retrying': z.object({ reason: z.enum(RETRY_REASONS), delay_ms: z.number().min(0), attempt: z.number().int().min(1) }),
} as const;
export type EventName = keyof typeof EVENTS;
export type EventPayload<E extends EventName> = z.infer<(typeof EVENTS)[E]>;

/** The shape of `window.bridge` (the preload implements it with `satisfies`). */
export interface Bridge {
  invoke<O extends OperationName>(operation: O, input: OperationInput<O>, options?: { signal?: AbortSignal }): Promise<BridgeResult<OperationOutput<O>>>;
  on<E extends EventName>(event: E, callback: (payload: EventPayload<E>) => void): () => void;
}

/** IPC channel names, shared by preload and main. */
export const IPC = { invoke: 'bridge:invoke', cancel: 'bridge:cancel', event: 'bridge:event' } as const;
