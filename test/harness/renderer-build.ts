import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const RENDERER_OUT = join(ROOT, 'out/renderer');
const BUILT_HTML = join(RENDERER_OUT, 'index.html');
/** What the built renderer is made from: a newer file here means out/renderer is stale. */
const SOURCES = ['renderer', 'shared', 'electron/core/csp.ts', 'electron.vite.config.ts', 'package-lock.json'];
const LOCK = join(tmpdir(), 'bizops-renderer-build.lock');
const LOCK_GIVE_UP_MS = 5 * 60_000;

/** 'if-stale' (default): build when missing or older than its sources. */
export type BuildMode = 'if-stale' | 'if-missing' | 'always' | 'never';

function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

export function rendererIsStale(): boolean {
  if (!existsSync(BUILT_HTML)) return true;
  const built = statSync(BUILT_HTML).mtimeMs;
  return SOURCES.map((s) => join(ROOT, s)).filter(existsSync).some((p) => newestMtime(p) > built);
}

const needsBuild = (mode: BuildMode) => mode === 'always' || (mode === 'if-missing' ? !existsSync(BUILT_HTML) : rendererIsStale());
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** One build at a time across the test workers (mkdir is atomic); a lock older than 5 minutes is abandoned. */
function withBuildLock(fn: () => void): void {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const age = existsSync(LOCK) ? Date.now() - statSync(LOCK).mtimeMs : 0;
      if (age > LOCK_GIVE_UP_MS) rmSync(LOCK, { recursive: true, force: true });
      else sleep(200);
    }
  }
  try {
    fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Builds the renderer exactly as the app does (electron-vite) when the mode asks for it. */
export function ensureRendererBuilt(mode: BuildMode = 'if-stale'): void {
  if (mode === 'never' || !needsBuild(mode)) return;
  withBuildLock(() => {
    // Another worker may have built it while this one waited.
    if (mode !== 'always' && !needsBuild(mode)) return;
    // stdout goes to stderr: the CLI's stdout carries only the ready line.
    const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr], env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    if (r.status !== 0 || !existsSync(BUILT_HTML)) throw new Error('building the renderer failed (npx electron-vite build)');
  });
}
