import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { EngineLauncher } from '../../electron/core/local/engine-host';
import { BACK_ROOM_FILE, startEngine } from '../../electron/core/local/engine-launch';

/**
 * The copy's engine thread from the sources, as the app's build makes it: engine-worker.ts and its back
 * room (back-room-worker.ts) bundled once per process with esbuild into the project's cache folder (their
 * packages then resolve from the project's node_modules), removed when the process ends.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let bundled: Promise<string> | null = null;

async function bundle(): Promise<string> {
  // A folder per process: the engine and its back room side by side, as the app's build puts them.
  const dir = join(root, 'node_modules', '.cache', 'bizops-engine', String(process.pid));
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: { engine: join(root, 'electron/core/local/engine-worker.ts'), [BACK_ROOM_FILE]: join(root, 'electron/core/local/back-room-worker.ts') },
    outdir: dir, outExtension: { '.js': '.mjs' },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent',
  });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'engine.mjs');
}

/**
 * The bundle is plain JavaScript, as the app's is: the thread gets none of this process's options, whose
 * TypeScript loader (tsx) is not the app's and added about 50 ms to every engine's start (and its back
 * room's) in the benches. The tests' processes run many files and keep V8's helper threads as they are
 * (lowering them cannot be undone); the bench's process stands for main's and lowers them as the app does.
 */
export const sourceEngine: EngineLauncher = async () =>
  startEngine(await (bundled ??= bundle()), { execArgv: [], helpersBelowMain: false });
export const appEngine: EngineLauncher = async () => startEngine(await (bundled ??= bundle()), { execArgv: [] });
