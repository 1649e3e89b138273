import { Worker, type ResourceLimits } from 'node:worker_threads';
import { helpersBelowMain } from './thread-priority';

/** The engine's heap: a copy that outgrows it ends the thread (main restarts it), never the app. */
export const ENGINE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 768 };
/** The engine's file beside main's bundle (electron.vite.config.ts builds it from engine-worker.ts). */
export const ENGINE_FILE = 'engine.js';
/** The engine's back room (back-room-worker.ts), beside the engine's file with the same extension. */
export const BACK_ROOM_FILE = 'engine-back-room';

/** How an engine thread starts: the app's defaults, which the tests' harness can change. */
export interface EngineStart {
  /** The thread's command-line options (its back room inherits them); by default main's. */
  execArgv?: string[];
  /** Whether V8's helper threads go below main's too (thread-priority.ts); by default they do. */
  helpersBelowMain?: boolean;
}

/**
 * Starts an engine thread from its built file (the app); development and tests bundle it from the sources
 * (test/harness/engine-bundle.ts).
 */
export function startEngine(file: string, o: EngineStart = {}): Worker {
  if (o.helpersBelowMain !== false) helpersBelowMain();
  return new Worker(file, { resourceLimits: ENGINE_LIMITS, ...(o.execArgv ? { execArgv: o.execArgv } : {}) });
}
