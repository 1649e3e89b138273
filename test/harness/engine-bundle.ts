import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import type { EngineLauncher } from '../../electron/core/local/engine-host';
import { BACK_ROOM_FILE, startEngine } from '../../electron/core/local/engine-launch';

/**
 * The copy's engine thread from the sources, as the app's build makes it: engine-worker.ts and its back
 * room (back-room-worker.ts) bundled once per process with esbuild into the project's cache folder, removed when
 * the process ends. As in the app's build, the packages of package.json's `dependencies` stay outside the bundle
 * (they resolve from the project's node_modules) and everything else is bundled.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const shipped = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
let bundled: Promise<string> | null = null;

/** Whether a process of this id is running (signal 0 checks without sending; EPERM: running, not ours). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function bundle(): Promise<string> {
  // A folder per process: the engine and its back room side by side, as the app's build puts them.
  const cache = join(root, 'node_modules', '.cache', 'bizops-engine');
  const dir = join(cache, String(process.pid));
  // Folders of processes that were killed (their exit handler never ran) go, so the cache does not grow.
  for (const name of existsSync(cache) ? readdirSync(cache) : []) {
    const pid = Number(name);
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !running(pid)) rmSync(join(cache, name), { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: { engine: join(root, 'electron/core/local/engine-worker.ts'), [BACK_ROOM_FILE]: join(root, 'electron/core/local/back-room-worker.ts') },
    outdir: dir, outExtension: { '.js': '.mjs' },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', external: shipped, logLevel: 'silent',
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
/** The back room's thread alone, from the same bundle (as the engine's thread starts it). */
export const sourceBackRoom = async (): Promise<() => Worker> => {
  const engine = await (bundled ??= bundle());
  return () => new Worker(join(dirname(engine), `${BACK_ROOM_FILE}.mjs`));
};
export const appEngine: EngineLauncher = async () => startEngine(await (bundled ??= bundle()), { execArgv: [] });
