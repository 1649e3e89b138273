import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_STATES, RETRY_REASONS } from '../export';
import { bridgeErrorSchema, type BridgeResult } from './errors';
import { outboxChangedEventSchema } from '../outbox';
import { localChangedEventSchema, localOnlineEventSchema, localProgressEventSchema } from '../local/status';
import { jobIdSchema, type OperationInput, type OperationName, type OperationOutput } from './operations';

/** Events main pushes to the renderer. */
export const EVENTS = {
  'profiles.changed': z.object({ active_id: z.string().nullable() }),
  'unsaved.check': z.object({}),
  /** A long export's progress: pages and rows so far, waiting for the rate limit, the end. */
  'export.progress': z.object({
    job_id: jobIdSchema,
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
  /** One area of the local copy changed state (filling with progress, ready, syncing, denied, failed). */
  'local.progress': localProgressEventSchema,
  /** Records of these areas changed in the local copy: lists on them read again. */
  'local.changed': localChangedEventSchema,
  /** The copy's sync found the service again, or lost it: the shell and the lists say which. */
  'local.online': localOnlineEventSchema,
  /** The outbox changed: how many changes wait, need a decision, or failed. */
  'outbox.changed': outboxChangedEventSchema,
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
