import { z } from 'zod';
import {
  LOCAL_NOTICES, ROUTE_IDS, apiCallInputSchema, bridgeErrorSchema, localAggregateInputSchema, localAreaStatusSchema, localChangedEventSchema, localQueryInputSchema,
  localReadManyInputSchema, outboxCountsSchema, outboxResolveSchema, outboxSubmitSchema, permissionSchema, uuid,
} from '../../../shared';

/**
 * The messages between main and the copy's engine (a worker thread): main asks, the engine answers
 * each request by its id, tells what changed, and asks main for the API's pages (the key and the
 * client stay with main's session, which puts the user's requests first). Every message is checked
 * on arrival with these schemas; the inputs of the screens' reads are the bridge's own.
 */
const routeId = z.enum(ROUTE_IDS);
const params = z.record(z.string(), z.string()).optional();
export const runOptionsSchema = z.strictObject({ deletions: z.boolean(), retryDenied: z.boolean(), bind: z.boolean(), keyChanged: z.boolean() });

export const engineRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('open'), path: z.string().nullable(), key: z.string().nullable(), fresh: z.boolean() }),
  z.strictObject({ op: z.literal('run'), options: runOptionsSchema }),
  z.strictObject({ op: z.literal('abort') }),
  z.strictObject({ op: z.literal('query'), input: localQueryInputSchema }),
  z.strictObject({ op: z.literal('aggregate'), input: localAggregateInputSchema }),
  z.strictObject({ op: z.literal('readMany'), input: localReadManyInputSchema }),
  z.strictObject({ op: z.literal('status') }),
  z.strictObject({ op: z.literal('wrote'), route: routeId, params, data: z.unknown() }),
  z.strictObject({ op: z.literal('missing'), route: routeId, params }),
  z.strictObject({ op: z.literal('deny'), permission: permissionSchema }),
  z.strictObject({ op: z.literal('unverify') }),
  z.strictObject({ op: z.literal('footprint') }),
  z.strictObject({ op: z.literal('close') }),
  /** The copy closes and the thread stays, its file handles closed, for the copy that follows (a forget). */
  z.strictObject({ op: z.literal('release') }),
  z.strictObject({ op: z.literal('outboxSubmit'), input: outboxSubmitSchema }),
  z.strictObject({ op: z.literal('outboxList') }),
  z.strictObject({ op: z.literal('outboxDiscard'), id: uuid }),
  z.strictObject({ op: z.literal('outboxResolve'), input: outboxResolveSchema }),
]);
export type EngineRequest = z.input<typeof engineRequestSchema>;
export type EngineOp = EngineRequest['op'];

/** What main asks the API for on the engine's behalf (at sync priority). */
export const apiAskSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('page'), route: routeId, query: z.record(z.string(), z.union([z.string(), z.number()])) }),
  z.strictObject({ kind: z.literal('get'), route: routeId, id: z.string() }),
  z.strictObject({ kind: z.literal('business') }),
  /** An outbox entry's write, with its key (the same on every attempt). */
  z.strictObject({
    kind: z.literal('write'), route: routeId, params: z.record(z.string(), z.string()).nullable(), body: apiCallInputSchema.shape.body,
    idempotency_key: z.string().nullable(), name: z.string().nullable(), area: z.string(),
  }),
  /** A read for an outbox entry (a look-up, the current version of a record). */
  z.strictObject({ kind: z.literal('read'), route: routeId, params: params, query: z.record(z.string(), z.union([z.string(), z.number()])).optional() }),
]);
export type ApiAsk = z.infer<typeof apiAskSchema>;

const reply = z.discriminatedUnion('ok', [
  z.strictObject({ type: z.literal('reply'), id: z.number().int(), ok: z.literal(true), data: z.unknown() }),
  z.strictObject({ type: z.literal('reply'), id: z.number().int(), ok: z.literal(false), error: bridgeErrorSchema }),
]);

const bytes = z.custom<ArrayBuffer>((v) => v instanceof ArrayBuffer, 'bytes');
const headerList = z.array(z.tuple([z.string(), z.string()])).max(200);

/**
 * An HTTP exchange main's client hands to the engine's thread (a page of a fill): the request as the
 * client made it, key included (the thread is main's process), and the answer's status and headers back.
 * A 2xx body stays on the engine's thread under `kept` (the page is read there); any other comes back.
 */
export const fetchAskSchema = z.strictObject({
  type: z.literal('fetch'), id: z.number().int(), url: z.string().max(8_192), method: z.enum(['GET', 'HEAD']), headers: headerList,
});
const fetched = z.discriminatedUnion('ok', [
  z.strictObject({ type: z.literal('fetched'), id: z.number().int(), ok: z.literal(true), status: z.number().int().min(200).max(599), statusText: z.string(), headers: headerList, body: bytes.nullable(), kept: z.number().int().nullable() }),
  /** No answer: the network failed (`code`, as Node's fetch names it on its cause) or the exchange was stopped. */
  z.strictObject({ type: z.literal('fetched'), id: z.number().int(), ok: z.literal(false), code: z.string().max(60).nullable() }),
]);

/** Engine to main (read by its type: a page's progress is checked against its own shape only). */
export const engineMessageSchema = z.discriminatedUnion('type', [
  reply,
  z.strictObject({ type: z.literal('progress'), payload: localAreaStatusSchema }),
  z.strictObject({ type: z.literal('changed'), payload: localChangedEventSchema }),
  z.strictObject({ type: z.literal('notice'), notice: z.enum(LOCAL_NOTICES) }),
  z.strictObject({ type: z.literal('outbox'), counts: outboxCountsSchema }),
  z.strictObject({ type: z.literal('api'), id: z.number().int(), ask: apiAskSchema }),
  fetched,
]);
export type EngineMessage = z.infer<typeof engineMessageSchema>;

/** Main to engine. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('request'), id: z.number().int(), request: engineRequestSchema }),
  z.discriminatedUnion('ok', [
    z.strictObject({ type: z.literal('api-reply'), id: z.number().int(), ok: z.literal(true), data: z.unknown() }),
    z.strictObject({ type: z.literal('api-reply'), id: z.number().int(), ok: z.literal(false), error: bridgeErrorSchema }),
  ]),
  fetchAskSchema,
  z.strictObject({ type: z.literal('fetch-abort'), id: z.number().int() }),
]);
export type HostMessage = z.input<typeof hostMessageSchema>;

