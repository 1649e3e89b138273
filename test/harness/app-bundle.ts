import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT } from './renderer-build';

const shipped = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);

/** Whether a process of this id is running (signal 0 checks without sending; EPERM: running, not ours). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface AppBundle {
  /** Output name -> source file (relative to the project), as esbuild's entryPoints. */
  entryPoints: Record<string, string>;
  /** The cache's subfolder for this kind of bundle. */
  kind: string;
  /** Packages left outside beside the app's `dependencies` (a native binary the bundled code calls, like esbuild). */
  alsoExternal?: string[];
  /**
   * Where every bundled module believes it lives: code that finds the project from its own address
   * (`import.meta.url`) finds it from this source file's, so the bundle runs from the cache folder.
   */
  as?: string;
}

/**
 * Bundles as the app's build bundles main and its threads (electron.vite.config.ts): plain JavaScript, the packages
 * of package.json's `dependencies` outside (they resolve from node_modules), everything else inside. Written to a
 * folder per process in the project's cache, removed when the process ends (and folders of processes that were
 * killed are removed by the next one). Returns the folder; each entry is `<name>.mjs` in it.
 */
export async function bundleLikeTheApp(o: AppBundle): Promise<string> {
  const cache = join(ROOT, 'node_modules', '.cache', o.kind);
  const dir = join(cache, String(process.pid));
  for (const name of existsSync(cache) ? readdirSync(cache) : []) {
    const pid = Number(name);
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !running(pid)) rmSync(join(cache, name), { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(o.entryPoints).map(([name, file]) => [name, join(ROOT, file)])),
    outdir: dir, outExtension: { '.js': '.mjs' },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', external: [...shipped, ...(o.alsoExternal ?? [])], logLevel: 'silent',
    ...(o.as ? { define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(ROOT, o.as)).href) } } : {}),
  });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
