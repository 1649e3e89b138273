/**
 * A private copy of the built renderer for one benchmark run. Other work rebuilds out/renderer at
 * any time (tests, another engineer's builds), which would empty or swap the folder under a running
 * page; the harness serves this copy instead, and the bundle size is read from the same files.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRendererBuilt, RENDERER_OUT } from '../../harness/launch';
import { initialScripts } from './bundle-size';

export interface RendererSnapshot {
  dir: string;
  remove(): void;
}

/** Every "./x.js" a chunk names (static or dynamic import) exists in the copy. */
function complete(dir: string): boolean {
  initialScripts(dir);
  const assets = join(dir, 'assets');
  for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    for (const m of readFileSync(join(assets, name), 'utf8').matchAll(/["']\.\/([\w.-]+\.js)["']/g)) {
      if (!existsSync(join(assets, m[1]!))) return false;
    }
  }
  return true;
}

/** Builds the renderer when stale, then copies it; a copy caught in the middle of a rebuild is taken again. */
export function snapshotRenderer(): RendererSnapshot {
  for (let attempt = 1; ; attempt++) {
    ensureRendererBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'bizops-bench-renderer-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    try {
      cpSync(RENDERER_OUT, dir, { recursive: true });
      if (complete(dir)) return { dir, remove };
    } catch (err) {
      if (attempt >= 3) {
        remove();
        throw err;
      }
    }
    remove();
    if (attempt >= 3) throw new Error('out/renderer kept changing while it was copied');
  }
}
