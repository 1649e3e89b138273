import { z } from 'zod';
import { permissionSchema } from './permissions';
import { ROUTE_IDS, type RouteId } from './routes/table';
import { uuid } from './primitives';

/**
 * The bridge contract between the renderer and main: a closed list of operations,
 * each with zod schemas for input and output. Replies are results, never thrown errors.
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

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const bridgeErrorSchema = z.object({
  kind: errorKindSchema,
  status: z.number().int().optional(),
  code: z.string().optional(),
  type: z.string().optional(),
  message: z.string(),
  request_id: z.string().optional(),
  retry_after: z.number().optional(),
  field_errors: z.array(fieldErrorSchema).optional(),
  /** The Idempotency-Key / client_request_id a failed write used, so a user's retry can reuse it. */
  idempotency_key: z.string().optional(),
});
export type BridgeError = z.infer<typeof bridgeErrorSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError };

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
  z.object({ source: z.literal('clipboard') }),
  z.object({ source: z.literal('typed'), key: z.string().min(8).max(512) }),
]);
const baseUrl = z.string().url().max(2048).refine((u) => /\/v1\/?$/.test(u), 'the base URL must end in /v1');

const routeIdSchema = z.enum(ROUTE_IDS as [RouteId, ...RouteId[]]);
const apiCallOutput = z.object({
  data: z.unknown(),
  page: z.object({ has_more: z.boolean(), next_cursor: z.string().nullable() }).optional(),
  request_id: z.string(),
});

export const OPERATIONS = {
  'app.info': {
    input: z.object({}),
    output: z.object({ version: z.string(), platform: z.string(), vault_backend: z.enum(VAULT_BACKENDS), locale: z.string() }),
  },
  'profiles.list': {
    input: z.object({}),
    output: z.object({ profiles: z.array(profileMetaSchema), active_id: z.string().nullable() }),
  },
  'profiles.add': {
    input: z.object({ name: z.string().trim().min(1).max(80), environment: environmentSchema, base_url: baseUrl, key: keySource, session_only: z.boolean() }),
    output: profileMetaSchema,
  },
  'profiles.test': {
    input: z.object({ id: profileId }),
    output: z.object({ profile: profileMetaSchema, business_name: z.string(), readable: z.array(permissionSchema), denied: z.array(permissionSchema) }),
  },
  'profiles.rename': { input: z.object({ id: profileId, name: z.string().trim().min(1).max(80) }), output: profileMetaSchema },
  'profiles.replaceKey': { input: z.object({ id: profileId, key: keySource }), output: profileMetaSchema },
  'profiles.remove': { input: z.object({ id: profileId }), output: z.object({ removed: z.literal(true) }) },
  'profiles.activate': { input: z.object({ id: profileId }), output: profileMetaSchema },
  'demo.start': { input: z.object({}), output: profileMetaSchema },
  'demo.reset': { input: z.object({}), output: z.object({ reset: z.literal(true) }) },
  'api.call': {
    input: z.object({
      route: routeIdSchema,
      params: z.record(z.string(), z.string().max(200)).optional(),
      query: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      body: z.unknown().optional(),
      /** A user's retry passes the key of the first attempt back (rule 1 and 2). */
      idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/).optional(),
    }),
    output: apiCallOutput,
  },
  'pdf.open': { input: z.object({ document_id: uuid, target: z.enum(['system', 'window']) }), output: z.object({ opened: z.literal(true) }) },
  'pdf.save': { input: z.object({ document_id: uuid }), output: z.object({ saved: z.boolean(), file_name: z.string().nullable() }) },
  'links.open': { input: z.object({ url: z.string().url().max(2048) }), output: z.object({ opened: z.boolean() }) },
  'clipboard.copy': { input: z.object({ text: z.string().min(1).max(500) }), output: z.object({ copied: z.literal(true) }) },
} as const;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export type OperationInput<O extends OperationName> = z.input<(typeof OPERATIONS)[O]['input']>;
export type OperationOutput<O extends OperationName> = z.infer<(typeof OPERATIONS)[O]['output']>;

/** Events main pushes to the renderer. */
export const EVENTS = {
  'profiles.changed': z.object({ active_id: z.string().nullable() }),
  'unsaved.check': z.object({}),
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
