import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EngineLauncher } from '../../electron/core/local/engine-host';
import { BACK_ROOM_FILE, startEngine } from '../../electron/core/local/engine-launch';
import { bundleLikeTheApp } from './app-bundle';

/**
 * The copy's engine thread from the sources, as the app's build makes it: engine-worker.ts and its back
 * room (back-room-worker.ts) bundled once per process, side by side as the app's build puts them
 * (app-bundle.ts).
 */
let bundled: Promise<string> | null = null;
const bundle = async (): Promise<string> => join(await bundleLikeTheApp({
  kind: 'bizops-engine',
  entryPoints: { engine: 'electron/core/local/engine-worker.ts', [BACK_ROOM_FILE]: 'electron/core/local/back-room-worker.ts' },
}), 'engine.mjs');

/**
 * The bundle is plain JavaScript, as the app's is: the thread gets none of this process's options, whose
 * TypeScript loader (tsx) is not the app's and added about 50 ms to every engine's start (and its back
 * room's) in the benches. The tests' processes run many files and keep V8's helper threads as they are
 * (lowering them cannot be undone); the bench's process stands for main's and lowers them as the app does.
 */
export const sourceEngine: EngineLauncher = async () =>
  startEngine(await (bundled ??= bundle()), { execArgv: [], helpersBelowMain: false });
/** The back room's thread alone, from the same bundle (as the engine's thread starts it). */
export const sourceBackRoom = async (): Promise<() => Worker> => {
  const engine = await (bundled ??= bundle());
  return () => new Worker(join(dirname(engine), `${BACK_ROOM_FILE}.mjs`));
};
export const appEngine: EngineLauncher = async () => startEngine(await (bundled ??= bundle()), { execArgv: [] });
