import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { EngineLauncher } from '../../electron/core/local/engine-host';
import { startEngine } from '../../electron/core/local/engine-launch';

/**
 * The copy's engine thread from the sources, as the app's build makes it: engine-worker.ts bundled
 * once per process with esbuild into the project's cache folder (its packages then resolve from the
 * project's node_modules), removed when the process ends.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let bundled: Promise<string> | null = null;

async function bundle(): Promise<string> {
  const out = join(root, 'node_modules', '.cache', 'bizops-engine', `engine-${process.pid}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  await build({
    entryPoints: [join(root, 'electron/core/local/engine-worker.ts')], outfile: out,
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent',
  });
  process.once('exit', () => rmSync(out, { force: true }));
  return out;
}

export const sourceEngine: EngineLauncher = async () => startEngine(await (bundled ??= bundle()));
