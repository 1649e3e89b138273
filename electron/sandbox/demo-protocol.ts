import { z } from 'zod';

/**
 * Messages between main and the demo sandbox's utility process (demo-child.ts). Both sides parse
 * what they receive: main does not trust the child more than any other server, and the child
 * answers only these requests.
 */

export const toChild = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), dataFile: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('reset'), id: z.number().int().nonnegative() }),
  z.object({ type: z.literal('stop') }),
]);
export type ToChild = z.infer<typeof toChild>;

export const fromChild = z.discriminatedUnion('type', [
  /** The owner key is made for this launch only; main keeps it in memory and never stores it. */
  z.object({ type: z.literal('ready'), baseUrl: z.string().regex(/^http:\/\/127\.0\.0\.1:\d{1,5}\/v1$/), ownerKey: z.string().min(20).max(512) }),
  z.object({ type: z.literal('reset_done'), id: z.number().int().nonnegative() }),
  z.object({ type: z.literal('failed'), message: z.string().max(500) }),
]);
export type FromChild = z.infer<typeof fromChild>;

/** The entry file's name next to main's bundle (electron.vite.config.ts builds it). */
export const DEMO_CHILD_ENTRY = 'demo-sandbox.js';
