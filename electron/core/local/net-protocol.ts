import { z } from 'zod';

/**
 * The messages of the copy's network thread (net-worker.ts): main's client hands it a fill's page
 * requests as it prepared them (key included: the thread is main's process) and gets the status and
 * headers back; a 2xx body goes to the engine's thread, which reads the page, under an id. Only zod
 * here: the thread loads none of the contract.
 */
const headerList = z.array(z.tuple([z.string(), z.string()])).max(200);
const bytes = z.custom<ArrayBuffer>((v) => v instanceof ArrayBuffer, 'bytes');

export const netAskSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fetch'), id: z.number().int(), url: z.string().max(8_192), method: z.enum(['GET', 'HEAD']), headers: headerList }),
  z.strictObject({ type: z.literal('fetch-abort'), id: z.number().int() }),
]);
export type NetAsk = z.infer<typeof netAskSchema>;

export const fetchedSchema = z.discriminatedUnion('ok', [
  z.strictObject({ type: z.literal('fetched'), id: z.number().int(), ok: z.literal(true), status: z.number().int().min(200).max(599), statusText: z.string(), headers: headerList, body: bytes.nullable(), kept: z.number().int().nullable() }),
  /** No answer: the network failed (`code`, as Node's fetch names it on its cause) or the exchange was stopped. */
  z.strictObject({ type: z.literal('fetched'), id: z.number().int(), ok: z.literal(false), code: z.string().max(60).nullable() }),
]);
export type Fetched = z.infer<typeof fetchedSchema>;

/** Network thread to engine: a 2xx body, kept until the page's reader takes it. */
export const keptBodySchema = z.strictObject({ type: z.literal('body'), id: z.number().int(), body: bytes });
export type KeptBody = z.infer<typeof keptBodySchema>;
