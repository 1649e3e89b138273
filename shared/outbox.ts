import { z } from 'zod';
import { bridgeErrorSchema } from './bridge/errors';
import { apiCallInputSchema } from './bridge/api-call';
import { uuid } from './primitives';
import { ROUTE_IDS, ROUTES, type RouteId } from './routes/table';

/**
 * The outbox: writes made while the service cannot be reached, kept in the local copy's engine and
 * sent in the order they were made once it can, exactly once by the spec's own means
 * (client_request_id, Idempotency-Key, a look-up before any retry of another create). An entry ends
 * sent, discarded by the user, or waiting with its reason on screen; conflicts are the user's.
 */
export const OUTBOX_STATES = [
  'waiting',   // not sent yet (no connection, service busy, or held back by an earlier entry)
  'sending',   // on its way: after a crash or a lost answer, it is looked up or sent again with its key
  'sent',      // the service has it
  'decision',  // a conflict: the user chooses (send again on the current version, change it, discard)
  'failed',    // refused by the service (validation, a feature off, a permission gone): fix or discard
] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

const record = z.record(z.string(), z.unknown());

/** Why an entry is where it is (none once sent). */
export const outboxWhySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offline') }),
  z.object({ kind: z.literal('busy') }),
  /** Held back by an earlier entry it depends on (a record it uses was made or changed there). */
  z.object({ kind: z.literal('after'), entry: uuid }),
  /** The expense (or category) changed since the user acted on it (409): their version and the current one. */
  z.object({ kind: z.literal('stale_revision'), error: bridgeErrorSchema, seen: record.nullable(), current: record.nullable() }),
  /** The record changed on the service since the user's version, in fields the user changed too. */
  z.object({ kind: z.literal('changed_since'), fields: z.array(z.object({ field: z.string(), before: z.unknown(), mine: z.unknown(), theirs: z.unknown() })), current: record }),
  /** The service refused it (its field errors say why). */
  z.object({ kind: z.literal('refused'), error: bridgeErrorSchema }),
  /** An earlier attempt may have reached the service and a look-up could not tell whether it did. */
  z.object({ kind: z.literal('unclear'), error: bridgeErrorSchema.nullable() }),
  /** It uses a record whose creation was discarded. */
  z.object({ kind: z.literal('orphaned'), entry: uuid }),
]);
export type OutboxWhy = z.infer<typeof outboxWhySchema>;

const routeIdSchema = z.enum(ROUTE_IDS as [RouteId, ...RouteId[]]);
const writeRouteSchema = routeIdSchema.refine((r) => ROUTES[r].method !== 'GET', 'must be a write route');

export const outboxEntrySchema = z.object({
  id: uuid,
  seq: z.number().int().min(1),
  route: routeIdSchema,
  params: z.record(z.string(), z.string()).nullable(),
  body: z.unknown(),
  area: z.string(),
  /** The record it writes: its id, or the temporary id of a record made offline (temp_id). */
  record_id: z.string().nullable(),
  /** A create's temporary id, replaced in later entries by the service's id once sent. */
  temp_id: z.string().nullable(),
  /** The service's id of what it created, once sent. */
  result_id: z.string().nullable(),
  /** How the user knows the record (shown in the outbox and the activity log). */
  name: z.string().nullable(),
  state: z.enum(OUTBOX_STATES),
  why: outboxWhySchema.nullable(),
  attempts: z.number().int().min(0),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/**
 * How the copy marks a row a waiting change made or changed (`_local` on the row, in the list's row
 * shape): the entry, its state, and what it does to the record. The service's answer replaces the row.
 */
export const LOCAL_MARK = '_local';
export const localMarkSchema = z.object({
  entry: uuid,
  state: z.enum(['waiting', 'decision', 'failed']),
  kind: z.enum(['create', 'update', 'delete', 'action']),
  /** The row's area: which of its values only the service gives (a new record's number, totals). */
  area: z.string().optional(),
});
export type LocalMark = z.infer<typeof localMarkSchema>;

/** What a form sends to the outbox: the write as api.call would make it, and the version of the record the user saw. */
export const outboxSubmitSchema = z.strictObject({
  route: writeRouteSchema,
  params: apiCallInputSchema.shape.params,
  body: apiCallInputSchema.shape.body,
  idempotency_key: apiCallInputSchema.shape.idempotency_key,
  name: z.string().trim().max(200).optional(),
  /**
   * The version of the record the user acted on: its `updated_at` (records without revisions: a change
   * on the service since is compared field by field) and the values of the fields the user changed as
   * they were then (an edit sends only those).
   */
  seen: z.strictObject({ updated_at: z.string().max(40).nullable(), fields: z.record(z.string().max(64), z.unknown()) }).optional(),
  /**
   * When an earlier attempt of this write left the app and its answer was lost (a create without a
   * request key): it may have reached the service, so the engine looks for it (created since then)
   * before it sends it again.
   */
  first_attempt_at: z.iso.datetime({ offset: true }).optional(),
});
export type OutboxSubmit = z.input<typeof outboxSubmitSchema>;

/** The user's answer to an entry that needs a decision (or one that failed). */
export const outboxResolveSchema = z.strictObject({
  id: uuid,
  /** `again`: send it on the current version; `change`: send these values instead (the form's). */
  choice: z.enum(['again', 'change']),
  body: apiCallInputSchema.shape.body,
});

export const outboxCountsSchema = z.object({ waiting: z.number().int().min(0), decisions: z.number().int().min(0), failed: z.number().int().min(0) });
export type OutboxCounts = z.infer<typeof outboxCountsSchema>;

/** Bridge operations of the outbox (all on the active profile). */
export const OUTBOX_OPERATIONS = {
  /** `shown`: the record as the copy now shows it (a new one under its temporary id), so its screen opens without a read. */
  'outbox.submit': { input: outboxSubmitSchema, output: z.object({ entry: outboxEntrySchema, shown: record.nullable() }) },
  'outbox.list': { input: z.strictObject({}), output: z.object({ entries: z.array(outboxEntrySchema), counts: outboxCountsSchema }) },
  /** Tries the entries now (a connection came back, the user pressed Retry). */
  'outbox.retry': { input: z.strictObject({ id: uuid.optional() }), output: z.object({ started: z.boolean() }) },
  /** Removes an entry and restores the copy as it was; entries that use what it created go with it. */
  'outbox.discard': { input: z.strictObject({ id: uuid }), output: z.object({ discarded: z.array(uuid) }) },
  'outbox.resolve': { input: outboxResolveSchema, output: z.object({ entry: outboxEntrySchema }) },
} as const;

/** Event: the outbox changed (the header's badge, the outbox screen). */
export const outboxChangedEventSchema = outboxCountsSchema;
